/* handshake-device (ACK-4 to ACK-6): the device between its handshake and
 * its session. Each step's message goes to the ack opener until one ack is
 * accepted; a refused ack changes nothing (ACK-5), since the opener's inputs
 * (the keys below) are never touched by a failure. Once an ack is accepted
 * the opener is closed for good and every later message goes to the new
 * session's opener (ACK-6), so a second ack is unexpected_type there. */
#include <sodium.h>
#include <stdbool.h>
#include <string.h>

#include "adapter_io.h"
#include "handshake_device.h"
#include "operations.h"
#include "secure_memory.h"
#include "session_cipher.h"
#include "steps.h"

typedef struct {
    uint8_t core_static_public[32];
    uint8_t device_static_private[32];
    uint8_t client_ephemeral_private[32];
    bool accepted;
    session_cipher session; /* valid once accepted */
} device_receiver;

/* Offers one message to the receiver and fills result with its answer. */
static const char *receive(device_receiver *receiver, const uint8_t *message, size_t length,
                           json_t *result)
{
    tunnel_error status;
    bool ok = true;
    if (receiver->accepted) {
        uint8_t *plaintext = secure_alloc(length > 0 ? length : 1);
        size_t plaintext_length = 0;
        if (plaintext == NULL) {
            return ADAPTER_INTERNAL_ERROR;
        }
        status = session_cipher_open(&receiver->session, message, length, plaintext,
                                     &plaintext_length);
        if (status == TUNNEL_OK) {
            ok = output_set_hex(result, "plaintext", plaintext, plaintext_length);
        }
        secure_free(plaintext);
    } else {
        session_keys keys;
        status = device_handshake_finish(message, length, receiver->core_static_public,
                                         receiver->device_static_private,
                                         receiver->client_ephemeral_private, &keys);
        if (status == TUNNEL_OK) {
            receiver->accepted = true;
            session_cipher_init(&receiver->session, ROLE_DEVICE, &keys);
            ok = output_set_hex(result, "c2s", keys.c2s, sizeof keys.c2s) &&
                 output_set_hex(result, "s2c", keys.s2c, sizeof keys.s2c);
        }
        sodium_memzero(&keys, sizeof keys);
    }
    if (!ok) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return status == TUNNEL_OK ? NULL : steps_set_error(result, tunnel_error_code(status));
}

/* {frame}: one message for the receiver (context). */
static const char *run_step(void *context, const json_t *step, json_t *result)
{
    uint8_t *message = NULL;
    size_t length = 0;
    const char *error = input_bytes(step, "frame", &message, &length);
    if (error == NULL) {
        error = receive(context, message, length, result);
    }
    secure_free(message);
    return error;
}

const char *op_handshake_device(const json_t *input, json_t *output)
{
    device_receiver receiver;
    memset(&receiver, 0, sizeof receiver);
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error == NULL) {
        error = input_fixed(input, "corePublicKey", receiver.core_static_public, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceStaticPrivate", receiver.device_static_private, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "clientEphemeralPrivate", receiver.client_ephemeral_private, 32);
    }
    /* Every step is read before any runs: a malformed one is bad_request for the whole request. */
    for (size_t i = 0; error == NULL && i < json_array_size(steps); i++) {
        const json_t *step = json_array_get(steps, i);
        if (!json_is_object(step) || !json_is_string(json_object_get(step, "frame"))) {
            error = ADAPTER_BAD_REQUEST;
        }
    }
    if (error == NULL) {
        error = steps_run(steps, output, run_step, &receiver);
    }
    if (receiver.accepted) {
        session_cipher_wipe(&receiver.session);
    }
    sodium_memzero(&receiver, sizeof receiver);
    return error;
}
