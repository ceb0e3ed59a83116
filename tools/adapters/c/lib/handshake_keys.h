/* The two bootstrap keys: k_hs seals the handshake (KDF-3), k_ack seals the
 * ack (KDF-4). Each has its own info tag, so no key of one message can be
 * mistaken for a key of another. */
#ifndef OPENHUMAN_HANDSHAKE_KEYS_H
#define OPENHUMAN_HANDSHAKE_KEYS_H

#include <stdint.h>

/* k_hs = HKDF-SHA256(X25519(hs_eph, core_static_pub), hs_eph_pub || core_static_pub,
 *                    "openhuman-tunnel/v3/handshake", 32).
 * Only the holder of core_static can derive it, so the relay cannot read the
 * device's keys; the salt binds the key to this handshake's ephemeral. */
void handshake_key_derive(const uint8_t handshake_dh[32],
                          const uint8_t handshake_ephemeral_public[32],
                          const uint8_t core_static_public[32], uint8_t key[32]);

/* k_ack = HKDF-SHA256(static_dh, client_eph_pub, "openhuman-tunnel/v3/handshake-ack", 32).
 * Only the two paired statics give static_dh, so a valid ack proves the core. */
void ack_key_derive(const uint8_t static_dh[32], const uint8_t client_ephemeral_public[32],
                    uint8_t key[32]);

#endif
