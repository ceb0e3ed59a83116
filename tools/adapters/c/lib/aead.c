#include "aead.h"

#include <sodium.h>

static const uint8_t EMPTY_INPUT[1] = {0};

void aead_seal(const uint8_t key[AEAD_KEY_LENGTH], const uint8_t nonce[AEAD_NONCE_LENGTH],
               const uint8_t *plaintext, size_t plaintext_length, const uint8_t *aad,
               size_t aad_length, uint8_t *out)
{
    unsigned long long written = 0;
    crypto_aead_xchacha20poly1305_ietf_encrypt(
        out, &written, plaintext_length == 0 ? EMPTY_INPUT : plaintext, plaintext_length,
        aad_length == 0 ? EMPTY_INPUT : aad, aad_length, NULL, nonce, key);
}

tunnel_error aead_open(const uint8_t key[AEAD_KEY_LENGTH], const uint8_t nonce[AEAD_NONCE_LENGTH],
                       const uint8_t *ciphertext, size_t ciphertext_length, const uint8_t *aad,
                       size_t aad_length, uint8_t *out, size_t *plaintext_length)
{
    *plaintext_length = 0;
    if (ciphertext_length < AEAD_TAG_LENGTH) {
        return TUNNEL_ERR_AUTH_FAILED;
    }
    unsigned long long written = 0;
    int status = crypto_aead_xchacha20poly1305_ietf_decrypt(
        out, &written, NULL, ciphertext, ciphertext_length, aad_length == 0 ? EMPTY_INPUT : aad,
        aad_length, nonce, key);
    if (status != 0) {
        sodium_memzero(out, ciphertext_length - AEAD_TAG_LENGTH);
        return TUNNEL_ERR_AUTH_FAILED;
    }
    *plaintext_length = (size_t)written;
    return TUNNEL_OK;
}

void hchacha20(const uint8_t key[AEAD_KEY_LENGTH], const uint8_t nonce[HCHACHA20_NONCE_LENGTH],
               uint8_t subkey[32])
{
    crypto_core_hchacha20(subkey, nonce, key, NULL);
}

void chacha20poly1305_seal(const uint8_t key[AEAD_KEY_LENGTH],
                           const uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH],
                           const uint8_t *plaintext, size_t plaintext_length, const uint8_t *aad,
                           size_t aad_length, uint8_t *out)
{
    unsigned long long written = 0;
    crypto_aead_chacha20poly1305_ietf_encrypt(
        out, &written, plaintext_length == 0 ? EMPTY_INPUT : plaintext, plaintext_length,
        aad_length == 0 ? EMPTY_INPUT : aad, aad_length, NULL, nonce, key);
}

tunnel_error chacha20poly1305_open(const uint8_t key[AEAD_KEY_LENGTH],
                                   const uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH],
                                   const uint8_t *ciphertext, size_t ciphertext_length,
                                   const uint8_t *aad, size_t aad_length, uint8_t *out,
                                   size_t *plaintext_length)
{
    *plaintext_length = 0;
    if (ciphertext_length < AEAD_TAG_LENGTH) {
        return TUNNEL_ERR_AUTH_FAILED;
    }
    unsigned long long written = 0;
    int status = crypto_aead_chacha20poly1305_ietf_decrypt(
        out, &written, NULL, ciphertext, ciphertext_length, aad_length == 0 ? EMPTY_INPUT : aad,
        aad_length, nonce, key);
    if (status != 0) {
        sodium_memzero(out, ciphertext_length - AEAD_TAG_LENGTH);
        return TUNNEL_ERR_AUTH_FAILED;
    }
    *plaintext_length = (size_t)written;
    return TUNNEL_OK;
}
