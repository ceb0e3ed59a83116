/* The core side of the bootstrap: accept a handshake 0x03 on a pairing
 * channel and answer with an ack 0x04 (HS-4, ACK-1..3, CHAN-1..6). */
#ifndef OPENHUMAN_HANDSHAKE_CORE_H
#define OPENHUMAN_HANDSHAKE_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "handshake_json.h"
#include "handshake_rate.h"
#include "sas.h"
#include "session_keys.h"
#include "tunnel_error.h"

/* 0x04 || nonce(24) || ciphertext || tag(16) */
#define ACK_FRAME_LENGTH (1u + 24u + ACK_PLAINTEXT_LENGTH + 16u)

typedef enum {
    CHANNEL_PENDING,
    CHANNEL_CONFIRMING,
    CHANNEL_PAIRED,
    CHANNEL_REVOKED
} channel_status;

/* CHAN-1, CONFIRM-1. pending: waiting for a handshake until expires_at (Unix
 * seconds). confirming: a first pairing was committed and waits for the
 * user until deadline; bound to its device key like paired. paired: bound
 * to one device static key; remembers the handshake ephemeral it last
 * accepted (CHAN-5). revoked: accepts nothing. */
typedef struct {
    channel_status status;
    uint64_t expires_at;
    uint64_t deadline;
    uint8_t device_public[32];
    bool has_last_handshake_ephemeral;
    uint8_t last_handshake_ephemeral[32];
} channel_state;

typedef struct {
    uint8_t ack[ACK_FRAME_LENGTH];
    session_keys keys;
    uint8_t device_public[32];
    uint8_t handshake_ephemeral_public[32];
    uint8_t client_ephemeral_public[32];
    char sas[SAS_DIGITS + 1]; /* SAS-2 over this handshake and the ack built */
} core_handshake_result;

/* What a channel with a history (core-channel) brings to HS-4 beyond its
 * state; the stateless handshake-core passes NULL. rate takes its token
 * between steps 4 and 5 (HS-RATE-1), the one effect a failing handshake
 * has; a client_ephemeral_pubkey among refused_client_ephemerals is
 * handshake_replayed at step 9 (HS-4-9, R3-16). */
typedef struct {
    handshake_rate *rate;
    const uint8_t (*refused_client_ephemerals)[32];
    size_t refused_count;
} core_handshake_limits;

/* Runs the checks of HS-4 in order and, when all pass, derives the session
 * keys, builds the ack and the code; changes nothing but the token of
 * limits->rate (KEYCONF-1: the caller decides when to commit). A confirming channel is checked like
 * a paired one and never expires here (CONFIRM-5). slot_handshake_ephemeral is the hs_eph_pub of
 * the pending handshake, or NULL when the slot is empty (KEYCONF-2). server_ephemeral_private and
 * ack_nonce are fresh CSPRNG output from the caller (ACK-3). */
tunnel_error core_handshake_open(const uint8_t *frame, size_t frame_length,
                                 const uint8_t core_static_private[32],
                                 const channel_state *channel,
                                 const uint8_t *slot_handshake_ephemeral,
                                 const core_handshake_limits *limits, uint64_t now,
                                 const uint8_t server_ephemeral_private[32],
                                 const uint8_t ack_nonce[24], core_handshake_result *result);

/* The handshake-core operation: core_handshake_open on a pending, paired or
 * revoked channel, committed at once; the first failure is the error and
 * the channel is untouched (CHAN-6). On success the channel becomes paired
 * with the device key and this handshake's ephemeral, and result holds the
 * ack and the new session keys. */
tunnel_error core_handshake_accept(const uint8_t *frame, size_t frame_length,
                                   const uint8_t core_static_private[32], channel_state *channel,
                                   uint64_t now, const uint8_t server_ephemeral_private[32],
                                   const uint8_t ack_nonce[24], core_handshake_result *result);

#endif
