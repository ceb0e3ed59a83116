#include "session_keys.h"

#include <sodium.h>
#include <string.h>

#include "hkdf.h"
#include "key_log.h"

static const char INFO_C2S[] = "openhuman-tunnel/v1/c2s";
static const char INFO_S2C[] = "openhuman-tunnel/v1/s2c";

void session_keys_derive(const uint8_t static_dh[32], const uint8_t ephemeral_dh[32],
                         const uint8_t client_ephemeral_public[32],
                         const uint8_t server_ephemeral_public[32], session_keys *keys)
{
    uint8_t ikm[64];
    uint8_t salt[64];
    memcpy(ikm, static_dh, 32);
    memcpy(ikm + 32, ephemeral_dh, 32);
    memcpy(salt, client_ephemeral_public, 32);
    memcpy(salt + 32, server_ephemeral_public, 32);
    /* 32 <= 8160, so expansion cannot fail. */
    (void)hkdf_sha256(ikm, sizeof ikm, salt, sizeof salt, (const uint8_t *)INFO_C2S,
                      sizeof INFO_C2S - 1, keys->c2s, sizeof keys->c2s);
    (void)hkdf_sha256(ikm, sizeof ikm, salt, sizeof salt, (const uint8_t *)INFO_S2C,
                      sizeof INFO_S2C - 1, keys->s2c, sizeof keys->s2c);
    sodium_memzero(ikm, sizeof ikm);
    key_log_session(client_ephemeral_public, server_ephemeral_public, keys);
}

const uint8_t *session_keys_sealing_key(const session_keys *keys, tunnel_role role)
{
    return role == ROLE_DEVICE ? keys->c2s : keys->s2c;
}

const uint8_t *session_keys_opening_key(const session_keys *keys, tunnel_role role)
{
    return role == ROLE_DEVICE ? keys->s2c : keys->c2s;
}
