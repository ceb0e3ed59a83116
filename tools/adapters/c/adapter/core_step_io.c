#include "core_step_io.h"

#include "adapter_io.h"
#include "frame.h"
#include "secure_memory.h"
#include "steps.h"

const char *core_step_seal(const json_t *input, json_t *out, core_sealer seal, void *context,
                           tunnel_error *status)
{
    uint8_t nonce[24];
    bool has_nonce = false;
    uint8_t *plaintext = NULL;
    uint8_t *frame = NULL;
    size_t plaintext_length = 0;
    size_t frame_length = 0;
    *status = TUNNEL_OK;
    const char *error = input_optional_fixed(input, "nonce", nonce, sizeof nonce, &has_nonce);
    if (error == NULL) {
        error = input_bytes(input, "plaintext", &plaintext, &plaintext_length);
    }
    if (error == NULL) {
        /* Room for the frame only when one can be built; an oversize
         * plaintext is the sealer's plaintext_too_large. */
        bool fits = plaintext_length <= SESSION_MAX_PLAINTEXT;
        frame = secure_alloc(fits ? plaintext_length + SESSION_FRAME_OVERHEAD : 0);
        if (frame == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    if (error == NULL) {
        *status = seal(context, plaintext, plaintext_length, has_nonce ? nonce : NULL, frame,
                       &frame_length);
        if (*status == TUNNEL_OK && !output_set_hex(out, "frame", frame, frame_length)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    secure_free(plaintext);
    secure_free(frame);
    return error;
}

const char *core_step_open(const json_t *input, json_t *out, core_opener open, void *context,
                           tunnel_error *status)
{
    uint8_t *frame = NULL;
    uint8_t *plaintext = NULL;
    size_t frame_length = 0;
    size_t plaintext_length = 0;
    *status = TUNNEL_OK;
    const char *error = input_bytes(input, "frame", &frame, &frame_length);
    if (error == NULL) {
        plaintext = secure_alloc(frame_length);
        if (plaintext == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    if (error == NULL) {
        *status = open(context, frame, frame_length, plaintext, &plaintext_length);
        if (*status == TUNNEL_OK &&
            !output_set_hex(out, "plaintext", plaintext, plaintext_length)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    secure_free(frame);
    secure_free(plaintext);
    return error;
}

const char *core_step_set_error(json_t *out, tunnel_error status)
{
    if (status == TUNNEL_ERR_NO_MEMORY) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return steps_set_error(out, tunnel_error_code(status));
}
