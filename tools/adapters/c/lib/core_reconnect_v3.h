/* One paired version 3 channel of the core through its reconnections
 * (V3-RECON-2, V3-RECON-3): the KKpsk2 responder that answers a message 1
 * from the paired device, the pending reconnection that answer creates,
 * the key confirmation that commits it as the current session, and that
 * session's frames (V3-CHAN-1, V3-CHAN-2).
 *
 * Message 1 proves only that its sender once held the device's message
 * (anyone may replay it), so the answer changes no session: a pending
 * reconnection is a candidate, replaced by the next answered message 1, and
 * only a confirmation under its device-to-core key, which needs the
 * device's ephemeral and static private keys, makes it current. A refusal
 * changes nothing. */
#ifndef OPENHUMAN_CORE_RECONNECT_V3_H
#define OPENHUMAN_CORE_RECONNECT_V3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "channel_session_v3.h"
#include "handshake_rate.h"
#include "pairing_v3.h"
#include "reconnect_v3.h"
#include "tunnel_error.h"

/* An answered reconnection that awaits its confirmation: its handshake's
 * h and transport keys, and the ephemeral key of the message 1 it answered,
 * which is refused again (handshake_replayed). */
typedef struct {
    reconnect_v3_session session;
    uint8_t device_ephemeral[32];
} core_reconnection_v3;

typedef struct {
    /* What the pairing committed (V3-CONFIRM-2) and the channel's binding. */
    uint8_t core_static_private[32];
    uint8_t prologue[PAIRING_V3_PROLOGUE_MAX_LENGTH];
    size_t prologue_length;
    uint8_t device_public[32];
    uint8_t reconnect_psk[32];
    handshake_rate rate; /* V3-RATE-1: HS-RATE-1's bucket */
    /* The current session (session.active): the h that names it, the
     * ephemeral key of the message 1 that started it (refused again,
     * handshake_replayed), and its frames' state under its own keys. */
    uint8_t current_hash[32];
    uint8_t current_ephemeral[32];
    channel_session_v3 session;
    bool has_pending; /* answered, awaiting its confirmation (V3-RECON-3) */
    core_reconnection_v3 pending;
} core_reconnect_v3;

/* A channel paired with the device whose static key is device_public, for
 * cid (pairing_v3_cid_is_valid, the caller's check), with the reconnection
 * psk the pairing stored; no session yet, nothing pending, a full bucket. */
void core_reconnect_v3_init(core_reconnect_v3 *channel, const uint8_t core_static_private[32],
                            const char *cid, size_t cid_length, const uint8_t device_public[32],
                            const uint8_t reconnect_psk[32]);

/* Erases every key of the channel, the session's included. */
void core_reconnect_v3_wipe(core_reconnect_v3 *channel);

/* A message from the device, checked in V3-RECON-2's order. A message 1
 * that is answered puts message 2 into send, under the ephemeral key
 * core_ephemeral or, when NULL, one drawn from the CSPRNG, and becomes the
 * pending reconnection; a confirmation that opens commits it, the new
 * session's first epoch starting at now. A 0x16 goes to the current
 * session (no_session without one), never to the pending reconnection's
 * keys, and fills *delivery (cleared first) when the session accepts it.
 * The core sends under the current session alone too:
 * channel_session_v3_send_begin on channel->session (V3-CHAN-2). */
tunnel_error core_reconnect_v3_receive(core_reconnect_v3 *channel, const uint8_t *message,
                                       size_t length, uint64_t now, const uint8_t *core_ephemeral,
                                       reconnect_v3_send *send, channel_delivery_v3 *delivery);

#endif
