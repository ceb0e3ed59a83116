/* reconnect-v3-core (ADP-128, ADP-133): one paired version 3 channel of the
 * core through the device's reconnection messages and session frames, and
 * the messages the core sends under its current session. Every result
 * carries what the step sent and the two handshake hashes a reader needs to
 * see that only a confirmation commits: the current session's and the
 * pending reconnection's; a session frame accepted adds "delivered". */
#include <sodium.h>

#include "adapter_io.h"
#include "channel_v3_operation.h"
#include "core_reconnect_v3.h"
#include "operations.h"
#include "secure_memory.h"

/* The steps of ADP-128 and ADP-133. */
static const char *const KINDS[] = {"receive", "send"};

/* A send goes under the current session alone (V3-CHAN-2): a pending
 * reconnection's keys never seal. */
static tunnel_error begin_send(void *context, const uint8_t *message, size_t length, uint64_t now,
                               channel_sending_v3 *sending)
{
    core_reconnect_v3 *channel = context;
    return channel_session_v3_send_begin(&channel->session, message, length, now, sending);
}

/* {message, now, coreEphemeral?}: the key is used only if the message is a
 * message 1 the core answers (absent, the CSPRNG's). */
static const char *run_receive(void *context, const char *kind, const json_t *body,
                               channel_v3_outcome *outcome)
{
    (void)kind; /* receive, the one step besides send */
    core_reconnect_v3 *channel = context;
    uint8_t *message = NULL;
    size_t length = 0;
    uint64_t now = 0;
    uint8_t core_ephemeral[32];
    bool has_ephemeral = false;
    reconnect_v3_send send;
    send.length = 0;
    const char *error = input_bytes(body, "message", &message, &length);
    if (error == NULL) {
        error = input_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL) {
        error = input_optional_fixed(body, "coreEphemeral", core_ephemeral, sizeof core_ephemeral,
                                     &has_ephemeral);
    }
    if (error == NULL) {
        outcome->status = core_reconnect_v3_receive(channel, message, length, now,
                                                    has_ephemeral ? core_ephemeral : NULL, &send,
                                                    &outcome->delivery);
        error = channel_v3_append_sent(outcome->sent, send.bytes, send.length);
    }
    secure_free(message);
    sodium_memzero(core_ephemeral, sizeof core_ephemeral);
    return error;
}

/* Every step's members besides send (ADP-128): session and pending, null
 * when the channel has none. */
static const char *set_result(const void *context, json_t *out)
{
    const core_reconnect_v3 *channel = context;
    const uint8_t *session = channel->session.active ? channel->current_hash : NULL;
    const uint8_t *pending = channel->has_pending ? channel->pending.session.handshake_hash : NULL;
    return output_set_hex_or_null(out, "session", session, 32) &&
                   output_set_hex_or_null(out, "pending", pending, 32)
               ? NULL
               : ADAPTER_INTERNAL_ERROR;
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
    uint8_t core_static_private[32];
    const char *cid;
    size_t cid_length;
    uint8_t device_public[32];
    uint8_t reconnect_psk[32];
} reconnect_request;

static const char *read_request(const json_t *input, void *context)
{
    reconnect_request *request = context;
    const char *error = input_fixed(input, "coreStaticPrivate", request->core_static_private,
                                    sizeof request->core_static_private);
    if (error == NULL) {
        error = input_cid(input, &request->cid, &request->cid_length);
    }
    if (error == NULL) {
        error = input_fixed(input, "devicePublicKey", request->device_public,
                            sizeof request->device_public);
    }
    if (error == NULL) {
        error = input_fixed(input, "reconnectPsk", request->reconnect_psk,
                            sizeof request->reconnect_psk);
    }
    return error;
}

/* The core sends nothing before the device's message 1. */
static const char *start(void *channel, const void *context, json_t *output)
{
    const reconnect_request *request = context;
    (void)output;
    core_reconnect_v3_init(channel, request->core_static_private, request->cid, request->cid_length,
                           request->device_public, request->reconnect_psk);
    return NULL;
}

static void wipe(void *channel)
{
    core_reconnect_v3_wipe(channel);
}

static const channel_v3_operation OPERATION = {
    .request_size = sizeof(reconnect_request),
    .read_request = read_request,
    .channel_size = sizeof(core_reconnect_v3),
    .start = start,
    .steps = &STEPS,
    .wipe = wipe,
};

const char *op_reconnect_v3_core(const json_t *input, json_t *output)
{
    return channel_v3_operation_run(&OPERATION, input, output);
}
