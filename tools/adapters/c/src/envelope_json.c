#include "envelope_json.h"

#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "utf8.h"

typedef struct {
    const uint8_t *text;
    size_t length;
    size_t position;
} cursor;

static bool at_end(const cursor *c)
{
    return c->position >= c->length;
}

static uint8_t peek(const cursor *c)
{
    return at_end(c) ? 0 : c->text[c->position];
}

static void skip_whitespace(cursor *c)
{
    while (!at_end(c)) {
        uint8_t b = c->text[c->position];
        if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
            return;
        }
        c->position++;
    }
}

static bool consume(cursor *c, uint8_t expected)
{
    if (at_end(c) || c->text[c->position] != expected) {
        return false;
    }
    c->position++;
    return true;
}

static bool read_code_unit(cursor *c, uint32_t *unit)
{
    if (c->length - c->position < 4) {
        return false;
    }
    uint32_t value = 0;
    for (size_t i = 0; i < 4; i++) {
        int digit = hex_digit_value(c->text[c->position + i]);
        if (digit < 0) {
            return false;
        }
        value = (value << 4) | (uint32_t)digit;
    }
    c->position += 4;
    *unit = value;
    return true;
}

/* The escape after a backslash; a \u escape must name a Unicode scalar
 * value (a high surrogate only with an escaped low one after it), since a
 * lone surrogate has no UTF-8 form. Decoded bytes go to out (4 bytes of room)
 * when out is not NULL. */
static bool read_escape(cursor *c, uint8_t *out, size_t *written)
{
    static const char SIMPLE_FROM[] = "\"\\/bfnrt";
    static const uint8_t SIMPLE_TO[] = {'"', '\\', '/', 0x08, 0x0c, 0x0a, 0x0d, 0x09};
    if (at_end(c)) {
        return false;
    }
    uint8_t b = c->text[c->position++];
    if (b == 'u') {
        uint32_t unit;
        if (!read_code_unit(c, &unit) || (unit >= 0xdc00 && unit <= 0xdfff)) {
            return false;
        }
        if (unit >= 0xd800 && unit <= 0xdbff) {
            uint32_t low;
            if (!consume(c, '\\') || !consume(c, 'u') || !read_code_unit(c, &low) ||
                low < 0xdc00 || low > 0xdfff) {
                return false;
            }
            unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        }
        uint8_t scratch[4];
        *written = utf8_encode(unit, out == NULL ? scratch : out);
        return true;
    }
    const char *found = b == 0 ? NULL : strchr(SIMPLE_FROM, b);
    if (found == NULL) {
        return false;
    }
    if (out != NULL) {
        out[0] = SIMPLE_TO[found - SIMPLE_FROM];
    }
    *written = 1;
    return true;
}

/* A string at the cursor (on its opening quote); decoded bytes, never more
 * than the raw text, go to out when it is not NULL. Runs between escapes are
 * copied whole, so a long payload string costs one pass. */
static bool read_string(cursor *c, uint8_t *out, size_t *decoded_length)
{
    size_t written = 0;
    if (!consume(c, '"')) {
        return false;
    }
    for (;;) {
        size_t run = c->position;
        while (run < c->length) {
            uint8_t b = c->text[run];
            if (b == '"' || b == '\\' || b < 0x20 || b >= 0x80) {
                break;
            }
            run++;
        }
        if (out != NULL) {
            memcpy(out + written, c->text + c->position, run - c->position);
        }
        written += run - c->position;
        c->position = run;
        if (at_end(c)) {
            return false;
        }
        uint8_t b = c->text[c->position];
        if (b == '"') {
            c->position++;
            *decoded_length = written;
            return true;
        }
        if (b < 0x20) {
            return false; /* control characters must be escaped */
        }
        size_t n = 0;
        if (b == '\\') {
            c->position++;
            if (!read_escape(c, out == NULL ? NULL : out + written, &n)) {
                return false;
            }
        } else {
            n = utf8_sequence_length(c->text + c->position, c->length - c->position);
            if (n == 0) {
                return false;
            }
            if (out != NULL) {
                memcpy(out + written, c->text + c->position, n);
            }
            c->position += n;
        }
        written += n;
    }
}

static bool is_digit(uint8_t b)
{
    return b >= '0' && b <= '9';
}

static bool skip_digits(cursor *c)
{
    if (at_end(c) || !is_digit(peek(c))) {
        return false;
    }
    while (!at_end(c) && is_digit(c->text[c->position])) {
        c->position++;
    }
    return true;
}

/* number = [ "-" ] int [ frac ] [ exp ]: syntax only, no conversion. */
static bool skip_number(cursor *c)
{
    (void)consume(c, '-');
    if (!consume(c, '0') && !skip_digits(c)) {
        return false;
    }
    if (consume(c, '.') && !skip_digits(c)) {
        return false;
    }
    if (consume(c, 'e') || consume(c, 'E')) {
        if (!consume(c, '+')) {
            (void)consume(c, '-');
        }
        if (!skip_digits(c)) {
            return false;
        }
    }
    return true;
}

static bool skip_literal(cursor *c, const char *literal)
{
    size_t n = strlen(literal);
    if (c->length - c->position < n || memcmp(c->text + c->position, literal, n) != 0) {
        return false;
    }
    c->position += n;
    return true;
}

/* Validates the value at the cursor; level is its nesting level (the top
 * value is 1). Sets *type. */
static bool skip_value(cursor *c, size_t level, ej_type *type)
{
    size_t unused;
    ej_type inner;
    uint8_t b = peek(c);
    if (at_end(c)) {
        return false;
    }
    if (b == '{' || b == '[') {
        if (level > ENVELOPE_JSON_MAX_DEPTH) {
            return false;
        }
        uint8_t close = b == '{' ? '}' : ']';
        *type = b == '{' ? EJ_OBJECT : EJ_ARRAY;
        c->position++;
        skip_whitespace(c);
        if (consume(c, close)) {
            return true;
        }
        for (;;) {
            skip_whitespace(c);
            if (b == '{') {
                if (!read_string(c, NULL, &unused)) {
                    return false;
                }
                skip_whitespace(c);
                if (!consume(c, ':')) {
                    return false;
                }
                skip_whitespace(c);
            }
            if (!skip_value(c, level + 1, &inner)) {
                return false;
            }
            skip_whitespace(c);
            if (consume(c, close)) {
                return true;
            }
            if (!consume(c, ',')) {
                return false;
            }
        }
    }
    if (b == '"') {
        *type = EJ_STRING;
        return read_string(c, NULL, &unused);
    }
    if (b == '-' || is_digit(b)) {
        *type = EJ_NUMBER;
        return skip_number(c);
    }
    *type = b == 't' ? EJ_TRUE : b == 'f' ? EJ_FALSE : EJ_NULL;
    return skip_literal(c, b == 't' ? "true" : b == 'f' ? "false" : "null");
}

static bool append_member(ej_object *object, size_t *capacity, const ej_member *member)
{
    if (object->count == *capacity) {
        size_t grown = *capacity == 0 ? 8 : 2 * *capacity;
        ej_member *members = realloc(object->members, grown * sizeof *members);
        if (members == NULL) {
            return false;
        }
        object->members = members;
        *capacity = grown;
    }
    object->members[object->count++] = *member;
    return true;
}

/* The members of the top-level object; string values are decoded too. */
static envelope_status read_members(cursor *c, ej_object *object)
{
    size_t capacity = 0;
    size_t used = 0;
    skip_whitespace(c);
    if (!consume(c, '{')) {
        return ENV_BAD_ENVELOPE_JSON;
    }
    skip_whitespace(c);
    if (!consume(c, '}')) {
        for (;;) {
            ej_member member;
            memset(&member, 0, sizeof member);
            skip_whitespace(c);
            member.name = object->decoded + used;
            if (!read_string(c, object->decoded + used, &member.name_length)) {
                return ENV_BAD_ENVELOPE_JSON;
            }
            used += member.name_length;
            skip_whitespace(c);
            if (!consume(c, ':')) {
                return ENV_BAD_ENVELOPE_JSON;
            }
            skip_whitespace(c);
            size_t start = c->position;
            if (peek(c) == '"' && !at_end(c)) {
                member.type = EJ_STRING;
                member.string = object->decoded + used;
                if (!read_string(c, object->decoded + used, &member.string_length)) {
                    return ENV_BAD_ENVELOPE_JSON;
                }
                used += member.string_length;
            } else if (!skip_value(c, 2, &member.type)) {
                return ENV_BAD_ENVELOPE_JSON;
            }
            member.raw = c->text + start;
            member.raw_length = c->position - start;
            if (!append_member(object, &capacity, &member)) {
                return ENV_NO_MEMORY;
            }
            skip_whitespace(c);
            if (consume(c, '}')) {
                break;
            }
            if (!consume(c, ',')) {
                return ENV_BAD_ENVELOPE_JSON;
            }
        }
    }
    skip_whitespace(c);
    return at_end(c) ? ENVELOPE_OK : ENV_BAD_ENVELOPE_JSON;
}

envelope_status ej_read_object(const uint8_t *text, size_t length, ej_object *object)
{
    memset(object, 0, sizeof *object);
    cursor c = {text, length, 0};
    object->decoded = malloc(length + 1);
    envelope_status status = object->decoded == NULL ? ENV_NO_MEMORY : read_members(&c, object);
    if (status != ENVELOPE_OK) {
        ej_free(object);
    }
    return status;
}

envelope_status ej_check_value(const uint8_t *text, size_t length)
{
    cursor c = {text, length, 0};
    ej_type type;
    skip_whitespace(&c);
    if (!skip_value(&c, 1, &type)) {
        return ENV_BAD_ENVELOPE_JSON;
    }
    skip_whitespace(&c);
    return at_end(&c) ? ENVELOPE_OK : ENV_BAD_ENVELOPE_JSON;
}

const ej_member *ej_find(const ej_object *object, const char *name)
{
    size_t name_length = strlen(name);
    for (size_t i = 0; i < object->count; i++) {
        const ej_member *member = &object->members[i];
        if (member->name_length == name_length &&
            (name_length == 0 || memcmp(member->name, name, name_length) == 0)) {
            return member;
        }
    }
    return NULL;
}

static int compare_names(const void *a, const void *b)
{
    const ej_member *x = *(const ej_member *const *)a;
    const ej_member *y = *(const ej_member *const *)b;
    size_t shorter = x->name_length < y->name_length ? x->name_length : y->name_length;
    int order = shorter == 0 ? 0 : memcmp(x->name, y->name, shorter);
    if (order != 0) {
        return order;
    }
    return (x->name_length > y->name_length) - (x->name_length < y->name_length);
}

/* Sorts pointers by decoded name and compares neighbours: O(n log n) for any
 * member count, so a hostile object with many members cannot stall it. */
envelope_status ej_check_duplicates(const ej_object *object)
{
    if (object->count < 2) {
        return ENVELOPE_OK;
    }
    const ej_member **sorted = malloc(object->count * sizeof *sorted);
    if (sorted == NULL) {
        return ENV_NO_MEMORY;
    }
    for (size_t i = 0; i < object->count; i++) {
        sorted[i] = &object->members[i];
    }
    qsort(sorted, object->count, sizeof *sorted, compare_names);
    envelope_status status = ENVELOPE_OK;
    for (size_t i = 1; i < object->count && status == ENVELOPE_OK; i++) {
        if (compare_names(&sorted[i - 1], &sorted[i]) == 0) {
            status = ENV_DUPLICATE_FIELD;
        }
    }
    free(sorted);
    return status;
}

void ej_free(ej_object *object)
{
    free(object->members);
    free(object->decoded);
    memset(object, 0, sizeof *object);
}
