/* One step of a version 3 channel operation (pairing-v3-core,
 * pairing-v3-device, reconnect-v3-core, reconnect-v3-device), as the four
 * share it: "send", the messages the step sent, in order ([] when none, also
 * on a refusal); "error" on a refusal; and ADP-133's two additions, the send
 * step whose frames are that "send", and "delivered" on a receive step whose
 * 0x16 the channel's session accepted. Each operation brings only its own
 * step kinds and what its channel's state shows. */
#ifndef OPENHUMAN_CHANNEL_V3_STEPS_H
#define OPENHUMAN_CHANNEL_V3_STEPS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "channel_session_v3.h"
#include "tunnel_error.h"

/* What a step did besides its result's own members: sent is out["send"]
 * (borrowed), delivery what the channel's session accepted, status the
 * protocol's refusal (TUNNEL_OK when none). */
typedef struct {
    json_t *sent;
    channel_delivery_v3 delivery;
    tunnel_error status;
} channel_v3_outcome;

/* One operation's own step kinds, every one but "send": reads body, acts on
 * channel and fills outcome. NULL or an adapter code that ends the request. */
typedef const char *(*channel_v3_run_kind)(void *channel, const char *kind, const json_t *body,
                                           channel_v3_outcome *outcome);

/* One operation's way to start a send on its channel: the channel's own
 * checks (V3-CHAN-2, V3-CHAN-3), then channel_session_v3_send_begin on its
 * session. */
typedef tunnel_error (*channel_v3_send_begin)(void *channel, const uint8_t *message, size_t length,
                                              uint64_t now, channel_sending_v3 *sending);

/* The members every step's result carries besides send, error and
 * delivered: what the channel's state shows. NULL or internal_error. */
typedef const char *(*channel_v3_set_result)(const void *channel, json_t *out);

/* What sets one operation's steps apart. */
typedef struct {
    const char *const *kinds; /* its step kinds, "send" among them */
    size_t kind_count;
    channel_v3_run_kind run_kind;
    channel_v3_send_begin begin_send;
    channel_v3_set_result set_result;
} channel_v3_steps;

/* Runs one step {kind: body} of steps on channel into out. A send step
 * {message, now} (ADP-133) takes a message of at most 1 MiB, else
 * bad_request. */
const char *channel_v3_run_step(const channel_v3_steps *steps, void *channel, const json_t *step,
                                json_t *out);

/* Appends hex(bytes) to sent when length is not 0 (a handshake step sends
 * at most one message). NULL or internal_error. */
const char *channel_v3_append_sent(json_t *sent, const uint8_t *bytes, size_t length);

#endif
