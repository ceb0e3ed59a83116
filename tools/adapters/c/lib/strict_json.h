/* A strict RFC 8259 reader for the one shape the handshake and the ack
 * carry: a top-level object whose members are read by name.
 *
 * Why not jansson here: a receiver MUST accept every valid JSON text
 * (JSON-1, JSON-5), and jansson rejects valid ones (integers beyond 64 bits,
 * 1e400, "\u0000" inside a member name); JSON-2 needs duplicates at the top
 * level only, after escape resolution, and only once the whole text is known
 * to be valid. This reader checks the full grammar and UTF-8 (RFC 3629: no
 * overlong forms, no encoded surrogates, nothing above U+10FFFF) with an
 * explicit stack, so nesting depth costs heap bounded by the text length and
 * never the C stack. */
#ifndef OPENHUMAN_STRICT_JSON_H
#define OPENHUMAN_STRICT_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

typedef struct {
    const uint8_t *name; /* decoded (escapes resolved), not NUL-terminated */
    size_t name_length;
    bool is_string;
    const uint8_t *value; /* decoded string value; NULL unless is_string */
    size_t value_length;
} strict_json_member;

typedef struct {
    strict_json_member *members; /* in text order */
    size_t count;
    uint8_t *decoded; /* storage the names and values point into */
} strict_json_object;

/* Parses text as one JSON object with optional surrounding whitespace.
 * Not valid UTF-8 JSON, or a top value that is not an object ->
 * bad_handshake_json (JSON-1). Then a member name that appears twice in the
 * top-level object -> duplicate_field (JSON-2). Allocation failure ->
 * TUNNEL_ERR_NO_MEMORY. On success free the object with strict_json_free. */
tunnel_error strict_json_parse_object(const uint8_t *text, size_t length,
                                      strict_json_object *object);

/* The member called name (a C string), or NULL when absent. */
const strict_json_member *strict_json_find(const strict_json_object *object, const char *name);

void strict_json_free(strict_json_object *object);

#endif
