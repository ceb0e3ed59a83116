/* What the four version 3 channel operations (pairing-v3-core,
 * pairing-v3-device, reconnect-v3-core, reconnect-v3-device) share in their
 * steps' results: "send", the messages a step sent, in order ([] when none,
 * also on a refusal), and ADP-133's two additions, the send step whose
 * frames are that "send", and "delivered" on a receive step whose 0x16 the
 * channel's session accepted. */
#ifndef OPENHUMAN_CHANNEL_V3_STEPS_H
#define OPENHUMAN_CHANNEL_V3_STEPS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "channel_session_v3.h"
#include "tunnel_error.h"

/* Sets out["send"] to a new empty array and *sent to it (borrowed): each
 * message the step sends is appended as it goes. NULL or internal_error. */
const char *channel_v3_start_sent(json_t *out, json_t **sent);

/* Appends hex(bytes) to sent when length is not 0 (a handshake step sends
 * at most one message). NULL or internal_error. */
const char *channel_v3_append_sent(json_t *sent, const uint8_t *bytes, size_t length);

/* One operation's way to start a send on its channel (context): the
 * channel's own checks (V3-CHAN-2, V3-CHAN-3), then
 * channel_session_v3_send_begin on its session. */
typedef tunnel_error (*channel_v3_send_begin)(void *context, const uint8_t *message, size_t length,
                                              uint64_t now, channel_sending_v3 *sending);

/* A send step {message, now} (ADP-133): message is at most 1 MiB, else
 * bad_request; begun by begin on context, its frames are appended to sent
 * in order. The protocol's refusal goes to *status, with nothing sent. */
const char *channel_v3_run_send(const json_t *body, channel_v3_send_begin begin, void *context,
                                json_t *sent, tunnel_error *status);

/* out["delivered"] when the step's frame was accepted: [hex(message)], or []
 * for a fragment kept; nothing for any other step. NULL or internal_error. */
const char *channel_v3_set_delivered(json_t *out, const channel_delivery_v3 *delivery);

#endif
