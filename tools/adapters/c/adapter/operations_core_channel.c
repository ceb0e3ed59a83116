/* core-channel (KEYCONF-1..6, CONFIRM-1..6, SAS-1, ADP-50, ADP-55, ADP-56): one
 * channel of the core through handshakes, frames, seals, the user's answers,
 * time, a filled session, restarts and the relay's tunnel:revoked. Every
 * result carries the channel state and the slot after the step, and what it
 * owes the relay (ADP-57). */
#include <sodium.h>
#include <string.h>

#include "adapter_io.h"
#include "channel_json.h"
#include "core_channel.h"
#include "core_step_io.h"
#include "operations.h"
#include "secure_memory.h"
#include "steps.h"

/* A step's channel and time, for the sealer and opener callbacks. */
typedef struct {
    core_channel *channel;
    uint64_t now;
} channel_at;

static tunnel_error seal_on_channel(void *context, const uint8_t *plaintext,
                                    size_t plaintext_length, const uint8_t *nonce, uint8_t *frame,
                                    size_t *frame_length)
{
    channel_at *at = context;
    return core_channel_seal(at->channel, plaintext, plaintext_length, nonce, at->now, frame,
                             frame_length);
}

static tunnel_error open_on_channel(void *context, const uint8_t *frame, size_t frame_length,
                                    uint8_t *plaintext, size_t *plaintext_length)
{
    channel_at *at = context;
    return core_channel_open(at->channel, frame, frame_length, at->now, plaintext,
                             plaintext_length);
}

/* {frame, now, serverEphemeralPrivate, ackNonce} */
static const char *run_handshake(core_channel *channel, const json_t *input, uint64_t now,
                                 json_t *out)
{
    uint8_t *frame = NULL;
    size_t frame_length = 0;
    uint8_t server_ephemeral_private[32];
    uint8_t ack_nonce[24];
    core_handshake_result accepted;
    const char *error = input_bytes(input, "frame", &frame, &frame_length);
    if (error == NULL) {
        error = input_fixed(input, "serverEphemeralPrivate", server_ephemeral_private, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "ackNonce", ack_nonce, sizeof ack_nonce);
    }
    if (error == NULL) {
        tunnel_error status = core_channel_handshake(
            channel, frame, frame_length, now, server_ephemeral_private, ack_nonce, &accepted);
        if (status != TUNNEL_OK) {
            error = core_step_set_error(out, status);
        } else if (!output_set_hex(out, "ack", accepted.ack, sizeof accepted.ack) ||
                   json_object_set_new(out, "sas", json_string(accepted.sas)) != 0 ||
                   !output_set_hex(out, "c2s", accepted.keys.c2s, 32) ||
                   !output_set_hex(out, "s2c", accepted.keys.s2c, 32) ||
                   !output_set_hex(out, "devicePublicKey", accepted.device_public, 32)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
        sodium_memzero(&accepted, sizeof accepted);
    }
    secure_free(frame);
    sodium_memzero(server_ephemeral_private, sizeof server_ephemeral_private);
    return error;
}

/* The slot as the protocol shows it: null or {devicePublicKey, handshakeEphemeral}. */
static json_t *slot_json(const core_channel *channel)
{
    if (!channel->has_slot) {
        return json_null();
    }
    json_t *object = json_object();
    if (object != NULL &&
        (!output_set_hex(object, "devicePublicKey", channel->slot.device_public, 32) ||
         !output_set_hex(object, "handshakeEphemeral", channel->slot.handshake_ephemeral_public,
                         32))) {
        json_decref(object);
        return NULL;
    }
    return object;
}

/* ADP-57: the events the step owes the relay, [] when none, on every step. */
static json_t *send_json(core_channel *channel)
{
    json_t *events = json_array();
    if (events != NULL && core_channel_take_revoke(channel) &&
        json_array_append_new(events, json_pack("{s:s}", "event", "tunnel:revoke")) != 0) {
        json_decref(events);
        return NULL;
    }
    return events;
}

/* A signal step names tunnel:revoked, the one relay event it models (SIG-CORE-3). */
static const char *check_signal(const json_t *body)
{
    const json_t *event = json_object_get(body, "event");
    return json_is_string(event) && strcmp(json_string_value(event), "tunnel:revoked") == 0
               ? NULL
               : ADAPTER_BAD_REQUEST;
}

/* ADP-53: {handshakes, deviceKeys} while pending or confirming, else null. */
static json_t *attempts_json(const core_channel *channel)
{
    size_t handshakes = 0;
    size_t device_keys = 0;
    if (!core_channel_attempts(channel, &handshakes, &device_keys)) {
        return json_null();
    }
    return json_pack("{s:I,s:I}", "handshakes", (json_int_t)handshakes, "deviceKeys",
                     (json_int_t)device_keys);
}

/* The steps of core-channel. */
static const char *const KINDS[] = {"handshake", "open",    "seal",   "confirm",    "reject",
                                    "tick",      "restart", "signal", "fillSession"};

static const char *run_step(void *context, const json_t *step, json_t *out)
{
    core_channel *channel = context;
    const char *kind = NULL;
    const json_t *body = NULL;
    uint64_t now = 0;
    const char *error = steps_kind(step, KINDS, sizeof KINDS / sizeof KINDS[0], &kind, &body);
    if (error == NULL) {
        error = input_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL && strcmp(kind, "signal") == 0) {
        error = check_signal(body);
    }
    if (error != NULL) {
        return error;
    }
    channel_at at = {channel, now};
    tunnel_error status = TUNNEL_OK;
    if (strcmp(kind, "handshake") == 0) {
        error = run_handshake(channel, body, now, out);
    } else if (strcmp(kind, "open") == 0) {
        error = core_step_open(body, out, open_on_channel, &at, &status);
    } else if (strcmp(kind, "seal") == 0) {
        error = core_step_seal(body, out, seal_on_channel, &at, &status);
    } else if (strcmp(kind, "confirm") == 0) {
        uint8_t handshake_ephemeral[32]; /* CONFIRM-4: the handshake the user saw */
        error = input_fixed(body, "handshakeEphemeral", handshake_ephemeral, 32);
        if (error == NULL) {
            status = core_channel_confirm(channel, now, handshake_ephemeral);
        }
    } else if (strcmp(kind, "reject") == 0) {
        status = core_channel_reject(channel, now);
    } else if (strcmp(kind, "restart") == 0) {
        core_channel_restart(channel, now);
    } else if (strcmp(kind, "signal") == 0) {
        core_channel_relay_revoked(channel, now);
    } else if (strcmp(kind, "fillSession") == 0) {
        status = core_channel_fill_session(channel, now);
    } else {
        core_channel_tick(channel, now);
    }
    if (error == NULL && status != TUNNEL_OK) {
        error = core_step_set_error(out, status);
    }
    if (error == NULL && (json_object_set_new(out, "channel", channel_json(&channel->state)) != 0 ||
                          json_object_set_new(out, "pending", slot_json(channel)) != 0 ||
                          json_object_set_new(out, "send", send_json(channel)) != 0 ||
                          json_object_set_new(out, "attempts", attempts_json(channel)) != 0)) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    return error;
}

const char *op_core_channel(const json_t *input, json_t *output)
{
    uint8_t core_static_private[32];
    channel_state state;
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error == NULL) {
        error = input_fixed(input, "coreStaticPrivate", core_static_private, 32);
    }
    if (error == NULL) {
        error = read_channel(input, &state);
    }
    if (error != NULL) {
        sodium_memzero(core_static_private, sizeof core_static_private);
        return error;
    }
    core_channel channel;
    core_channel_init(&channel, core_static_private, &state, CORE_SESSION_BOUND);
    sodium_memzero(core_static_private, sizeof core_static_private);
    error = steps_run(steps, output, run_step, &channel);
    core_channel_wipe(&channel);
    return error;
}
