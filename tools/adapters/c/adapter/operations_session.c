#include <sodium.h>

#include "adapter_io.h"
#include "core_step_io.h"
#include "frame.h"
#include "operations.h"
#include "session_cipher.h"
#include "steps.h"

/* The session cipher described by role, c2s and s2c, fresh (SESS-1). */
static const char *session_from_input(const json_t *input, session_cipher *cipher)
{
    tunnel_role role;
    session_keys keys;
    const char *error = input_role(input, &role);
    if (error == NULL) {
        error = input_session_keys(input, &keys);
    }
    if (error == NULL) {
        session_cipher_init(cipher, role, &keys);
    }
    sodium_memzero(&keys, sizeof keys);
    return error;
}

/* The session cipher as the sealer of the shared seal step (core_step_io.h).
 * FRAME-SEAL-3: an oversize plaintext is refused before a nonce is drawn;
 * without a nonce one is drawn from libsodium's CSPRNG (FRAME-SEAL-2). */
static tunnel_error seal_with_cipher(void *context, const uint8_t *plaintext,
                                     size_t plaintext_length, const uint8_t *nonce, uint8_t *frame,
                                     size_t *frame_length)
{
    if (plaintext_length > SESSION_MAX_PLAINTEXT) {
        return TUNNEL_ERR_PLAINTEXT_TOO_LARGE;
    }
    uint8_t drawn[24];
    if (nonce == NULL) {
        randombytes_buf(drawn, sizeof drawn);
        nonce = drawn;
    }
    return session_cipher_seal(context, plaintext, plaintext_length, nonce, frame, frame_length);
}

/* The session cipher as the opener of the shared open step. */
static tunnel_error open_with_cipher(void *context, const uint8_t *frame, size_t frame_length,
                                     uint8_t *plaintext, size_t *plaintext_length)
{
    return session_cipher_open(context, frame, frame_length, plaintext, plaintext_length);
}

/* Seals {plaintext, nonce?}: a request problem is returned as an adapter
 * code; the protocol outcome goes to *status, and on success out["frame"]
 * is set. */
static const char *run_seal(session_cipher *cipher, const json_t *input, json_t *out,
                            tunnel_error *status)
{
    return core_step_seal(input, out, seal_with_cipher, cipher, status);
}

/* Opens {frame}; like run_seal, sets out["plaintext"] on success. */
static const char *run_open(session_cipher *cipher, const json_t *input, json_t *out,
                            tunnel_error *status)
{
    return core_step_open(input, out, open_with_cipher, cipher, status);
}

const char *op_frame_seal(const json_t *input, json_t *output)
{
    session_cipher cipher;
    tunnel_error status = TUNNEL_OK;
    const char *error = session_from_input(input, &cipher);
    if (error == NULL) {
        error = run_seal(&cipher, input, output, &status);
        session_cipher_wipe(&cipher);
    }
    return error != NULL ? error : status != TUNNEL_OK ? tunnel_error_code(status) : NULL;
}

const char *op_frame_open(const json_t *input, json_t *output)
{
    session_cipher cipher;
    tunnel_error status = TUNNEL_OK;
    const char *error = session_from_input(input, &cipher);
    if (error == NULL) {
        error = run_open(&cipher, input, output, &status);
        session_cipher_wipe(&cipher);
    }
    return error != NULL ? error : status != TUNNEL_OK ? tunnel_error_code(status) : NULL;
}

/* Runs one step {"seal": {...}} or {"open": {...}} on the shared session
 * (context); a protocol error becomes {"error": code}. */
static const char *run_step(void *context, const json_t *step, json_t *result)
{
    session_cipher *cipher = context;
    const json_t *seal = json_object_get(step, "seal");
    const json_t *open = json_object_get(step, "open");
    if (!json_is_object(step) || (seal == NULL) == (open == NULL)) {
        return ADAPTER_BAD_REQUEST;
    }
    if (!json_is_object(seal != NULL ? seal : open)) {
        return ADAPTER_BAD_REQUEST;
    }
    tunnel_error status = TUNNEL_OK;
    const char *error = seal != NULL ? run_seal(cipher, seal, result, &status)
                                     : run_open(cipher, open, result, &status);
    if (error == NULL && status != TUNNEL_OK) {
        error = steps_set_error(result, tunnel_error_code(status));
    }
    return error;
}

const char *op_session(const json_t *input, json_t *output)
{
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error != NULL) {
        return error;
    }
    session_cipher cipher;
    error = session_from_input(input, &cipher);
    if (error != NULL) {
        return error;
    }
    error = steps_run(steps, output, run_step, &cipher);
    session_cipher_wipe(&cipher);
    return error;
}
