/* The envelope of spec chapter 11: its limits (11.6), kinds (11.1), the
 * receiver's checks (ENV-6 to ENV-9) and the sender forms (ENV-2, ENV-3).
 *
 * The parser has no state, so a rejected envelope changes nothing by
 * construction (ENV-6). Values the envelope carries (params, payload) are
 * kept as their exact JSON text, pointing into the parsed plaintext. */
#ifndef OPENHUMAN_ENVELOPE_H
#define OPENHUMAN_ENVELOPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "byte_buffer.h"
#include "envelope_json.h"
#include "envelope_status.h"
#include "frame.h"
#include "session_keys.h"

#define ENVELOPE_MAX_REQUEST_ID 64u
#define ENVELOPE_MAX_METHOD 128u
#define ENVELOPE_MAX_CODE 64u
/* {"requestId":" 14 + ","kind":"chunk","seq": 23 + ,"total": 9 + ,"data":" 9 + "} 2 */
#define ENVELOPE_CHUNK_FIXED_BYTES 57u
/* Digits of seq and total: ENVELOPE_MAX_TOTAL (457) has three. */
#define ENVELOPE_COUNT_DIGITS 3u
/* The largest multiple of 3 whose chunk plaintext, with the longest id and
 * counts and 4P/3 characters of base64, still fits one frame (CHUNK-1). */
#define ENVELOPE_PIECE                                                                             \
    (3u * ((SESSION_MAX_PLAINTEXT - ENVELOPE_CHUNK_FIXED_BYTES - ENVELOPE_MAX_REQUEST_ID -         \
            2u * ENVELOPE_COUNT_DIGITS) /                                                          \
           4u))
#define ENVELOPE_MAX_MESSAGE (16u * 1024u * 1024u)
#define ENVELOPE_MAX_TOTAL ((ENVELOPE_MAX_MESSAGE + ENVELOPE_PIECE - 1u) / ENVELOPE_PIECE)
#define ENVELOPE_MAX_PARTIALS 4u
#define ENVELOPE_CHUNK_TIMEOUT_MS 30000
#define ENVELOPE_MAX_REQUESTS (1u << 20)
/* AUTH-5: a grant holds 30 days after the user granted it at the desktop. */
#define ENVELOPE_GRANT_LIFETIME_MS (INT64_C(30) * 24 * 60 * 60 * 1000)
#define ENVELOPE_MAX_SEQ 4294967295u

_Static_assert(ENVELOPE_PIECE == 36738u, "piece size of section 11.6");
_Static_assert(ENVELOPE_MAX_TOTAL == 457u, "three-digit totals");

typedef enum {
    KIND_REQUEST,
    KIND_RESPONSE,
    KIND_ERROR,
    KIND_STREAM_CHUNK,
    KIND_STREAM_END,
    KIND_CHUNK
} envelope_kind;

/* The kind's wire name. */
const char *envelope_kind_name(envelope_kind kind);

/* The kind called name (compared byte for byte); false for none of the six. */
bool envelope_kind_from_name(const uint8_t *name, size_t length, envelope_kind *kind);

/* ENV-4, RPC-1, ENV-8: the word syntaxes. */
bool envelope_is_request_id(const uint8_t *text, size_t length);
bool envelope_is_method(const uint8_t *text, size_t length);
bool envelope_is_error_code(const uint8_t *text, size_t length);

typedef struct {
    char request_id[ENVELOPE_MAX_REQUEST_ID + 1]; /* NUL-terminated */
    envelope_kind kind;
    uint64_t seq;
    /* request */
    char method[ENVELOPE_MAX_METHOD + 1];
    bool stream;
    /* request: params (NULL when absent, meaning null); response,
     * stream-chunk, stream-end: payload. The exact JSON text. */
    const uint8_t *value;
    size_t value_length;
    /* error (ENV-8) */
    char code[ENVELOPE_MAX_CODE + 1];
    bool has_detail;
    const uint8_t *detail;
    size_t detail_length;
    /* chunk: the decoded piece (owned) */
    uint64_t total;
    uint8_t *data;
    size_t data_length;
    ej_object object; /* owns the decoded strings detail points into */
} envelope;

/* ENV-6 for the receiving side role: the checks in order, the first
 * failure's code. On success release the envelope with envelope_release;
 * plaintext must outlive it. */
envelope_status envelope_parse(const uint8_t *plaintext, size_t length, tunnel_role role,
                               envelope *out);

void envelope_release(envelope *parsed);

/* Sender forms (ENV-2). Each refuses, before writing, a request id outside
 * ENV-4 (bad_request_id), then a method name, error code, seq or total
 * outside its syntax or range (bad_field_value), then a value text that is
 * not one JSON value without surrounding whitespace (bad_envelope_json). */
envelope_status envelope_encode_request(const uint8_t *id, size_t id_length, const uint8_t *method,
                                        size_t method_length, const uint8_t *params,
                                        size_t params_length, bool stream, byte_buffer *out);
/* response (seq 0), stream-chunk or stream-end with payload as its value. */
envelope_status envelope_encode_value(const uint8_t *id, size_t id_length, envelope_kind kind,
                                      int64_t seq, const uint8_t *payload, size_t payload_length,
                                      byte_buffer *out);
/* error: code, or code ": " detail when detail is not NULL (ENV-3). */
envelope_status envelope_encode_error(const uint8_t *id, size_t id_length, const uint8_t *code,
                                      size_t code_length, const uint8_t *detail,
                                      size_t detail_length, byte_buffer *out);
envelope_status envelope_encode_chunk(const uint8_t *id, size_t id_length, int64_t seq,
                                      int64_t total, const uint8_t *piece, size_t piece_length,
                                      byte_buffer *out);

#endif
