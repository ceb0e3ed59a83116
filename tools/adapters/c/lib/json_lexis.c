#include "json_lexis.h"

#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "utf8.h"

bool lex_at_end(const lex_cursor *c)
{
    return c->position >= c->length;
}

uint8_t lex_peek(const lex_cursor *c)
{
    return lex_at_end(c) ? 0 : c->text[c->position];
}

void lex_skip_whitespace(lex_cursor *c)
{
    while (!lex_at_end(c)) {
        uint8_t b = c->text[c->position];
        if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
            return;
        }
        c->position++;
    }
}

bool lex_consume(lex_cursor *c, uint8_t expected)
{
    if (lex_at_end(c) || c->text[c->position] != expected) {
        return false;
    }
    c->position++;
    return true;
}

static bool read_code_unit(lex_cursor *c, uint32_t *unit)
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
static bool read_escape(lex_cursor *c, uint8_t *out, size_t *written)
{
    static const char SIMPLE_FROM[] = "\"\\/bfnrt";
    static const uint8_t SIMPLE_TO[] = {'"', '\\', '/', 0x08, 0x0c, 0x0a, 0x0d, 0x09};
    if (lex_at_end(c)) {
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
            if (!lex_consume(c, '\\') || !lex_consume(c, 'u') || !read_code_unit(c, &low) ||
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
bool lex_read_string(lex_cursor *c, uint8_t *out, size_t *decoded_length)
{
    size_t written = 0;
    if (!lex_consume(c, '"')) {
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
        if (lex_at_end(c)) {
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

static bool skip_digits(lex_cursor *c)
{
    if (lex_at_end(c) || !is_digit(lex_peek(c))) {
        return false;
    }
    while (!lex_at_end(c) && is_digit(c->text[c->position])) {
        c->position++;
    }
    return true;
}

/* number = [ "-" ] int [ frac ] [ exp ]: syntax only, no conversion. */
bool lex_skip_number(lex_cursor *c)
{
    (void)lex_consume(c, '-');
    if (!lex_consume(c, '0') && !skip_digits(c)) {
        return false;
    }
    if (lex_consume(c, '.') && !skip_digits(c)) {
        return false;
    }
    if (lex_consume(c, 'e') || lex_consume(c, 'E')) {
        if (!lex_consume(c, '+')) {
            (void)lex_consume(c, '-');
        }
        if (!skip_digits(c)) {
            return false;
        }
    }
    return true;
}

bool lex_skip_literal(lex_cursor *c, const char *literal)
{
    size_t n = strlen(literal);
    if (c->length - c->position < n || memcmp(c->text + c->position, literal, n) != 0) {
        return false;
    }
    c->position += n;
    return true;
}

typedef struct {
    const uint8_t *bytes;
    size_t length;
} lex_name;

static int compare_names(const void *a, const void *b)
{
    const lex_name *x = a;
    const lex_name *y = b;
    size_t shorter = x->length < y->length ? x->length : y->length;
    int order = shorter == 0 ? 0 : memcmp(x->bytes, y->bytes, shorter);
    if (order != 0) {
        return order;
    }
    return (x->length > y->length) - (x->length < y->length);
}

lex_names lex_check_duplicate_names(const void *members, size_t count, size_t stride,
                                    size_t name_offset, size_t length_offset)
{
    if (count < 2) {
        return LEX_NAMES_DISTINCT;
    }
    lex_name *sorted = malloc(count * sizeof *sorted);
    if (sorted == NULL) {
        return LEX_NAMES_NO_MEMORY;
    }
    const unsigned char *member = members;
    for (size_t i = 0; i < count; i++, member += stride) {
        memcpy(&sorted[i].bytes, member + name_offset, sizeof sorted[i].bytes);
        memcpy(&sorted[i].length, member + length_offset, sizeof sorted[i].length);
    }
    qsort(sorted, count, sizeof *sorted, compare_names);
    lex_names result = LEX_NAMES_DISTINCT;
    for (size_t i = 1; i < count && result == LEX_NAMES_DISTINCT; i++) {
        if (compare_names(&sorted[i - 1], &sorted[i]) == 0) {
            result = LEX_NAMES_DUPLICATE;
        }
    }
    free(sorted);
    return result;
}
