/* Directional session keys (KDF-2) and which side uses which (KDF-5). */
#ifndef OPENHUMAN_SESSION_KEYS_H
#define OPENHUMAN_SESSION_KEYS_H

#include <stdint.h>

#define SESSION_KEY_LENGTH 32u

typedef enum {
    ROLE_DEVICE,
    ROLE_CORE
} tunnel_role;

typedef struct {
    uint8_t c2s[SESSION_KEY_LENGTH]; /* device (client) -> core (server) */
    uint8_t s2c[SESSION_KEY_LENGTH]; /* core (server) -> device (client) */
} session_keys;

/* ikm = static_dh || eph_dh, salt = client_eph_pub || server_eph_pub,
 * c2s / s2c = HKDF-SHA256(ikm, salt, "openhuman-tunnel/v1/c2s" / "/s2c", 32).
 * Mixing the static DH binds the session to both long-term keys; the
 * ephemeral DH gives forward secrecy; the salt binds this exchange. */
void session_keys_derive(const uint8_t static_dh[32], const uint8_t ephemeral_dh[32],
                         const uint8_t client_ephemeral_public[32],
                         const uint8_t server_ephemeral_public[32], session_keys *keys);

/* Device seals with c2s, core with s2c: a frame reflected back to its
 * sender is opened under the other key and fails authentication. */
const uint8_t *session_keys_sealing_key(const session_keys *keys, tunnel_role role);
const uint8_t *session_keys_opening_key(const session_keys *keys, tunnel_role role);

#endif
