/* One channel at the core with key confirmation and pairing confirmation
 * (KEYCONF-1..6, CONFIRM-1..5): the channel state, the current session and
 * a slot for one pending handshake.
 *
 * A handshake proves nothing about its sender (k_hs needs only the public
 * core key), so an accepted handshake only takes the slot; the channel and
 * its live session change when the first frame under the slot's keys
 * authenticates, which only the holder of the device's private keys can
 * seal. A first pairing then waits, undelivered, until the user compares
 * the six digits and confirms, or rejects, or the deadline passes. */
#ifndef OPENHUMAN_CORE_CHANNEL_H
#define OPENHUMAN_CORE_CHANNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core_session.h"
#include "handshake_core.h"
#include "sas.h"
#include "tunnel_error.h"

#define CONFIRM_TIMEOUT_SECONDS 120u /* CONFIRM-1 */
#define PENDING_GRACE_SECONDS 60u    /* KEYCONF-3 step 3 */
/* KEYCONF-7: a lost ack, a new scan, a second phone; a fourth key saw the QR code. */
#define PENDING_DEVICE_KEY_LIMIT 3u
/* KEYCONF-7: the phone's handshake and a few retries; each ack reveals a code. */
#define PENDING_HANDSHAKE_LIMIT 5u

/* A handshake that passed HS-4 and waits for its first frame. */
typedef struct {
    uint8_t device_public[32];
    uint8_t handshake_ephemeral_public[32];
    uint8_t client_ephemeral_public[32]; /* refused again while it waits (HS-4-9) */
    session_keys keys;
    char sas[SAS_DIGITS + 1];
} pending_handshake;

typedef struct {
    uint8_t core_static_private[32];
    channel_state state;
    bool has_current;
    core_session current;
    /* HS-4-9: the client_eph of the handshake that made the current session. */
    uint8_t current_client_ephemeral[32];
    bool has_slot;
    pending_handshake slot;
    size_t session_bound; /* MEMORY-2, for every session this channel starts */
    /* KEYCONF-7: the distinct device keys a pending channel admitted. */
    uint8_t pending_device_keys[PENDING_DEVICE_KEY_LIMIT][32];
    size_t pending_device_key_count;
    /* SIG-CORE-2: the channel was revoked by the core itself since the last
     * core_channel_take_revoke, so tunnel:revoke is owed to the relay. */
    bool revoke_owed;
    /* KEYCONF-7, HS-4-9: the client_eph of every handshake a pending channel
     * admitted; their count is the handshakes admitted. */
    uint8_t pending_client_ephemerals[PENDING_HANDSHAKE_LIMIT][32];
    size_t pending_handshake_count;
    handshake_rate rate; /* HS-RATE-1, in every state */
} core_channel;

/* A channel issued (pending) or restored (paired, revoked) in state: no
 * current session, empty slot (CHAN-7). */
void core_channel_init(core_channel *channel, const uint8_t core_static_private[32],
                       const channel_state *state, size_t session_bound);

/* Erases every key and frees the session memory (SESS-2). */
void core_channel_wipe(core_channel *channel);

/* HS-4 with HS-RATE-1, KEYCONF-1, KEYCONF-2, KEYCONF-7 and CONFIRM-5 (a
 * confirming channel takes none: pairing_unconfirmed): on success result holds the
 * ack to send, the keys and the code, and the handshake replaces the slot;
 * the state and the current session are unchanged. On failure nothing
 * changes (after the timeout of CONFIRM-3, which every input applies). */
tunnel_error core_channel_handshake(core_channel *channel, const uint8_t *frame,
                                    size_t frame_length, uint64_t now,
                                    const uint8_t server_ephemeral_private[32],
                                    const uint8_t ack_nonce[24], core_handshake_result *result);

/* KEYCONF-3: the checks in order, the commit of the slot (KEYCONF-4) when
 * the frame opens under its keys. TUNNEL_OK means the plaintext is
 * delivered; pairing_unconfirmed means the frame was accepted (its nonce
 * recorded, perhaps a commit done) but the channel is confirming, so
 * nothing is delivered and plaintext is wiped (CONFIRM-2). plaintext has
 * room for frame_length bytes. */
tunnel_error core_channel_open(core_channel *channel, const uint8_t *frame, size_t frame_length,
                               uint64_t now, uint8_t *plaintext, size_t *plaintext_length);

/* KEYCONF-5: revoked, no session, confirming, exhausted, then FRAME-SEAL-3;
 * sealed under the current session only. nonce NULL: drawn from the CSPRNG. */
tunnel_error core_channel_seal(core_channel *channel, const uint8_t *plaintext,
                               size_t plaintext_length, const uint8_t *nonce, uint64_t now,
                               uint8_t *frame, size_t *frame_length);

/* CONFIRM-3, CONFIRM-4: the user's answer. A confirmation names the
 * handshake whose code the user saw; another than the committed one is
 * stale_confirmation. A rejection names none: rejecting is always safe. */
tunnel_error core_channel_confirm(core_channel *channel, uint64_t now,
                                  const uint8_t handshake_ephemeral[32]);
tunnel_error core_channel_reject(core_channel *channel, uint64_t now);

/* ADP-53, SAS-3: the handshakes and distinct device keys admitted while
 * pending, shown while the channel is pending or confirming; false once it
 * is paired or revoked. */
bool core_channel_attempts(const core_channel *channel, size_t *handshakes, size_t *device_keys);

/* A timer of the core: applies the timeout of CONFIRM-3 only. */
void core_channel_tick(core_channel *channel, uint64_t now);

/* The core stopped and started again (CHAN-7, ADP-56): a paired channel
 * loses its session and slot; a pending (CLOCK-3) or confirming
 * (CONFIRM-6) one is revoked, since its window was measured on a monotonic
 * clock that starts again. */
void core_channel_restart(core_channel *channel, uint64_t now);

/* The relay's tunnel:revoked: the relay is not trusted to end pairings, so
 * nothing changes but the timeout (SIG-CORE-3). */
void core_channel_relay_revoked(core_channel *channel, uint64_t now);

/* Whether tunnel:revoke became owed since the last call (SIG-CORE-2);
 * clears it. */
bool core_channel_take_revoke(core_channel *channel);

/* ADP-55: the current session made exhausted without its frames (MEMORY-2);
 * no_session when there is none. */
tunnel_error core_channel_fill_session(core_channel *channel, uint64_t now);

#endif
