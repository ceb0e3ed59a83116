/* Adapter-side inputs and outputs shared by the envelope operations (kit
 * section 2.5 "Envelope"): JSON value texts handed back as JSON values,
 * partial results, id lists, and the generated message of ADP-61. */
#ifndef OPENHUMAN_ENVELOPE_IO_H
#define OPENHUMAN_ENVELOPE_IO_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "byte_buffer.h"
#include "reassembler.h"

/* Each returns NULL on success or an adapter error code. */

/* object[name] = the JSON value of text (NULL text: null). A value with a
 * number that is not an integer has no form on an adapter line (ADP-1): it
 * is answered unsupported, never changed. */
const char *output_json_value(json_t *object, const char *name, const uint8_t *text, size_t length);

/* result["partial"] = {"requestId", "received", "total"}. */
const char *output_partial(json_t *result, const reassembly *kept);

/* object[name] = [ids...]. */
const char *output_ids(json_t *object, const char *name,
                       const char (*ids)[ENVELOPE_MAX_REQUEST_ID + 1], size_t count);

/* object[name] = [hex of each plaintext CHUNK-1 makes of the message of
 * request_id]; a split refusal (bad_request_id, message_too_large) is
 * returned as its code. */
const char *output_split(json_t *object, const char *name, const char *request_id,
                         const uint8_t *message, size_t length);

/* An integer member from 0 to 2^63 - 1. */
const char *input_natural(const json_t *input, const char *name, int64_t *value);

/* A boolean member that may be absent or null (false). */
const char *input_optional_bool(const json_t *input, const char *name, bool *value);

/* The message of a "generated" object for request id (ADP-61), in a
 * secure_alloc buffer; length outside what ADP-61 allows -> bad_request. */
const char *input_generated(const json_t *generated, const json_t *request_id, uint8_t **message,
                            size_t *length);

#endif
