#include "noise.h"

#include <sodium.h>
#include <string.h>

#include "aead.h"
#include "hkdf.h"
#include "x25519.h"

typedef enum {
    TOKEN_END = 0,
    TOKEN_E,
    TOKEN_S,
    TOKEN_EE,
    TOKEN_ES,
    TOKEN_SE,
    TOKEN_SS,
    TOKEN_PSK
} noise_token;

typedef struct {
    const char *name;
    bool initiator_premessage; /* -> s before the handshake */
    bool responder_premessage; /* <- s before the handshake */
    noise_token messages[2][6];
} pattern_definition;

static const pattern_definition PATTERNS[] = {
    [NOISE_IKPSK1] = {"Noise_IKpsk1_25519_ChaChaPoly_SHA256",
                      false,
                      true,
                      {{TOKEN_E, TOKEN_ES, TOKEN_S, TOKEN_SS, TOKEN_PSK, TOKEN_END},
                       {TOKEN_E, TOKEN_EE, TOKEN_SE, TOKEN_END}}},
    [NOISE_KKPSK2] = {"Noise_KKpsk2_25519_ChaChaPoly_SHA256",
                      true,
                      true,
                      {{TOKEN_E, TOKEN_ES, TOKEN_SS, TOKEN_END},
                       {TOKEN_E, TOKEN_EE, TOKEN_SE, TOKEN_PSK, TOKEN_END}}},
};

#define PATTERN_COUNT (sizeof PATTERNS / sizeof PATTERNS[0])

bool noise_pattern_named(const char *name, size_t name_length, noise_pattern *pattern)
{
    for (size_t i = 0; i < PATTERN_COUNT; i++) {
        if (strlen(PATTERNS[i].name) == name_length &&
            memcmp(PATTERNS[i].name, name, name_length) == 0) {
            *pattern = (noise_pattern)i;
            return true;
        }
    }
    return false;
}

/* ChaChaPoly's nonce (section 12.3): 32 zero bits, then n little-endian. */
static void cipher_nonce(uint64_t n, uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH])
{
    memset(nonce, 0, 4);
    for (size_t i = 0; i < 8; i++) {
        nonce[4 + i] = (uint8_t)(n >> (8 * i));
    }
}

tunnel_error noise_cipher_encrypt(noise_cipher_state *cipher, const uint8_t *ad, size_t ad_length,
                                  const uint8_t *plaintext, size_t length, uint8_t *out)
{
    if (length > NOISE_MAX_MESSAGE_LENGTH - NOISE_TAG_LENGTH) {
        return TUNNEL_ERR_PLAINTEXT_TOO_LARGE;
    }
    if (cipher->n == UINT64_MAX) {
        return TUNNEL_ERR_SESSION_EXHAUSTED;
    }
    uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH];
    cipher_nonce(cipher->n, nonce);
    chacha20poly1305_seal(cipher->k, nonce, plaintext, length, ad, ad_length, out);
    cipher->n++;
    return TUNNEL_OK;
}

tunnel_error noise_cipher_decrypt(noise_cipher_state *cipher, const uint8_t *ad, size_t ad_length,
                                  const uint8_t *ciphertext, size_t length, uint8_t *out,
                                  size_t *plaintext_length)
{
    *plaintext_length = 0;
    if (length > NOISE_MAX_MESSAGE_LENGTH) {
        return TUNNEL_ERR_FRAME_TOO_LARGE;
    }
    if (cipher->n == UINT64_MAX) {
        return TUNNEL_ERR_SESSION_EXHAUSTED;
    }
    uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH];
    cipher_nonce(cipher->n, nonce);
    tunnel_error status = chacha20poly1305_open(cipher->k, nonce, ciphertext, length, ad, ad_length,
                                                out, plaintext_length);
    if (status == TUNNEL_OK) {
        cipher->n++;
    }
    return status;
}

/* InitializeKey: a new key starts at nonce 0. */
static void cipher_initialize_key(noise_cipher_state *cipher, const uint8_t key[NOISE_KEY_LENGTH])
{
    memcpy(cipher->k, key, NOISE_KEY_LENGTH);
    cipher->n = 0;
}

/* Noise's HKDF(ck, ikm, count) (section 4.3) is RFC 5869 with salt ck and
 * empty info, count * 32 bytes long. */
static void noise_hkdf(const uint8_t ck[NOISE_HASH_LENGTH], const uint8_t *ikm, size_t ikm_length,
                       uint8_t *out, size_t count)
{
    /* At most 96 bytes, far below HKDF's limit, so this cannot fail. */
    (void)hkdf_sha256(ikm, ikm_length, ck, NOISE_HASH_LENGTH, NULL, 0, out,
                      count * NOISE_HASH_LENGTH);
}

/* MixHash: h = SHA-256(h || data). */
static void mix_hash(noise_symmetric_state *symmetric, const uint8_t *data, size_t length)
{
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    crypto_hash_sha256_update(&state, symmetric->h, NOISE_HASH_LENGTH);
    crypto_hash_sha256_update(&state, data, length);
    crypto_hash_sha256_final(&state, symmetric->h);
    sodium_memzero(&state, sizeof state);
}

/* MixKey: ck, temp_k = HKDF(ck, ikm, 2); InitializeKey(temp_k). */
static void mix_key(noise_symmetric_state *symmetric, const uint8_t *ikm, size_t length)
{
    uint8_t output[2 * NOISE_HASH_LENGTH];
    noise_hkdf(symmetric->ck, ikm, length, output, 2);
    memcpy(symmetric->ck, output, NOISE_HASH_LENGTH);
    cipher_initialize_key(&symmetric->cipher, output + NOISE_HASH_LENGTH);
    sodium_memzero(output, sizeof output);
}

/* MixKeyAndHash, the psk token: ck, temp_h, temp_k = HKDF(ck, psk, 3);
 * MixHash(temp_h); InitializeKey(temp_k). */
static void mix_key_and_hash(noise_symmetric_state *symmetric, const uint8_t psk[32])
{
    uint8_t output[3 * NOISE_HASH_LENGTH];
    noise_hkdf(symmetric->ck, psk, 32, output, 3);
    memcpy(symmetric->ck, output, NOISE_HASH_LENGTH);
    mix_hash(symmetric, output + NOISE_HASH_LENGTH, NOISE_HASH_LENGTH);
    cipher_initialize_key(&symmetric->cipher, output + 2 * NOISE_HASH_LENGTH);
    sodium_memzero(output, sizeof output);
}

/* EncryptAndHash: out = EncryptWithAd(h, plaintext); MixHash(out). */
static tunnel_error encrypt_and_hash(noise_symmetric_state *symmetric, const uint8_t *plaintext,
                                     size_t length, uint8_t *out)
{
    tunnel_error status = noise_cipher_encrypt(&symmetric->cipher, symmetric->h, NOISE_HASH_LENGTH,
                                               plaintext, length, out);
    if (status == TUNNEL_OK) {
        mix_hash(symmetric, out, length + NOISE_TAG_LENGTH);
    }
    return status;
}

/* DecryptAndHash: out = DecryptWithAd(h, ciphertext); MixHash(ciphertext),
 * the bytes as received. */
static tunnel_error decrypt_and_hash(noise_symmetric_state *symmetric, const uint8_t *ciphertext,
                                     size_t length, uint8_t *out, size_t *plaintext_length)
{
    tunnel_error status = noise_cipher_decrypt(&symmetric->cipher, symmetric->h, NOISE_HASH_LENGTH,
                                               ciphertext, length, out, plaintext_length);
    if (status == TUNNEL_OK) {
        mix_hash(symmetric, ciphertext, length);
    }
    return status;
}

void noise_handshake_init(noise_handshake *handshake, noise_pattern pattern, bool initiator,
                          const uint8_t *prologue, size_t prologue_length, const uint8_t psk[32],
                          const uint8_t static_private[32], const uint8_t ephemeral_private[32],
                          const uint8_t *remote_static)
{
    const pattern_definition *definition = &PATTERNS[pattern];
    sodium_memzero(handshake, sizeof *handshake);
    handshake->pattern = pattern;
    handshake->initiator = initiator;
    memcpy(handshake->s, static_private, 32);
    x25519_public_key(handshake->s, handshake->s_public);
    memcpy(handshake->e, ephemeral_private, 32);
    x25519_public_key(handshake->e, handshake->e_public);
    memcpy(handshake->psk, psk, 32);
    if (remote_static != NULL) {
        memcpy(handshake->rs, remote_static, 32);
    }
    /* InitializeSymmetric: a name longer than 32 bytes is hashed. */
    crypto_hash_sha256(handshake->symmetric.h, (const uint8_t *)definition->name,
                       strlen(definition->name));
    memcpy(handshake->symmetric.ck, handshake->symmetric.h, NOISE_HASH_LENGTH);
    mix_hash(&handshake->symmetric, prologue, prologue_length);
    /* The pre-messages, the initiator's first: each party hashes its own key
     * for its own pre-message and the peer's for the peer's. */
    if (definition->initiator_premessage) {
        mix_hash(&handshake->symmetric, initiator ? handshake->s_public : handshake->rs, 32);
    }
    if (definition->responder_premessage) {
        mix_hash(&handshake->symmetric, initiator ? handshake->rs : handshake->s_public, 32);
    }
}

size_t noise_handshake_message_length(noise_pattern pattern, size_t message, size_t payload_length)
{
    size_t length = payload_length + NOISE_TAG_LENGTH;
    for (const noise_token *token = PATTERNS[pattern].messages[message]; *token != TOKEN_END;
         token++) {
        if (*token == TOKEN_E) {
            length += 32;
        } else if (*token == TOKEN_S) {
            length += 32 + NOISE_TAG_LENGTH;
        }
    }
    return length;
}

/* The DH of a DH token, from this party's side: in "es" the initiator uses
 * its e and the responder its s, and so on (section 5.3). */
static tunnel_error token_dh(const noise_handshake *handshake, noise_token token,
                             uint8_t shared[32])
{
    bool initiator = handshake->initiator;
    const uint8_t *local = NULL;
    const uint8_t *remote = NULL;
    switch (token) {
    case TOKEN_EE:
        local = handshake->e;
        remote = handshake->re;
        break;
    case TOKEN_ES:
        local = initiator ? handshake->e : handshake->s;
        remote = initiator ? handshake->rs : handshake->re;
        break;
    case TOKEN_SE:
        local = initiator ? handshake->s : handshake->e;
        remote = initiator ? handshake->re : handshake->rs;
        break;
    default: /* TOKEN_SS, the only DH token left */
        local = handshake->s;
        remote = handshake->rs;
        break;
    }
    return x25519_shared_secret(local, remote, shared);
}

/* The tokens shared by writer and reader: DHs and psk (e and s move bytes
 * and differ). */
#ifdef OPENHUMAN_KEY_LOG
/* Keeps the key (and after psk the hash) a version 3 key log names. */
static void keep_for_key_log(noise_handshake *handshake, noise_token token)
{
    const noise_symmetric_state *symmetric = &handshake->symmetric;
    if (handshake->next_message == 0 && token == TOKEN_ES) {
        memcpy(handshake->log_es_k, symmetric->cipher.k, 32);
    } else if (handshake->next_message == 0 && token == TOKEN_PSK) {
        memcpy(handshake->log_psk_k, symmetric->cipher.k, 32);
        memcpy(handshake->log_psk_h, symmetric->h, 32);
    } else if (handshake->next_message == 1 && token == TOKEN_SE) {
        memcpy(handshake->log_se_k, symmetric->cipher.k, 32);
    }
}
#else
static void keep_for_key_log(noise_handshake *handshake, noise_token token)
{
    (void)handshake;
    (void)token;
}
#endif

static tunnel_error mix_token(noise_handshake *handshake, noise_token token)
{
    if (token == TOKEN_PSK) {
        mix_key_and_hash(&handshake->symmetric, handshake->psk);
        keep_for_key_log(handshake, token);
        return TUNNEL_OK;
    }
    uint8_t shared[32];
    tunnel_error status = token_dh(handshake, token, shared);
    if (status == TUNNEL_OK) {
        mix_key(&handshake->symmetric, shared, sizeof shared);
        keep_for_key_log(handshake, token);
    }
    sodium_memzero(shared, sizeof shared);
    return status;
}

/* After a message's tokens: on to the next message, or, when one of them
 * failed, the whole state wiped (V3-NOISE-3: the party discards it, and its
 * private keys go with it). */
static void finish_message(noise_handshake *handshake, tunnel_error status)
{
    if (status == TUNNEL_OK) {
        handshake->next_message++;
    } else {
        sodium_memzero(handshake, sizeof *handshake);
    }
}

tunnel_error noise_handshake_write(noise_handshake *handshake, const uint8_t *payload,
                                   size_t payload_length, uint8_t *message)
{
    if (noise_handshake_message_length(handshake->pattern, handshake->next_message,
                                       payload_length) > NOISE_MAX_MESSAGE_LENGTH) {
        return TUNNEL_ERR_PLAINTEXT_TOO_LARGE;
    }
    noise_symmetric_state *symmetric = &handshake->symmetric;
    size_t offset = 0;
    tunnel_error status = TUNNEL_OK;
    for (const noise_token *token = PATTERNS[handshake->pattern].messages[handshake->next_message];
         status == TUNNEL_OK && *token != TOKEN_END; token++) {
        if (*token == TOKEN_E) {
            memcpy(message + offset, handshake->e_public, 32);
            offset += 32;
            mix_hash(symmetric, handshake->e_public, 32);
            mix_key(symmetric, handshake->e_public, 32); /* psk handshake (section 9.2) */
        } else if (*token == TOKEN_S) {
            status = encrypt_and_hash(symmetric, handshake->s_public, 32, message + offset);
            offset += 32 + NOISE_TAG_LENGTH;
        } else {
            status = mix_token(handshake, *token);
        }
    }
    if (status == TUNNEL_OK) {
        status = encrypt_and_hash(symmetric, payload, payload_length, message + offset);
    }
    finish_message(handshake, status);
    return status;
}

tunnel_error noise_handshake_read(noise_handshake *handshake, const uint8_t *message, size_t length,
                                  uint8_t *payload, size_t *payload_length)
{
    *payload_length = 0;
    if (length > NOISE_MAX_MESSAGE_LENGTH) {
        return TUNNEL_ERR_FRAME_TOO_LARGE;
    }
    if (length < noise_handshake_message_length(handshake->pattern, handshake->next_message, 0)) {
        return TUNNEL_ERR_FRAME_TOO_SHORT;
    }
    noise_symmetric_state *symmetric = &handshake->symmetric;
    size_t offset = 0;
    tunnel_error status = TUNNEL_OK;
    for (const noise_token *token = PATTERNS[handshake->pattern].messages[handshake->next_message];
         status == TUNNEL_OK && *token != TOKEN_END; token++) {
        if (*token == TOKEN_E) {
            memcpy(handshake->re, message + offset, 32);
            offset += 32;
            mix_hash(symmetric, handshake->re, 32);
            mix_key(symmetric, handshake->re, 32); /* psk handshake (section 9.2) */
        } else if (*token == TOKEN_S) {
            size_t decrypted = 0;
            status = decrypt_and_hash(symmetric, message + offset, 32 + NOISE_TAG_LENGTH,
                                      handshake->rs, &decrypted);
            offset += 32 + NOISE_TAG_LENGTH;
        } else {
            status = mix_token(handshake, *token);
        }
    }
    if (status == TUNNEL_OK) {
        status = decrypt_and_hash(symmetric, message + offset, length - offset, payload,
                                  payload_length);
    }
    finish_message(handshake, status);
    return status;
}

void noise_handshake_split(const noise_handshake *handshake, noise_cipher_state *c1,
                           noise_cipher_state *c2)
{
    uint8_t output[2 * NOISE_HASH_LENGTH];
    noise_hkdf(handshake->symmetric.ck, NULL, 0, output, 2);
    sodium_memzero(c1, sizeof *c1);
    sodium_memzero(c2, sizeof *c2);
    cipher_initialize_key(c1, output);
    cipher_initialize_key(c2, output + NOISE_HASH_LENGTH);
    sodium_memzero(output, sizeof output);
}
