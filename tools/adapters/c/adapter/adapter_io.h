/* Typed access to request inputs and response outputs of the adapter
 * protocol (contract section 6). Binary values are lowercase hex strings;
 * anything else in their place is a malformed request. */
#ifndef OPENHUMAN_ADAPTER_IO_H
#define OPENHUMAN_ADAPTER_IO_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session_keys.h"

/* Reserved adapter error codes (not wire codes, ADP-11). An internal failure
 * (memory exhausted, an output not written) is internal_error, never
 * bad_request, so it can never pass a vector that expects bad_request. */
#define ADAPTER_BAD_REQUEST "bad_request"
#define ADAPTER_UNSUPPORTED "unsupported"
#define ADAPTER_INTERNAL_ERROR "internal_error"
/* ADP-25: the answer would be longer than ADP-2's line cap. */
#define ADAPTER_RESPONSE_TOO_LARGE "response_too_large"

/* ADP-2: longest line, line feed excluded (4 MiB). */
#define ADAPTER_MAXIMUM_LINE_LENGTH ((size_t)4 << 20)

/* Each input_* returns NULL on success or an adapter error code. */

/* A required hex member of any length, decoded into a secure_alloc buffer
 * that the caller releases with secure_free. */
const char *input_bytes(const json_t *input, const char *name, uint8_t **bytes, size_t *length);

/* Like input_bytes, for at most maximum bytes: a longer value is
 * bad_request, told from its hex text before anything is decoded. */
const char *input_bounded_bytes(const json_t *input, const char *name, size_t maximum,
                                uint8_t **bytes, size_t *length);

/* ADP-132, ADP-133: a send step's message is at most 1 MiB, so its frames
 * fit the answer's line (ADP-2). */
#define ADAPTER_SEND_MAX_MESSAGE ((size_t)1 << 20)

/* The same for a value that is no member (an array element). */
const char *input_hex_value(const json_t *value, uint8_t **bytes, size_t *length);

/* Like input_bytes, but the member may be absent or null (*bytes NULL). */
const char *input_optional_bytes(const json_t *input, const char *name, uint8_t **bytes,
                                 size_t *length);

/* A required hex member that must decode to exactly length bytes. */
const char *input_fixed(const json_t *input, const char *name, uint8_t *out, size_t length);

/* Like input_fixed, but the member may be absent or null (*present false). */
const char *input_optional_fixed(const json_t *input, const char *name, uint8_t *out, size_t length,
                                 bool *present);

/* ADP-30: every integer of an input (length, now, expiresAt, exp) is from 0
 * to 2^53 - 1, the integers every JSON library reads exactly; outside this
 * range it is bad_request, whatever the operation would answer. */
#define JSON_SAFE_INTEGER_MAX ((UINT64_C(1) << 53) - 1)

/* A required integer member from 0 to maximum. */
const char *input_integer(const json_t *input, const char *name, uint64_t maximum, uint64_t *value);

/* The same for a member that may be absent: then *value is 0 (ADP-69's and
 * ADP-129's optional now). */
const char *input_optional_integer(const json_t *input, const char *name, uint64_t maximum,
                                   uint64_t *value);

/* A required member holding a 64-bit counter as a canonical decimal string
 * (ADP-130: JSON numbers lose precision above 2^53): "0" to
 * "18446744073709551615", digits only, no leading zero but in "0" itself.
 * Anything else is bad_request. */
const char *input_counter(const json_t *input, const char *name, uint64_t *value);

/* A required string member; text is not NUL-terminated (it may hold U+0000). */
const char *input_string(const json_t *input, const char *name, const char **text, size_t *length);

/* The member "cid": a version 3 channel id (pairing_v3_cid_is_valid), else
 * bad_request (ADP-59); text as for input_string. */
const char *input_cid(const json_t *input, const char **cid, size_t *length);

/* True when value is a JSON string equal to literal, byte for byte. */
bool json_string_equals(const json_t *value, const char *literal);

/* The member "role": "device" or "core". */
const char *input_role(const json_t *input, tunnel_role *role);

/* The member "c2s" and "s2c" (32 bytes each). */
const char *input_session_keys(const json_t *input, session_keys *keys);

/* Makes jansson allocate through secure_alloc / secure_free (secure_memory.h),
 * so the request lines' hex secrets are wiped too. Call once, before any
 * jansson use. */
void secure_memory_install_for_jansson(void);

/* Sets object[name] = hex(bytes); returns false when out of memory. */
bool output_set_hex(json_t *object, const char *name, const uint8_t *bytes, size_t length);

/* Appends hex(bytes) to array; returns NULL or internal_error (out of memory). */
const char *output_append_hex(json_t *array, const uint8_t *bytes, size_t length);

/* Sets object[name] = hex(bytes), or null when bytes is NULL (a value the
 * state does not have yet); returns false when out of memory. */
bool output_set_hex_or_null(json_t *object, const char *name, const uint8_t *bytes, size_t length);

#endif
