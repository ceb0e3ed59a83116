/* One version 3 channel of the core through its first pairing (V3-CORE-1,
 * V3-BIND-1, V3-RATE-1, V3-ATTEMPT-1, V3-COMMIT-2, V3-CONFIRM-1..3): the
 * IKpsk1 responder that answers message 1s, the one attempt whose reveal
 * and answer it waits for, the two users' confirmations, and the session
 * the commit starts (V3-CHAN-1, V3-CHAN-2).
 *
 * Each step proves one thing, and the channel moves only when it holds:
 * message 1's tags prove that the device scanned the QR secret (psk1); the
 * reveal proves that the code was not steered (the device committed to N_D
 * before it saw N_C); and only both users' Yes and Match for that code
 * commit the device's key. A refusal changes nothing unless the
 * specification says that it revokes. */
#ifndef OPENHUMAN_CORE_PAIRING_V3_H
#define OPENHUMAN_CORE_PAIRING_V3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "channel_session_v3.h"
#include "handshake_core.h"
#include "handshake_rate.h"
#include "noise.h"
#include "pairing_v3.h"
#include "sas.h"
#include "tunnel_error.h"

/* V3-ATTEMPT-1: each attempt that passes its tags reveals a code. */
#define PAIRING_V3_ATTEMPT_LIMIT 3u
/* V3-CONFIRM-3: CONFIRM-3's bound, from the reveal. */
#define PAIRING_V3_CONFIRM_SECONDS 120u

/* What the core sends because of one step: at most one message, and message
 * 2 is the longest. length 0: nothing. */
typedef struct {
    uint8_t bytes[PAIRING_V3_MESSAGE_2_LENGTH];
    size_t length;
} core_pairing_v3_send;

/* An answered message 1 and what follows from it. The code, deadline and
 * device nonce are set at the reveal (the channel is then confirming). */
typedef struct {
    uint8_t device_public[32];
    uint8_t commitment[32];
    uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH];
    uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH];
    uint8_t handshake_hash[32];
    noise_cipher_state device_to_core; /* the device's records */
    noise_cipher_state core_to_device; /* the core's one record */
    char code[SAS_DIGITS + 1];
    uint64_t deadline;
    bool core_confirmed;
    bool device_confirmed;
} pairing_v3_attempt;

typedef struct {
    uint8_t core_static_private[32];
    uint8_t prologue[PAIRING_V3_PROLOGUE_MAX_LENGTH];
    size_t prologue_length;
    uint8_t psk[32];
    uint64_t expires_at;
    channel_status status;
    handshake_rate rate; /* V3-RATE-1: HS-RATE-1's bucket */
    /* V3-ATTEMPT-1: the message 1s answered; their ephemeral keys are refused
     * again (handshake_replayed), so a replay reveals no second code. */
    size_t attempts;
    uint8_t answered_ephemerals[PAIRING_V3_ATTEMPT_LIMIT][32];
    bool has_attempt;
    pairing_v3_attempt attempt;
    /* Paired: what the pairing committed (V3-CONFIRM-2), and the session its
     * commit started under the attempt's transport keys (V3-CHAN-1). */
    uint8_t device_public[32];
    uint8_t reconnect_psk[32];
    channel_session_v3 session;
} core_pairing_v3;

/* A pending version 3 channel issued for cid (pairing_v3_cid_is_valid, the
 * caller's check) with the QR secret pairing_secret, open until expires_at
 * on the core's clock; a full bucket and no attempt. */
void core_pairing_v3_init(core_pairing_v3 *channel, const uint8_t core_static_private[32],
                          const char *cid, size_t cid_length,
                          const uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH],
                          uint64_t expires_at);

/* Erases every key and secret of the channel, its session's included. */
void core_pairing_v3_wipe(core_pairing_v3 *channel);

/* A message from the device, checked in V3-CORE-1's order. A message 1 that
 * is answered puts message 2 into send and becomes the attempt, with the
 * core's ephemeral key and nonce core_ephemeral and core_nonce, or, each
 * when NULL, drawn from the CSPRNG. A record is the reveal or the device's
 * answer; the answer that completes both confirmations commits, and the
 * session's first epoch starts at now. A 0x16 on a paired channel goes to
 * that session, which fills *delivery (cleared first) when it accepts it. */
tunnel_error core_pairing_v3_receive(core_pairing_v3 *channel, const uint8_t *message,
                                     size_t length, uint64_t now, const uint8_t *core_ephemeral,
                                     const uint8_t *core_nonce, core_pairing_v3_send *send,
                                     channel_delivery_v3 *delivery);

/* Starts sending message (length bytes) to the device at now, in
 * V3-CHAN-2's order: the deadline first (V3-CONFIRM-3), then a revoked
 * channel is channel_revoked, a confirming one pairing_unconfirmed, one
 * without a session (pending) no_session, then the session's own
 * refusals; nothing is sealed or changed by a refusal. The frames come
 * from channel_sending_v3_next. */
tunnel_error core_pairing_v3_send_begin(core_pairing_v3 *channel, const uint8_t *message,
                                        size_t length, uint64_t now, channel_sending_v3 *sending);

/* The desktop's Yes for the code its dialog showed (code_length bytes):
 * sends the core's confirmation record, and commits when the device's
 * Match came first (V3-CONFIRM-2), the session's first epoch starting at
 * now. */
tunnel_error core_pairing_v3_confirm(core_pairing_v3 *channel, uint64_t now, const char *code,
                                     size_t code_length, core_pairing_v3_send *send);

/* The desktop's No: revokes the channel, and sends the core's rejection
 * record when the code is on screen (V3-CONFIRM-1). */
tunnel_error core_pairing_v3_reject(core_pairing_v3 *channel, uint64_t now,
                                    core_pairing_v3_send *send);

/* Time passes: the deadline of V3-CONFIRM-3 and the pending channel's exp. */
void core_pairing_v3_tick(core_pairing_v3 *channel, uint64_t now);

#endif
