/* A version 3 channel's current session (14.7, V3-CHAN-1 to V3-CHAN-3): the
 * one session a channel holds at a time, started by the handshake that
 * committed it, with the records of its messages (session_v3_records.h).
 *
 * Every channel of either side (core_pairing_v3, core_reconnect_v3,
 * device_pairing_v3, device_reconnect_v3) hands its 0x16 here and sends
 * through here, after its own checks have decided whether a session may
 * take the frame at all (V3-CORE-1, V3-RECON-2, V3-DEV-1, V3-RECON-4). A
 * commit replaces the session whole: the keys of the one it replaces are
 * erased, so that session's frames fail their tag under the new keys, and
 * no other keys (a pending reconnection's) ever open or seal here. */
#ifndef OPENHUMAN_CHANNEL_SESSION_V3_H
#define OPENHUMAN_CHANNEL_SESSION_V3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session_v3.h"
#include "session_v3_records.h"
#include "tunnel_error.h"

/* A zeroed one holds no session (active false). */
typedef struct {
    bool active;
    session_v3 session;
    session_v3_fragmenter fragmenter;
    session_v3_reassembly reassembly;
} channel_session_v3;

/* What a step did with a 0x16 it handed to the session (ADP-133's
 * delivered): accepted when the session accepted the frame; then message
 * (a secure_alloc buffer, released with channel_delivery_v3_release) is the
 * message its record completed, of length bytes, or NULL for a fragment
 * kept. A zeroed one: no frame accepted. */
typedef struct {
    bool accepted;
    uint8_t *message;
    size_t length;
} channel_delivery_v3;

/* A message on its way out under a channel's session: its records, sealed
 * one at a time at the time the send was asked for. */
typedef struct {
    channel_session_v3 *channel;
    session_v3_outgoing outgoing;
    uint64_t now;
} channel_sending_v3;

/* Starts the session a commit gives, replacing any earlier one (its keys
 * erased, its partial messages freed): the party's side (device or core),
 * the counters of V3-SESS-1 for the handshake that started it, the
 * transport keys of that handshake, and its first epoch starting now, the
 * time of the commit (V3-CHAN-1, V3-CHAN-3). */
void channel_session_v3_start(channel_session_v3 *channel, bool device, session_v3_start start,
                              const uint8_t device_to_core[SESSION_V3_KEY_LENGTH],
                              const uint8_t core_to_device[SESSION_V3_KEY_LENGTH], uint64_t now);

/* Ends the session, if any: its keys erased, its partial messages freed. */
void channel_session_v3_end(channel_session_v3 *channel);

/* Hands a frame to the session: no_session without one; else the session's
 * V3-FRAME-2 and V3-FRAG-2 checks, and an accepted frame fills *delivery
 * (cleared first). A refusal changes nothing. */
tunnel_error channel_session_v3_receive(channel_session_v3 *channel, const uint8_t *frame,
                                        size_t frame_length, channel_delivery_v3 *delivery);

/* Frees the delivered message and clears the delivery. */
void channel_delivery_v3_release(channel_delivery_v3 *delivery);

/* Starts sending message (length bytes, the caller's until the last frame)
 * at now: no_session without a session; then the session's own refusals,
 * message_too_large and session_exhausted (V3-FRAG-1), before anything is
 * sealed and with nothing changed. Its frames then come from
 * channel_sending_v3_next, in order, until channel_sending_v3_more is false. */
tunnel_error channel_session_v3_send_begin(channel_session_v3 *channel, const uint8_t *message,
                                           size_t length, uint64_t now,
                                           channel_sending_v3 *sending);

/* True while the message has a record left to seal. */
bool channel_sending_v3_more(const channel_sending_v3 *sending);

/* Seals the next record into frame (room for SESSION_V3_MAX_FRAME bytes);
 * channel_session_v3_send_begin checked that every record can be. */
tunnel_error channel_sending_v3_next(channel_sending_v3 *sending, uint8_t *frame,
                                     size_t *frame_length);

#endif
