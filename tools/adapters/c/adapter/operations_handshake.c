#include <sodium.h>
#include <stdint.h>
#include <string.h>

#include "adapter_io.h"
#include "channel_json.h"
#include "handshake_core.h"
#include "handshake_device.h"
#include "operations.h"
#include "secure_memory.h"
#include "steps.h"

/* Device private keys shared by start and finish. */
typedef struct {
    uint8_t core_static_public[32];
    uint8_t device_static_private[32];
    uint8_t client_ephemeral_private[32];
} device_inputs;

static const char *read_device_inputs(const json_t *input, device_inputs *keys)
{
    const char *error = input_fixed(input, "corePublicKey", keys->core_static_public, 32);
    if (error == NULL) {
        error = input_fixed(input, "deviceStaticPrivate", keys->device_static_private, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "clientEphemeralPrivate", keys->client_ephemeral_private, 32);
    }
    return error;
}

const char *op_handshake_device_start(const json_t *input, json_t *output)
{
    device_inputs keys;
    uint8_t handshake_ephemeral_private[32];
    uint8_t nonce[24];
    uint8_t frame[HANDSHAKE_FRAME_LENGTH];
    const char *error = read_device_inputs(input, &keys);
    if (error == NULL) {
        error = input_fixed(input, "handshakeEphemeralPrivate", handshake_ephemeral_private, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "nonce", nonce, sizeof nonce);
    }
    if (error == NULL) {
        tunnel_error status = device_handshake_start(
            keys.core_static_public, keys.device_static_private, handshake_ephemeral_private,
            keys.client_ephemeral_private, nonce, frame);
        if (status != TUNNEL_OK) {
            error = tunnel_error_code(status);
        } else if (!output_set_hex(output, "frame", frame, sizeof frame)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    sodium_memzero(&keys, sizeof keys);
    sodium_memzero(handshake_ephemeral_private, sizeof handshake_ephemeral_private);
    return error;
}

const char *op_handshake_device_finish(const json_t *input, json_t *output)
{
    device_inputs keys;
    uint8_t *frame = NULL;
    size_t frame_length = 0;
    session_keys session;
    const char *error = read_device_inputs(input, &keys);
    if (error == NULL) {
        error = input_bytes(input, "frame", &frame, &frame_length);
    }
    if (error == NULL) {
        tunnel_error status = device_handshake_finish(frame, frame_length, keys.core_static_public,
                                                      keys.device_static_private,
                                                      keys.client_ephemeral_private, &session);
        if (status != TUNNEL_OK) {
            error = tunnel_error_code(status);
        } else if (!output_set_hex(output, "c2s", session.c2s, sizeof session.c2s) ||
                   !output_set_hex(output, "s2c", session.s2c, sizeof session.s2c)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
        sodium_memzero(&session, sizeof session);
    }
    sodium_memzero(&keys, sizeof keys);
    secure_free(frame);
    return error;
}

/* The core's static key and the channel, which carries over from accepted steps (CHAN-6). */
typedef struct {
    const uint8_t *core_static_private;
    channel_state *channel;
} core_steps;

/* One handshake-core step {frame, now, serverEphemeralPrivate, ackNonce}
 * against the channel; its result shows the channel after it. */
static const char *run_core_step(void *context, const json_t *step, json_t *result)
{
    const uint8_t *core_static_private = ((core_steps *)context)->core_static_private;
    channel_state *channel = ((core_steps *)context)->channel;
    uint8_t *frame = NULL;
    size_t frame_length = 0;
    uint64_t now = 0;
    uint8_t server_ephemeral_private[32];
    uint8_t ack_nonce[24];
    core_handshake_result accepted;
    const char *error = json_is_object(step) ? NULL : ADAPTER_BAD_REQUEST;
    if (error == NULL) {
        error = input_bytes(step, "frame", &frame, &frame_length);
    }
    if (error == NULL) {
        error = input_integer(step, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL) {
        error = input_fixed(step, "serverEphemeralPrivate", server_ephemeral_private, 32);
    }
    if (error == NULL) {
        error = input_fixed(step, "ackNonce", ack_nonce, sizeof ack_nonce);
    }
    if (error == NULL) {
        tunnel_error status = core_handshake_accept(frame, frame_length, core_static_private,
                                                    channel, now, server_ephemeral_private,
                                                    ack_nonce, &accepted);
        bool ok = status == TUNNEL_OK
                      ? output_set_hex(result, "ack", accepted.ack, sizeof accepted.ack) &&
                            output_set_hex(result, "c2s", accepted.keys.c2s, 32) &&
                            output_set_hex(result, "s2c", accepted.keys.s2c, 32) &&
                            output_set_hex(result, "devicePublicKey", accepted.device_public, 32)
                      : steps_set_error(result, tunnel_error_code(status)) == NULL;
        if (!ok || json_object_set_new(result, "channel", channel_json(channel)) != 0) {
            error = ADAPTER_INTERNAL_ERROR;
        }
        sodium_memzero(&accepted, sizeof accepted);
    }
    secure_free(frame);
    sodium_memzero(server_ephemeral_private, sizeof server_ephemeral_private);
    return error;
}

const char *op_handshake_core(const json_t *input, json_t *output)
{
    uint8_t core_static_private[32];
    channel_state channel;
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error == NULL) {
        error = input_fixed(input, "coreStaticPrivate", core_static_private, 32);
    }
    if (error == NULL) {
        error = read_channel(input, &channel);
    }
    if (error == NULL) {
        core_steps context = {core_static_private, &channel};
        error = steps_run(steps, output, run_core_step, &context);
    }
    sodium_memzero(core_static_private, sizeof core_static_private);
    return error;
}
