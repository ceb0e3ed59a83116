/* device-state (DEV-STATE-1 to DEV-STATE-4, ADP-111): one pairing of the
 * device, starting idle, driven by start, receive and tick steps; every
 * result names the state after its step. */
#include <sodium.h>
#include <stdbool.h>
#include <string.h>

#include "adapter_io.h"
#include "device_pairing.h"
#include "envelope_io.h"
#include "operations.h"
#include "secure_memory.h"
#include "steps.h"

typedef enum {
    STEP_START,
    STEP_RECEIVE,
    STEP_TICK
} step_kind;

typedef struct {
    step_kind kind;
    int64_t now;
    uint8_t handshake_ephemeral_private[32];
    uint8_t client_ephemeral_private[32];
    uint8_t nonce[24];
    uint8_t *message; /* receive only; the caller frees it */
    size_t length;
} device_step;

/* Reads one step; a malformed one is bad_request. */
static const char *read_step(const json_t *step, device_step *out)
{
    memset(out, 0, sizeof *out);
    if (!json_is_object(step)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = input_natural(step, "now", &out->now);
    const json_t *start = json_object_get(step, "start");
    const json_t *receive = json_object_get(step, "receive");
    const json_t *tick = json_object_get(step, "tick");
    if (error != NULL || (start != NULL) + (receive != NULL) + (tick != NULL) != 1) {
        return ADAPTER_BAD_REQUEST;
    }
    if (start != NULL) {
        out->kind = STEP_START;
        if (!json_is_object(start)) {
            return ADAPTER_BAD_REQUEST;
        }
        error = input_fixed(start, "handshakeEphemeralPrivate", out->handshake_ephemeral_private,
                            32);
        if (error == NULL) {
            error = input_fixed(start, "clientEphemeralPrivate", out->client_ephemeral_private, 32);
        }
        return error != NULL ? error : input_fixed(start, "nonce", out->nonce, 24);
    }
    if (receive != NULL) {
        out->kind = STEP_RECEIVE;
        return input_bytes(step, "receive", &out->message, &out->length);
    }
    out->kind = STEP_TICK;
    return NULL;
}

static void wipe_step(device_step *step)
{
    secure_free(step->message);
    sodium_memzero(step, sizeof *step);
}

static const char *run_receive(device_pairing *pairing, const device_step *step, json_t *result)
{
    uint8_t *plaintext = secure_alloc(step->length > 0 ? step->length : 1);
    if (plaintext == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    size_t plaintext_length = 0;
    bool established = false;
    session_keys keys;
    tunnel_error status = device_pairing_receive(pairing, step->message, step->length, step->now,
                                                 &established, &keys, plaintext, &plaintext_length);
    bool ok = true;
    if (status == TUNNEL_OK && established) {
        ok = output_set_hex(result, "c2s", keys.c2s, sizeof keys.c2s) &&
             output_set_hex(result, "s2c", keys.s2c, sizeof keys.s2c);
    } else if (status == TUNNEL_OK) {
        ok = output_set_hex(result, "plaintext", plaintext, plaintext_length);
    }
    sodium_memzero(&keys, sizeof keys);
    secure_free(plaintext);
    if (!ok) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return status == TUNNEL_OK ? NULL : steps_set_error(result, tunnel_error_code(status));
}

static const char *run_step(void *context, const json_t *json, json_t *result)
{
    device_pairing *pairing = context;
    device_step step;
    const char *error = read_step(json, &step);
    if (error == NULL) {
        if (step.kind == STEP_START) {
            uint8_t frame[HANDSHAKE_FRAME_LENGTH];
            tunnel_error status = device_pairing_start(pairing, step.handshake_ephemeral_private,
                                                       step.client_ephemeral_private, step.nonce,
                                                       step.now, frame);
            if (status != TUNNEL_OK) {
                error = steps_set_error(result, tunnel_error_code(status));
            } else if (!output_set_hex(result, "frame", frame, sizeof frame)) {
                error = ADAPTER_INTERNAL_ERROR;
            }
        } else if (step.kind == STEP_RECEIVE) {
            error = run_receive(pairing, &step, result);
        } else {
            device_pairing_expire(pairing, step.now);
        }
    }
    wipe_step(&step);
    if (error == NULL &&
        json_object_set_new(result, "state", json_string(device_phase_name(pairing->phase))) != 0) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    return error;
}

const char *op_device_state(const json_t *input, json_t *output)
{
    uint8_t core_public[32], device_private[32];
    int64_t ack_timeout = 0;
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error == NULL) {
        error = input_fixed(input, "corePublicKey", core_public, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceStaticPrivate", device_private, 32);
    }
    if (error == NULL) {
        error = input_natural(input, "ackTimeout", &ack_timeout);
    }
    /* Every step is read before any runs: a malformed one is bad_request for the whole request. */
    for (size_t i = 0; error == NULL && i < json_array_size(steps); i++) {
        device_step step;
        error = read_step(json_array_get(steps, i), &step);
        wipe_step(&step);
    }
    device_pairing pairing;
    device_pairing_init(&pairing, core_public, device_private, ack_timeout);
    if (error == NULL) {
        error = steps_run(steps, output, run_step, &pairing);
    }
    device_pairing_wipe(&pairing);
    sodium_memzero(device_private, sizeof device_private);
    return error;
}
