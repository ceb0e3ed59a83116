#include "handshake_device.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "aead.h"
#include "frame.h"
#include "handshake_keys.h"
#include "key_log.h"
#include "x25519.h"

tunnel_error device_handshake_start(const uint8_t core_static_public[32],
                                    const uint8_t device_static_private[32],
                                    const uint8_t handshake_ephemeral_private[32],
                                    const uint8_t client_ephemeral_private[32],
                                    const uint8_t nonce[24], uint8_t frame[HANDSHAKE_FRAME_LENGTH])
{
    uint8_t handshake_ephemeral_public[32];
    uint8_t handshake_dh[32];
    uint8_t static_dh[32];
    x25519_public_key(handshake_ephemeral_private, handshake_ephemeral_public);
    tunnel_error error = x25519_shared_secret(handshake_ephemeral_private, core_static_public,
                                              handshake_dh);
    if (error != TUNNEL_OK) {
        return error;
    }
    /* The static DH is not used to build the frame, but a core key that
     * zeroes it could never give a usable session: refuse now (HS-3). */
    error = x25519_shared_secret(device_static_private, core_static_public, static_dh);
    sodium_memzero(static_dh, sizeof static_dh);
    if (error != TUNNEL_OK) {
        sodium_memzero(handshake_dh, sizeof handshake_dh);
        return error;
    }

    uint8_t device_public[32];
    uint8_t client_ephemeral_public[32];
    uint8_t plaintext[HANDSHAKE_PLAINTEXT_LENGTH];
    uint8_t key[32];
    x25519_public_key(device_static_private, device_public);
    x25519_public_key(client_ephemeral_private, client_ephemeral_public);
    handshake_plaintext_build(device_public, client_ephemeral_public, plaintext);
    handshake_key_derive(handshake_dh, handshake_ephemeral_public, core_static_public, key);
    key_log_handshake_key(handshake_ephemeral_public, core_static_public, key);

    frame[0] = FRAME_TYPE_HANDSHAKE;
    memcpy(frame + 1, handshake_ephemeral_public, 32);
    memcpy(frame + 33, nonce, 24);
    /* AAD = 0x03 || hs_eph_pub: the type and the key the receiver derives
     * k_hs from are authenticated, not just trusted (HS-1). */
    aead_seal(key, nonce, plaintext, sizeof plaintext, frame, 33, frame + 57);

    sodium_memzero(handshake_dh, sizeof handshake_dh);
    sodium_memzero(key, sizeof key);
    sodium_memzero(plaintext, sizeof plaintext);
    return TUNNEL_OK;
}

tunnel_error device_handshake_finish(const uint8_t *ack, size_t ack_length,
                                     const uint8_t core_static_public[32],
                                     const uint8_t device_static_private[32],
                                     const uint8_t client_ephemeral_private[32], session_keys *keys)
{
    sodium_memzero(keys, sizeof *keys);
    tunnel_error error = frame_check_shape(ack, ack_length, FRAME_TYPE_ACK, ACK_MIN_LENGTH);
    if (error != TUNNEL_OK) {
        return error;
    }
    uint8_t static_dh[32];
    error = x25519_shared_secret(device_static_private, core_static_public, static_dh);
    if (error != TUNNEL_OK) {
        return error;
    }

    uint8_t client_ephemeral_public[32];
    uint8_t key[32];
    uint8_t aad[33];
    x25519_public_key(client_ephemeral_private, client_ephemeral_public);
    ack_key_derive(static_dh, client_ephemeral_public, key);
    aad[0] = FRAME_TYPE_ACK;
    memcpy(aad + 1, client_ephemeral_public, 32);

    size_t ciphertext_length = ack_length - 25;
    uint8_t *plaintext = malloc(ciphertext_length);
    if (plaintext == NULL) {
        sodium_memzero(static_dh, sizeof static_dh);
        sodium_memzero(key, sizeof key);
        return TUNNEL_ERR_NO_MEMORY;
    }
    size_t plaintext_length = 0;
    uint8_t server_ephemeral_public[32];
    uint8_t ephemeral_dh[32];
    error = aead_open(key, ack + 1, ack + 25, ciphertext_length, aad, sizeof aad, plaintext,
                      &plaintext_length);
    if (error == TUNNEL_OK) {
        error = ack_plaintext_parse(plaintext, plaintext_length, server_ephemeral_public);
    }
    sodium_memzero(plaintext, ciphertext_length);
    free(plaintext);
    if (error == TUNNEL_OK) {
        error = x25519_shared_secret(client_ephemeral_private, server_ephemeral_public,
                                     ephemeral_dh);
    }
    if (error == TUNNEL_OK) {
        /* Logged only now: the ack is accepted (KEYLOG-9). */
        key_log_ack_key(client_ephemeral_public, key);
        session_keys_derive(static_dh, ephemeral_dh, client_ephemeral_public,
                            server_ephemeral_public, keys);
        sodium_memzero(ephemeral_dh, sizeof ephemeral_dh);
    }
    sodium_memzero(key, sizeof key);
    sodium_memzero(static_dh, sizeof static_dh);
    return error;
}
