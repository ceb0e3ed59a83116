#ifndef JSON_LEXIS_H
#define JSON_LEXIS_H

/* The tokens of RFC 8259 that both strict readers share: the handshake's
 * (strict_json.c, chapter 5) and the envelope's (envelope_json.c, chapter
 * 11), and their check for a member name given twice. They differ in what
 * they build and in their error codes, not in what a token is. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    const uint8_t *text;
    size_t length;
    size_t position;
} lex_cursor;

bool lex_at_end(const lex_cursor *c);
/* The byte at the cursor, 0 at the end. */
uint8_t lex_peek(const lex_cursor *c);
void lex_skip_whitespace(lex_cursor *c);
/* Steps over expected when it is next. */
bool lex_consume(lex_cursor *c, uint8_t expected);
/* A string at the cursor (on its opening quote); its decoded bytes, never
 * more than its raw text, go to out when out is not NULL. An escaped lone
 * surrogate, a raw control character or invalid UTF-8 fails. */
bool lex_read_string(lex_cursor *c, uint8_t *out, size_t *decoded_length);
/* number = [ "-" ] int [ frac ] [ exp ]: syntax only, no conversion. */
bool lex_skip_number(lex_cursor *c);
bool lex_skip_literal(lex_cursor *c, const char *literal);

typedef enum {
    LEX_NAMES_DISTINCT,
    LEX_NAMES_DUPLICATE,
    LEX_NAMES_NO_MEMORY
} lex_names;

/* Whether two of count members have the same decoded name (JSON-2, ENV-6).
 * The members lie stride bytes apart from members; each holds its name as a
 * const uint8_t * at name_offset and the name's length as a size_t at
 * length_offset (use offsetof). The names are sorted and neighbours compared:
 * O(n log n) for any member count, so a hostile object with many members
 * cannot stall it. */
lex_names lex_check_duplicate_names(const void *members, size_t count, size_t stride,
                                    size_t name_offset, size_t length_offset);

#endif
