/* The device side of the bootstrap: build the handshake 0x03 (HS-1..3),
 * open the ack 0x04 (ACK-4).
 *
 *   device                                   core
 *   0x03 || hs_eph_pub || nonce || AEAD(k_hs, {device_pubkey, client_ephemeral_pubkey})
 *        ------------------------------------>
 *   0x04 || nonce || AEAD(k_ack, {kind, server_ephemeral_pubkey})
 *        <------------------------------------
 *   both: c2s, s2c = HKDF(static_dh || eph_dh, client_eph_pub || server_eph_pub)
 *
 * Private keys and nonces are inputs: the caller draws them from a CSPRNG
 * (DH-3), and vectors can pin them. */
#ifndef OPENHUMAN_HANDSHAKE_DEVICE_H
#define OPENHUMAN_HANDSHAKE_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "handshake_json.h"
#include "session_keys.h"
#include "tunnel_error.h"

/* 0x03 || hs_eph_pub(32) || nonce(24) || ciphertext || tag(16) */
#define HANDSHAKE_FRAME_LENGTH (1u + 32u + 24u + HANDSHAKE_PLAINTEXT_LENGTH + 16u)

/* Builds the handshake frame. A core key that makes the handshake DH or the
 * static DH all zero -> low_order_key, and nothing is built (HS-3). */
tunnel_error device_handshake_start(const uint8_t core_static_public[32],
                                    const uint8_t device_static_private[32],
                                    const uint8_t handshake_ephemeral_private[32],
                                    const uint8_t client_ephemeral_private[32],
                                    const uint8_t nonce[24], uint8_t frame[HANDSHAKE_FRAME_LENGTH]);

/* Opens the ack with the checks of ACK-4 in order and derives the session
 * keys. On error keys is left wiped. */
tunnel_error device_handshake_finish(const uint8_t *ack, size_t ack_length,
                                     const uint8_t core_static_public[32],
                                     const uint8_t device_static_private[32],
                                     const uint8_t client_ephemeral_private[32],
                                     session_keys *keys);

#endif
