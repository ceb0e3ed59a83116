/* A strict RFC 8259 reader for envelopes (JSON-1 as chapter 11 uses it).
 *
 * The handshake reader (strict_json.c) keeps only top-level strings; an
 * envelope also needs the type and exact text of every top-level value (the
 * number tokens of seq and total, the payload to hand back verbatim) and the
 * members of the request's payload object, read by the same function on that
 * value's text. Same rules as the handshake: UTF-8 (RFC 3629), no byte order
 * mark, no raw control characters in strings, no lone surrogate escapes,
 * nothing but whitespace after the value. Containers nest at most 64 levels
 * (the top level being 1): JSON-1 requires 32 to be accepted, and the bound
 * keeps the recursion of this reader finite whatever the input. */
#ifndef OPENHUMAN_ENVELOPE_JSON_H
#define OPENHUMAN_ENVELOPE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "envelope_status.h"

#define ENVELOPE_JSON_MAX_DEPTH 64

typedef enum {
    EJ_OBJECT,
    EJ_ARRAY,
    EJ_STRING,
    EJ_NUMBER,
    EJ_TRUE,
    EJ_FALSE,
    EJ_NULL
} ej_type;

typedef struct {
    const uint8_t *name; /* decoded (escapes resolved), not NUL-terminated */
    size_t name_length;
    ej_type type;
    const uint8_t *raw; /* the value's exact text, inside the parsed text */
    size_t raw_length;
    const uint8_t *string; /* decoded value when type == EJ_STRING */
    size_t string_length;
} ej_member;

typedef struct {
    ej_member *members; /* in text order, duplicates kept */
    size_t count;
    uint8_t *decoded; /* storage the names and strings point into */
} ej_object;

/* Reads text as one JSON text whose top value is an object. Anything else
 * -> bad_envelope_json; out of memory -> internal_error. On success free the
 * object with ej_free (text must outlive it). */
envelope_status ej_read_object(const uint8_t *text, size_t length, ej_object *object);

/* Checks that text is one JSON value of any type with optional surrounding
 * whitespace: NULL or bad_envelope_json. */
envelope_status ej_check_value(const uint8_t *text, size_t length);

/* The first member called name (a C string), or NULL. */
const ej_member *ej_find(const ej_object *object, const char *name);

/* JSON-2 and ENV-7: duplicate_field when some member name occurs twice
 * (names compared after resolving escapes), else NULL. */
envelope_status ej_check_duplicates(const ej_object *object);

void ej_free(ej_object *object);

#endif
