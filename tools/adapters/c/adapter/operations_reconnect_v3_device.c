/* reconnect-v3-device (ADP-129, ADP-133): the paired phone's side of a
 * version 3 reconnection, message 1 at once, then the core's messages and
 * the messages the phone sends under the new session. Every result carries
 * the phone's state, what the step sent (the key confirmation when message
 * 2 passes, a send step's frames) and the new session's handshake hash once
 * connected; a session frame accepted adds "delivered". */
#include "adapter_io.h"
#include "channel_v3_operation.h"
#include "device_reconnect_v3.h"
#include "operations.h"
#include "secure_memory.h"

/* The steps of ADP-129 and ADP-133. */
static const char *const KINDS[] = {"receive", "send"};

/* The phone sends under its new session alone (V3-CHAN-3): no_session
 * before message 2. */
static tunnel_error begin_send(void *context, const uint8_t *message, size_t length, uint64_t now,
                               channel_sending_v3 *sending)
{
    device_reconnect_v3 *device = context;
    return channel_session_v3_send_begin(&device->session, message, length, now, sending);
}

/* Every step's members besides send (ADP-129): state and session. */
static const char *set_result(const void *context, json_t *out)
{
    const device_reconnect_v3 *device = context;
    bool connected = device->state == DEVICE_RECONNECT_V3_CONNECTED;
    return json_object_set_new(out, "state", json_string(connected ? "connected" : "awaiting")) !=
                       0 ||
                   !output_set_hex_or_null(out, "session", connected ? device->session_hash : NULL,
                                           32)
               ? ADAPTER_INTERNAL_ERROR
               : NULL;
}

/* {message, now?} */
static const char *run_receive(void *context, const char *kind, const json_t *body,
                               channel_v3_outcome *outcome)
{
    (void)kind; /* receive, the one step besides send */
    device_reconnect_v3 *device = context;
    uint8_t *message = NULL;
    size_t length = 0;
    uint64_t now = 0;
    reconnect_v3_send send;
    send.length = 0;
    const char *error = input_bytes(body, "message", &message, &length);
    if (error == NULL) {
        error = input_optional_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL) {
        outcome->status = device_reconnect_v3_receive(device, message, length, now, &send,
                                                      &outcome->delivery);
        error = channel_v3_append_sent(outcome->sent, send.bytes, send.length);
    }
    secure_free(message);
    return error;
}

static const channel_v3_steps STEPS = {
    .kinds = KINDS,
    .kind_count = sizeof KINDS / sizeof KINDS[0],
    .run_kind = run_receive,
    .begin_send = begin_send,
    .set_result = set_result,
};

/* The inputs besides steps. */
typedef struct {
    uint8_t core_public[32];
    const char *cid;
    size_t cid_length;
    uint8_t device_static_private[32];
    uint8_t device_ephemeral[32];
    uint8_t reconnect_psk[32];
} reconnect_request;

static const char *read_request(const json_t *input, void *context)
{
    reconnect_request *request = context;
    const char *error = input_fixed(input, "corePublicKey", request->core_public, 32);
    if (error == NULL) {
        error = input_cid(input, &request->cid, &request->cid_length);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceStaticPrivate", request->device_static_private, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceEphemeral", request->device_ephemeral, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "reconnectPsk", request->reconnect_psk, 32);
    }
    return error;
}

/* The phone sends message 1 at once. */
static const char *start(void *device, const void *context, json_t *output)
{
    const reconnect_request *request = context;
    uint8_t message_1[RECONNECT_V3_MESSAGE_1_LENGTH];
    tunnel_error status = device_reconnect_v3_start(
        device, request->core_public, request->cid, request->cid_length, request->reconnect_psk,
        request->device_static_private, request->device_ephemeral, message_1);
    return channel_v3_set_message_one(output, status, message_1, sizeof message_1);
}

static void wipe(void *channel)
{
    device_reconnect_v3_wipe(channel);
}

static const channel_v3_operation OPERATION = {
    .request_size = sizeof(reconnect_request),
    .read_request = read_request,
    .channel_size = sizeof(device_reconnect_v3),
    .start = start,
    .steps = &STEPS,
    .wipe = wipe,
};

const char *op_reconnect_v3_device(const json_t *input, json_t *output)
{
    return channel_v3_operation_run(&OPERATION, input, output);
}
