#include "handshake_keys.h"

#include <string.h>

#include "hkdf.h"

static const char INFO_HANDSHAKE[] = "openhuman-tunnel/v3/handshake";
static const char INFO_ACK[] = "openhuman-tunnel/v3/handshake-ack";

void handshake_key_derive(const uint8_t handshake_dh[32],
                          const uint8_t handshake_ephemeral_public[32],
                          const uint8_t core_static_public[32], uint8_t key[32])
{
    uint8_t salt[64];
    memcpy(salt, handshake_ephemeral_public, 32);
    memcpy(salt + 32, core_static_public, 32);
    (void)hkdf_sha256(handshake_dh, 32, salt, sizeof salt, (const uint8_t *)INFO_HANDSHAKE,
                      sizeof INFO_HANDSHAKE - 1, key, 32);
}

void ack_key_derive(const uint8_t static_dh[32], const uint8_t client_ephemeral_public[32],
                    uint8_t key[32])
{
    (void)hkdf_sha256(static_dh, 32, client_ephemeral_public, 32, (const uint8_t *)INFO_ACK,
                      sizeof INFO_ACK - 1, key, 32);
}
