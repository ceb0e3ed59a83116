/* The seal and open steps shared by session, core-session and core-channel: read
 * the step's input, call the core's sealer or opener, write the result.
 * A request problem is returned as an adapter code; the protocol outcome
 * goes to *status, and on success out gets "frame" or "plaintext". */
#ifndef OPENHUMAN_CORE_STEP_IO_H
#define OPENHUMAN_CORE_STEP_IO_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

/* nonce NULL: the implementation draws it (FRAME-SEAL-2). */
typedef tunnel_error (*core_sealer)(void *context, const uint8_t *plaintext,
                                    size_t plaintext_length, const uint8_t *nonce, uint8_t *frame,
                                    size_t *frame_length);
typedef tunnel_error (*core_opener)(void *context, const uint8_t *frame, size_t frame_length,
                                    uint8_t *plaintext, size_t *plaintext_length);

/* {plaintext, nonce?} */
const char *core_step_seal(const json_t *input, json_t *out, core_sealer seal, void *context,
                           tunnel_error *status);

/* {frame} */
const char *core_step_open(const json_t *input, json_t *out, core_opener open, void *context,
                           tunnel_error *status);

/* Sets out["error"] to the code of a failed step (steps_set_error); out of
 * memory is internal_error. */
const char *core_step_set_error(json_t *out, tunnel_error status);

#endif
