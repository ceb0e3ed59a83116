#include "handshake_core.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "aead.h"
#include "frame.h"
#include "handshake_keys.h"
#include "key_log.h"
#include "x25519.h"

/* Secrets of one accept attempt, wiped together on every exit. */
typedef struct {
    uint8_t handshake_dh[32];
    uint8_t handshake_key[32];
    uint8_t static_dh[32];
    uint8_t ephemeral_dh[32];
    uint8_t ack_key[32];
} accept_secrets;

/* HS-4 step 4 (CHAN-2, CHAN-4, CONFIRM-5): a cheap state check before any
 * DH, so a revoked or expired channel costs an attacker nothing to probe. A
 * confirming channel takes no handshake until the user answered, so the
 * code the desktop shows cannot change during the dialog. */
static tunnel_error check_channel_open(const channel_state *channel, uint64_t now)
{
    if (channel->status == CHANNEL_REVOKED) {
        return TUNNEL_ERR_CHANNEL_REVOKED;
    }
    if (channel->status == CHANNEL_PENDING && now > channel->expires_at) {
        return TUNNEL_ERR_PAIRING_EXPIRED; /* now == expiresAt is still valid */
    }
    if (channel->status == CHANNEL_CONFIRMING) {
        return TUNNEL_ERR_PAIRING_UNCONFIRMED;
    }
    return TUNNEL_OK;
}

/* HS-4 steps 5 to 7: the handshake DH, authentication and the JSON rules. */
static tunnel_error open_handshake(const uint8_t *frame, size_t frame_length,
                                   const uint8_t core_static_private[32], accept_secrets *secrets,
                                   uint8_t device_public[32], uint8_t client_ephemeral_public[32])
{
    const uint8_t *handshake_ephemeral_public = frame + 1;
    tunnel_error error = x25519_shared_secret(core_static_private, handshake_ephemeral_public,
                                              secrets->handshake_dh);
    if (error != TUNNEL_OK) {
        return error;
    }
    uint8_t core_static_public[32];
    x25519_public_key(core_static_private, core_static_public);
    handshake_key_derive(secrets->handshake_dh, handshake_ephemeral_public, core_static_public,
                         secrets->handshake_key);

    size_t ciphertext_length = frame_length - 57;
    uint8_t *plaintext = malloc(ciphertext_length);
    if (plaintext == NULL) {
        return TUNNEL_ERR_NO_MEMORY;
    }
    size_t plaintext_length = 0;
    error = aead_open(secrets->handshake_key, frame + 33, frame + 57, ciphertext_length, frame, 33,
                      plaintext, &plaintext_length);
    if (error == TUNNEL_OK) {
        error = handshake_plaintext_parse(plaintext, plaintext_length, device_public,
                                          client_ephemeral_public);
    }
    sodium_memzero(plaintext, ciphertext_length);
    free(plaintext);
    return error;
}

/* HS-4 step 9 for the client ephemeral key (R3-16): one seen before would
 * make the session's eph_dh, and so its keys and code, fresh only by the
 * core's server_eph. */
static bool client_ephemeral_refused(const core_handshake_limits *limits,
                                     const uint8_t client_ephemeral_public[32])
{
    for (size_t i = 0; limits != NULL && i < limits->refused_count; i++) {
        if (sodium_memcmp(client_ephemeral_public, limits->refused_client_ephemerals[i], 32) == 0) {
            return true;
        }
    }
    return false;
}

/* HS-4 steps 8 and 9 (CHAN-3, CHAN-5, KEYCONF-2). The device key is
 * compared in constant time: it is the channel's credential. */
static tunnel_error check_channel_binding(const channel_state *channel,
                                          const uint8_t *slot_handshake_ephemeral,
                                          const core_handshake_limits *limits,
                                          const uint8_t device_public[32],
                                          const uint8_t handshake_ephemeral_public[32],
                                          const uint8_t client_ephemeral_public[32])
{
    bool bound = channel->status == CHANNEL_PAIRED;
    if (bound && sodium_memcmp(device_public, channel->device_public, 32) != 0) {
        return TUNNEL_ERR_UNKNOWN_DEVICE;
    }
    if (bound && channel->has_last_handshake_ephemeral &&
        sodium_memcmp(handshake_ephemeral_public, channel->last_handshake_ephemeral, 32) == 0) {
        return TUNNEL_ERR_HANDSHAKE_REPLAYED;
    }
    if (slot_handshake_ephemeral != NULL &&
        sodium_memcmp(handshake_ephemeral_public, slot_handshake_ephemeral, 32) == 0) {
        return TUNNEL_ERR_HANDSHAKE_REPLAYED;
    }
    if (client_ephemeral_refused(limits, client_ephemeral_public)) {
        return TUNNEL_ERR_HANDSHAKE_REPLAYED;
    }
    return TUNNEL_OK;
}

static void build_ack(const accept_secrets *secrets, const uint8_t client_ephemeral_public[32],
                      const uint8_t server_ephemeral_public[32], const uint8_t ack_nonce[24],
                      uint8_t ack[ACK_FRAME_LENGTH])
{
    uint8_t plaintext[ACK_PLAINTEXT_LENGTH];
    uint8_t aad[33];
    ack_plaintext_build(server_ephemeral_public, plaintext);
    /* AAD = 0x04 || client_eph_pub ties the ack to the handshake it answers. */
    aad[0] = FRAME_TYPE_ACK;
    memcpy(aad + 1, client_ephemeral_public, 32);
    ack[0] = FRAME_TYPE_ACK;
    memcpy(ack + 1, ack_nonce, 24);
    aead_seal(secrets->ack_key, ack_nonce, plaintext, sizeof plaintext, aad, sizeof aad, ack + 25);
}

tunnel_error core_handshake_open(const uint8_t *frame, size_t frame_length,
                                 const uint8_t core_static_private[32],
                                 const channel_state *channel,
                                 const uint8_t *slot_handshake_ephemeral,
                                 const core_handshake_limits *limits, uint64_t now,
                                 const uint8_t server_ephemeral_private[32],
                                 const uint8_t ack_nonce[24], core_handshake_result *result)
{
    sodium_memzero(result, sizeof *result);
    tunnel_error error = frame_check_shape(frame, frame_length, FRAME_TYPE_HANDSHAKE,
                                           HANDSHAKE_MIN_LENGTH);
    if (error == TUNNEL_OK) {
        error = check_channel_open(channel, now);
    }
    if (error == TUNNEL_OK && limits != NULL && limits->rate != NULL) {
        error = handshake_rate_take(limits->rate, now); /* HS-RATE-1, before step 5 */
    }
    if (error != TUNNEL_OK) {
        return error;
    }

    accept_secrets secrets;
    uint8_t device_public[32];
    uint8_t client_ephemeral_public[32];
    uint8_t server_ephemeral_public[32];
    const uint8_t *handshake_ephemeral_public = frame + 1;
    error = open_handshake(frame, frame_length, core_static_private, &secrets, device_public,
                           client_ephemeral_public);
    if (error == TUNNEL_OK) {
        error = check_channel_binding(channel, slot_handshake_ephemeral, limits, device_public,
                                      handshake_ephemeral_public, client_ephemeral_public);
    }
    if (error == TUNNEL_OK) {
        error = x25519_shared_secret(core_static_private, device_public, secrets.static_dh);
    }
    if (error == TUNNEL_OK) {
        x25519_public_key(server_ephemeral_private, server_ephemeral_public);
        error = x25519_shared_secret(server_ephemeral_private, client_ephemeral_public,
                                     secrets.ephemeral_dh);
    }
    if (error == TUNNEL_OK) {
        /* Logged only now, for a handshake the core accepts (KEYLOG-8, KEYLOG-9), in the
         * order of the exchange: k_hs, k_ack, the session keys, the code's key material. */
        uint8_t core_static_public[32];
        x25519_public_key(core_static_private, core_static_public);
        key_log_handshake_key(handshake_ephemeral_public, core_static_public,
                              secrets.handshake_key);
        ack_key_derive(secrets.static_dh, client_ephemeral_public, secrets.ack_key);
        key_log_ack_key(client_ephemeral_public, secrets.ack_key);
        session_keys_derive(secrets.static_dh, secrets.ephemeral_dh, client_ephemeral_public,
                            server_ephemeral_public, &result->keys);
        build_ack(&secrets, client_ephemeral_public, server_ephemeral_public, ack_nonce,
                  result->ack);
        sas_derive(secrets.static_dh, secrets.ephemeral_dh, frame, frame_length, result->ack,
                   sizeof result->ack, result->sas);
        memcpy(result->device_public, device_public, 32);
        memcpy(result->handshake_ephemeral_public, handshake_ephemeral_public, 32);
        memcpy(result->client_ephemeral_public, client_ephemeral_public, 32);
    } else {
        sodium_memzero(result, sizeof *result);
    }
    sodium_memzero(&secrets, sizeof secrets);
    return error;
}

tunnel_error core_handshake_accept(const uint8_t *frame, size_t frame_length,
                                   const uint8_t core_static_private[32], channel_state *channel,
                                   uint64_t now, const uint8_t server_ephemeral_private[32],
                                   const uint8_t ack_nonce[24], core_handshake_result *result)
{
    tunnel_error error = core_handshake_open(frame, frame_length, core_static_private, channel,
                                             NULL, NULL, now, server_ephemeral_private, ack_nonce,
                                             result);
    if (error == TUNNEL_OK) {
        /* CHAN-2, CHAN-6: the state changes only here, after every check. */
        channel->status = CHANNEL_PAIRED;
        memcpy(channel->device_public, result->device_public, 32);
        channel->has_last_handshake_ephemeral = true;
        memcpy(channel->last_handshake_ephemeral, result->handshake_ephemeral_public, 32);
    }
    return error;
}
