#include "strict_json.h"

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

/* Reads the four hex digits of a \u escape (after the 'u'). */
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

/* Decodes the escape after a backslash. A \u escape must name a Unicode
 * scalar value: a high surrogate must be followed by an escaped low one, and
 * a lone surrogate is rejected, since it has no UTF-8 form (JSON-1 requires
 * the text to be UTF-8, RFC 8259 section 8.2). */
static bool read_escape(cursor *c, uint8_t *out, size_t *written)
{
    uint8_t b = peek(c);
    if (at_end(c)) {
        return false;
    }
    c->position++;
    uint8_t simple;
    switch (b) {
    case '"': simple = '"'; break;
    case '\\': simple = '\\'; break;
    case '/': simple = '/'; break;
    case 'b': simple = 0x08; break;
    case 'f': simple = 0x0c; break;
    case 'n': simple = 0x0a; break;
    case 'r': simple = 0x0d; break;
    case 't': simple = 0x09; break;
    case 'u': {
        uint32_t unit;
        if (!read_code_unit(c, &unit)) {
            return false;
        }
        if (unit >= 0xdc00 && unit <= 0xdfff) {
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
    default:
        return false;
    }
    if (out != NULL) {
        out[0] = simple;
    }
    *written = 1;
    return true;
}

/* Reads a string at the cursor (which is on its opening quote). When out is
 * not NULL the decoded bytes are written there; they are never longer than
 * the raw text, so out needs no more room than the string's text. */
static bool read_string(cursor *c, uint8_t *out, size_t *decoded_length)
{
    size_t written = 0;
    if (!consume(c, '"')) {
        return false;
    }
    for (;;) {
        if (at_end(c)) {
            return false;
        }
        uint8_t b = c->text[c->position];
        if (b == '"') {
            c->position++;
            *decoded_length = written;
            return true;
        }
        if (b == '\\') {
            c->position++;
            size_t n = 0;
            if (!read_escape(c, out == NULL ? NULL : out + written, &n)) {
                return false;
            }
            written += n;
        } else if (b < 0x20) {
            return false; /* control characters must be escaped */
        } else if (b < 0x80) {
            if (out != NULL) {
                out[written] = b;
            }
            written++;
            c->position++;
        } else {
            size_t n = utf8_sequence_length(c->text + c->position, c->length - c->position);
            if (n == 0) {
                return false;
            }
            if (out != NULL) {
                memcpy(out + written, c->text + c->position, n);
            }
            written += n;
            c->position += n;
        }
    }
}

static bool is_digit(uint8_t b)
{
    return b >= '0' && b <= '9';
}

static bool skip_digits(cursor *c)
{
    if (!is_digit(peek(c)) || at_end(c)) {
        return false;
    }
    while (!at_end(c) && is_digit(c->text[c->position])) {
        c->position++;
    }
    return true;
}

/* number = [ "-" ] ( "0" / digit1-9 *digit ) [ "." 1*digit ] [ ("e"/"E") ["+"/"-"] 1*digit ].
 * Only the syntax matters: no value is converted, so no range limit applies. */
static bool skip_number(cursor *c)
{
    (void)consume(c, '-');
    if (consume(c, '0')) {
        /* a leading zero stands alone */
    } else if (!skip_digits(c)) {
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

/* Reads ws name ws ':' and leaves the cursor before the member's value. */
static bool read_member_name(cursor *c, uint8_t *out, size_t *decoded_length)
{
    skip_whitespace(c);
    if (!read_string(c, out, decoded_length)) {
        return false;
    }
    skip_whitespace(c);
    return consume(c, ':');
}

/* Validates one value of any depth. containers is scratch room for one byte
 * per open object or array; a JSON text of length n nests at most n / 2
 * deep, so n bytes always suffice. */
static bool skip_value(cursor *c, uint8_t *containers)
{
    size_t depth = 0;
    size_t unused;
    for (;;) {
        /* Expect a value. */
        skip_whitespace(c);
        uint8_t b = peek(c);
        if (at_end(c)) {
            return false;
        }
        bool value_done = true;
        if (b == '{' || b == '[') {
            c->position++;
            skip_whitespace(c);
            if (consume(c, b == '{' ? '}' : ']')) {
                /* empty container: a complete value */
            } else {
                containers[depth++] = b;
                if (b == '{' && !read_member_name(c, NULL, &unused)) {
                    return false;
                }
                value_done = false;
            }
        } else if (b == '"') {
            if (!read_string(c, NULL, &unused)) {
                return false;
            }
        } else if (b == '-' || is_digit(b)) {
            if (!skip_number(c)) {
                return false;
            }
        } else if (!skip_literal(c, "true") && !skip_literal(c, "false") &&
                   !skip_literal(c, "null")) {
            return false;
        }
        /* After a complete value: close containers or move to the next item. */
        while (value_done) {
            if (depth == 0) {
                return true;
            }
            skip_whitespace(c);
            uint8_t open = containers[depth - 1];
            if (consume(c, ',')) {
                if (open == '{' && !read_member_name(c, NULL, &unused)) {
                    return false;
                }
                value_done = false;
            } else if (consume(c, open == '{' ? '}' : ']')) {
                depth--;
            } else {
                return false;
            }
        }
    }
}

static int compare_names(const void *a, const void *b)
{
    const strict_json_member *x = *(const strict_json_member *const *)a;
    const strict_json_member *y = *(const strict_json_member *const *)b;
    size_t shorter = x->name_length < y->name_length ? x->name_length : y->name_length;
    int order = shorter == 0 ? 0 : memcmp(x->name, y->name, shorter);
    if (order != 0) {
        return order;
    }
    return (x->name_length > y->name_length) - (x->name_length < y->name_length);
}

/* JSON-2: sorts pointers to the members by decoded name and looks for two
 * equal neighbours, so the cost stays O(n log n) for any member count. */
static tunnel_error check_duplicates(const strict_json_object *object)
{
    if (object->count < 2) {
        return TUNNEL_OK;
    }
    const strict_json_member **sorted = malloc(object->count * sizeof *sorted);
    if (sorted == NULL) {
        return TUNNEL_ERR_NO_MEMORY;
    }
    for (size_t i = 0; i < object->count; i++) {
        sorted[i] = &object->members[i];
    }
    qsort(sorted, object->count, sizeof *sorted, compare_names);
    tunnel_error error = TUNNEL_OK;
    for (size_t i = 1; i < object->count && error == TUNNEL_OK; i++) {
        if (compare_names(&sorted[i - 1], &sorted[i]) == 0) {
            error = TUNNEL_ERR_DUPLICATE_FIELD;
        }
    }
    free(sorted);
    return error;
}

/* Reads the members of the top-level object. Each member takes at least
 * four bytes of text ("":0), so length / 4 + 1 slots are always enough. */
static tunnel_error read_object(cursor *c, strict_json_object *object, uint8_t *containers)
{
    size_t capacity = c->length / 4 + 1;
    size_t decoded_used = 0;
    skip_whitespace(c);
    if (!consume(c, '{')) {
        return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
    }
    skip_whitespace(c);
    if (!consume(c, '}')) {
        for (;;) {
            if (object->count == capacity) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
            strict_json_member *member = &object->members[object->count];
            member->name = object->decoded + decoded_used;
            if (!read_member_name(c, object->decoded + decoded_used, &member->name_length)) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
            decoded_used += member->name_length;
            skip_whitespace(c);
            if (peek(c) == '"' && !at_end(c)) {
                member->is_string = true;
                member->value = object->decoded + decoded_used;
                if (!read_string(c, object->decoded + decoded_used, &member->value_length)) {
                    return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
                }
                decoded_used += member->value_length;
            } else if (!skip_value(c, containers)) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
            object->count++;
            skip_whitespace(c);
            if (consume(c, '}')) {
                break;
            }
            if (!consume(c, ',')) {
                return TUNNEL_ERR_BAD_HANDSHAKE_JSON;
            }
        }
    }
    skip_whitespace(c);
    return at_end(c) ? TUNNEL_OK : TUNNEL_ERR_BAD_HANDSHAKE_JSON;
}

tunnel_error strict_json_parse_object(const uint8_t *text, size_t length, strict_json_object *object)
{
    memset(object, 0, sizeof *object);
    cursor c = {text, length, 0};
    size_t capacity = length / 4 + 1;
    object->members = calloc(capacity, sizeof *object->members);
    object->decoded = malloc(length + 1);
    uint8_t *containers = malloc(length + 1);
    tunnel_error error = TUNNEL_ERR_NO_MEMORY;
    if (object->members != NULL && object->decoded != NULL && containers != NULL) {
        error = read_object(&c, object, containers);
        if (error == TUNNEL_OK) {
            error = check_duplicates(object);
        }
    }
    free(containers);
    if (error != TUNNEL_OK) {
        strict_json_free(object);
    }
    return error;
}

const strict_json_member *strict_json_find(const strict_json_object *object, const char *name)
{
    size_t name_length = strlen(name);
    for (size_t i = 0; i < object->count; i++) {
        const strict_json_member *member = &object->members[i];
        if (member->name_length == name_length && memcmp(member->name, name, name_length) == 0) {
            return member;
        }
    }
    return NULL;
}

void strict_json_free(strict_json_object *object)
{
    free(object->members);
    free(object->decoded);
    memset(object, 0, sizeof *object);
}
