/* pairing-v3-device (ADP-69, ADP-133): the phone's side of a version 3
 * pairing, message 1 for the QR code at once, then the core's messages, the
 * phone user's Match and No, and the messages the phone sends under the
 * session its commit started. Every result carries the phone's state and
 * what the step sent, and what the state shows: the code and both
 * confirmations while it is on screen, the reconnection psk once paired; a
 * session frame accepted adds "delivered". */
#include <string.h>

#include "adapter_io.h"
#include "channel_v3_operation.h"
#include "device_pairing_v3.h"
#include "operations.h"
#include "secure_memory.h"

/* The steps of ADP-69 and ADP-133. */
static const char *const KINDS[] = {"receive", "match", "refuse", "send"};

/* The phone sends under its session alone (V3-CHAN-3): no_session before
 * the commit. */
static tunnel_error begin_send(void *context, const uint8_t *message, size_t length, uint64_t now,
                               channel_sending_v3 *sending)
{
    device_pairing_v3 *device = context;
    return channel_session_v3_send_begin(&device->session, message, length, now, sending);
}

/* {message, now?} */
static const char *run_receive(device_pairing_v3 *device, const json_t *body,
                               device_pairing_v3_send *send, channel_delivery_v3 *delivery,
                               tunnel_error *status)
{
    uint8_t *message = NULL;
    size_t length = 0;
    uint64_t now = 0;
    const char *error = input_bytes(body, "message", &message, &length);
    if (error == NULL) {
        error = input_optional_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL) {
        *status = device_pairing_v3_receive(device, message, length, now, send, delivery);
    }
    secure_free(message);
    return error;
}

/* {code, now?}: the code the phone's screen showed. */
static const char *run_match(device_pairing_v3 *device, const json_t *body,
                             device_pairing_v3_send *send, tunnel_error *status)
{
    const char *code = NULL;
    size_t code_length = 0;
    uint64_t now = 0;
    const char *error = input_string(body, "code", &code, &code_length);
    if (error == NULL) {
        error = input_optional_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL) {
        *status = device_pairing_v3_match(device, code, code_length, now, send);
    }
    return error;
}

static const char *state_name(device_pairing_v3_state state)
{
    switch (state) {
    case DEVICE_PAIRING_V3_AWAITING: return "awaiting";
    case DEVICE_PAIRING_V3_CONFIRMING: return "confirming";
    case DEVICE_PAIRING_V3_PAIRED: return "paired";
    case DEVICE_PAIRING_V3_FAILED:
    default: return "failed";
    }
}

/* A confirming phone shows its code and which of the two confirmations are
 * made. */
static bool set_confirming_members(const device_pairing_v3 *device, json_t *out)
{
    json_t *confirmed = json_pack("{s:b,s:b}", "core", device->core_confirmed, "device",
                                  device->device_confirmed);
    /* Both sets run, since each takes its value, also when one fails. */
    bool ok = json_object_set_new(out, "code", json_string(device->code)) == 0;
    return json_object_set_new(out, "confirmed", confirmed) == 0 && ok;
}

/* What the state shows: confirming the code on screen; paired the psk of
 * its reconnections. */
static bool set_state_members(const device_pairing_v3 *device, json_t *out)
{
    switch (device->state) {
    case DEVICE_PAIRING_V3_CONFIRMING: return set_confirming_members(device, out);
    case DEVICE_PAIRING_V3_PAIRED:
        return output_set_hex(out, "reconnectPsk", device->reconnect_psk, 32);
    case DEVICE_PAIRING_V3_AWAITING:
    case DEVICE_PAIRING_V3_FAILED:
    default: return true;
    }
}

/* Every step's members besides send (ADP-69): the state. */
static const char *set_result(const void *context, json_t *out)
{
    const device_pairing_v3 *device = context;
    return json_object_set_new(out, "state", json_string(state_name(device->state))) != 0 ||
                   !set_state_members(device, out)
               ? ADAPTER_INTERNAL_ERROR
               : NULL;
}

/* ADP-69's steps. */
static const char *run_kind(void *context, const char *kind, const json_t *body,
                            channel_v3_outcome *outcome)
{
    device_pairing_v3 *device = context;
    device_pairing_v3_send send;
    send.length = 0;
    const char *error = NULL;
    if (strcmp(kind, "receive") == 0) {
        error = run_receive(device, body, &send, &outcome->delivery, &outcome->status);
    } else if (strcmp(kind, "match") == 0) {
        error = run_match(device, body, &send, &outcome->status);
    } else {
        outcome->status = device_pairing_v3_refuse(device, &send);
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
    uint8_t core_public[32];
    const char *cid;
    size_t cid_length;
    uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH];
    uint8_t device_static_private[32];
    uint8_t device_ephemeral[32];
    uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH];
} device_request;

static const char *read_request(const json_t *input, void *context)
{
    device_request *request = context;
    const char *error = input_fixed(input, "corePublicKey", request->core_public, 32);
    if (error == NULL) {
        error = input_cid(input, &request->cid, &request->cid_length);
    }
    if (error == NULL) {
        error = input_fixed(input, "pairingSecret", request->pairing_secret,
                            sizeof request->pairing_secret);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceStaticPrivate", request->device_static_private, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceEphemeral", request->device_ephemeral, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceNonce", request->device_nonce,
                            sizeof request->device_nonce);
    }
    return error;
}

/* The phone sends message 1 at once, for the QR code. */
static const char *start(void *device, const void *context, json_t *output)
{
    const device_request *request = context;
    uint8_t message_1[PAIRING_V3_MESSAGE_1_LENGTH];
    tunnel_error status = device_pairing_v3_start(
        device, request->core_public, request->cid, request->cid_length, request->pairing_secret,
        request->device_static_private, request->device_ephemeral, request->device_nonce,
        message_1);
    return channel_v3_set_message_one(output, status, message_1, sizeof message_1);
}

static void wipe(void *channel)
{
    device_pairing_v3_wipe(channel);
}

static const channel_v3_operation OPERATION = {
    .request_size = sizeof(device_request),
    .read_request = read_request,
    .channel_size = sizeof(device_pairing_v3),
    .start = start,
    .steps = &STEPS,
    .wipe = wipe,
};

const char *op_pairing_v3_device(const json_t *input, json_t *output)
{
    return channel_v3_operation_run(&OPERATION, input, output);
}
