/* pairing-v3-core (ADP-54, ADP-133): one version 3 channel of the core
 * through the device's messages, the desktop user's Yes and No, time, and
 * the messages the core sends under the session its commit started. Every
 * result carries the channel's state, its attempts and what the step sent,
 * and what the state shows: the code while it is on screen, the committed
 * key and psk once paired; a session frame accepted adds "delivered". */
#include <sodium.h>
#include <string.h>

#include "adapter_io.h"
#include "channel_v3_operation.h"
#include "core_pairing_v3.h"
#include "operations.h"
#include "secure_memory.h"

/* {message, now, coreEphemeral?, coreNonce?}: the key and nonce are used
 * only if the message is a message 1 the core answers (ADP-14: absent, the
 * CSPRNG's). */
static const char *run_receive(core_pairing_v3 *channel, const json_t *body, uint64_t now,
                               core_pairing_v3_send *send, channel_delivery_v3 *delivery,
                               tunnel_error *status)
{
    uint8_t *message = NULL;
    size_t length = 0;
    uint8_t core_ephemeral[32];
    uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH];
    bool has_ephemeral = false;
    bool has_nonce = false;
    const char *error = input_bytes(body, "message", &message, &length);
    if (error == NULL) {
        error = input_optional_fixed(body, "coreEphemeral", core_ephemeral, sizeof core_ephemeral,
                                     &has_ephemeral);
    }
    if (error == NULL) {
        error = input_optional_fixed(body, "coreNonce", core_nonce, sizeof core_nonce, &has_nonce);
    }
    if (error == NULL) {
        *status = core_pairing_v3_receive(channel, message, length, now,
                                          has_ephemeral ? core_ephemeral : NULL,
                                          has_nonce ? core_nonce : NULL, send, delivery);
    }
    secure_free(message);
    sodium_memzero(core_ephemeral, sizeof core_ephemeral);
    sodium_memzero(core_nonce, sizeof core_nonce);
    return error;
}

/* {code, now}: the code the desktop's dialog showed. */
static const char *run_confirm(core_pairing_v3 *channel, const json_t *body, uint64_t now,
                               core_pairing_v3_send *send, tunnel_error *status)
{
    const char *code = NULL;
    size_t code_length = 0;
    const char *error = input_string(body, "code", &code, &code_length);
    if (error == NULL) {
        *status = core_pairing_v3_confirm(channel, now, code, code_length, send);
    }
    return error;
}

/* The send step's channel checks and session (V3-CHAN-2). */
static tunnel_error begin_send(void *context, const uint8_t *message, size_t length, uint64_t now,
                               channel_sending_v3 *sending)
{
    return core_pairing_v3_send_begin(context, message, length, now, sending);
}

/* The steps of ADP-54 and ADP-133. */
static const char *const KINDS[] = {"receive", "confirm", "reject", "tick", "send"};

static const char *state_name(channel_status status)
{
    switch (status) {
    case CHANNEL_PENDING: return "pending";
    case CHANNEL_CONFIRMING: return "confirming";
    case CHANNEL_PAIRED: return "paired";
    case CHANNEL_REVOKED:
    default: return "revoked";
    }
}

/* A confirming channel shows its code, the deadline and which of the two
 * confirmations are made. */
static bool set_confirming_members(const pairing_v3_attempt *attempt, json_t *out)
{
    json_t *confirmed = json_pack("{s:b,s:b}", "core", attempt->core_confirmed, "device",
                                  attempt->device_confirmed);
    json_t *deadline = json_integer((json_int_t)attempt->deadline);
    /* Each set runs, since each takes its value, also when one fails. */
    bool ok = json_object_set_new(out, "code", json_string(attempt->code)) == 0;
    ok = json_object_set_new(out, "deadline", deadline) == 0 && ok;
    return json_object_set_new(out, "confirmed", confirmed) == 0 && ok;
}

/* What the state shows: confirming the code of its dialog; paired the
 * device's key and the psk of its reconnections. */
static bool set_state_members(const core_pairing_v3 *channel, json_t *out)
{
    switch (channel->status) {
    case CHANNEL_CONFIRMING: return set_confirming_members(&channel->attempt, out);
    case CHANNEL_PAIRED:
        return output_set_hex(out, "devicePublicKey", channel->device_public, 32) &&
               output_set_hex(out, "reconnectPsk", channel->reconnect_psk, 32);
    case CHANNEL_PENDING:
    case CHANNEL_REVOKED:
    default: return true;
    }
}

/* Every step's members besides send (ADP-54): state and attempts. */
static const char *set_result(const void *context, json_t *out)
{
    const core_pairing_v3 *channel = context;
    return json_object_set_new(out, "state", json_string(state_name(channel->status))) != 0 ||
                   json_object_set_new(out, "attempts",
                                       json_integer((json_int_t)channel->attempts)) != 0 ||
                   !set_state_members(channel, out)
               ? ADAPTER_INTERNAL_ERROR
               : NULL;
}

/* ADP-54's steps, each at a required now. */
static const char *run_kind(void *context, const char *kind, const json_t *body,
                            channel_v3_outcome *outcome)
{
    core_pairing_v3 *channel = context;
    uint64_t now = 0;
    const char *error = input_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    if (error != NULL) {
        return error;
    }
    core_pairing_v3_send send;
    send.length = 0;
    if (strcmp(kind, "receive") == 0) {
        error = run_receive(channel, body, now, &send, &outcome->delivery, &outcome->status);
    } else if (strcmp(kind, "confirm") == 0) {
        error = run_confirm(channel, body, now, &send, &outcome->status);
    } else if (strcmp(kind, "reject") == 0) {
        outcome->status = core_pairing_v3_reject(channel, now, &send);
    } else {
        core_pairing_v3_tick(channel, now);
    }
    return error == NULL ? channel_v3_append_sent(outcome->sent, send.bytes, send.length) : error;
}

static const channel_v3_steps STEPS = {
    .kinds = KINDS,
    .kind_count = sizeof KINDS / sizeof KINDS[0],
    .run_kind = run_kind,
    .begin_send = begin_send,
    .set_result = set_result,
};

/* The inputs besides steps. */
typedef struct {
    uint8_t core_static_private[32];
    const char *cid;
    size_t cid_length;
    uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH];
    uint64_t expires_at;
} pairing_request;

static const char *read_request(const json_t *input, void *context)
{
    pairing_request *request = context;
    const char *error = input_fixed(input, "coreStaticPrivate", request->core_static_private,
                                    sizeof request->core_static_private);
    if (error == NULL) {
        error = input_cid(input, &request->cid, &request->cid_length);
    }
    if (error == NULL) {
        error = input_fixed(input, "pairingSecret", request->pairing_secret,
                            sizeof request->pairing_secret);
    }
    if (error == NULL) {
        error = input_integer(input, "expiresAt", JSON_SAFE_INTEGER_MAX, &request->expires_at);
    }
    return error;
}

/* The core sends nothing before the device's message 1. */
static const char *start(void *channel, const void *context, json_t *output)
{
    const pairing_request *request = context;
    (void)output;
    core_pairing_v3_init(channel, request->core_static_private, request->cid, request->cid_length,
                         request->pairing_secret, request->expires_at);
    return NULL;
}

static void wipe(void *channel)
{
    core_pairing_v3_wipe(channel);
}

static const channel_v3_operation OPERATION = {
    .request_size = sizeof(pairing_request),
    .read_request = read_request,
    .channel_size = sizeof(core_pairing_v3),
    .start = start,
    .steps = &STEPS,
    .wipe = wipe,
};

const char *op_pairing_v3_core(const json_t *input, json_t *output)
{
    return channel_v3_operation_run(&OPERATION, input, output);
}
