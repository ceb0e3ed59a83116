#include "hkdf.h"

#include <sodium.h>
#include <string.h>

/* libsodium takes pointers even for empty inputs; this gives them a valid one. */
static const uint8_t EMPTY_INPUT[1] = {0};

void hkdf_sha256_extract(const uint8_t *salt, size_t salt_length, const uint8_t *ikm,
                         size_t ikm_length, uint8_t prk[HKDF_SHA256_HASH_LENGTH])
{
    static const uint8_t zero_salt[HKDF_SHA256_HASH_LENGTH] = {0};
    crypto_auth_hmacsha256_state state;
    if (salt_length == 0) {
        salt = zero_salt;
        salt_length = sizeof zero_salt;
    }
    crypto_auth_hmacsha256_init(&state, salt, salt_length);
    crypto_auth_hmacsha256_update(&state, ikm_length == 0 ? EMPTY_INPUT : ikm, ikm_length);
    crypto_auth_hmacsha256_final(&state, prk);
    sodium_memzero(&state, sizeof state);
}

tunnel_error hkdf_sha256_expand(const uint8_t prk[HKDF_SHA256_HASH_LENGTH], const uint8_t *info,
                                size_t info_length, uint8_t *okm, size_t length)
{
    if (length > HKDF_SHA256_MAX_OUTPUT) {
        return TUNNEL_ERR_HKDF_OUTPUT_TOO_LONG;
    }
    uint8_t block[HKDF_SHA256_HASH_LENGTH];
    crypto_auth_hmacsha256_state state;
    size_t produced = 0;
    uint8_t counter = 1;
    while (produced < length) {
        /* T(i) = HMAC(PRK, T(i-1) || info || i), with T(0) empty. */
        crypto_auth_hmacsha256_init(&state, prk, HKDF_SHA256_HASH_LENGTH);
        if (counter > 1) {
            crypto_auth_hmacsha256_update(&state, block, sizeof block);
        }
        crypto_auth_hmacsha256_update(&state, info_length == 0 ? EMPTY_INPUT : info, info_length);
        crypto_auth_hmacsha256_update(&state, &counter, 1);
        crypto_auth_hmacsha256_final(&state, block);
        size_t take = length - produced < sizeof block ? length - produced : sizeof block;
        memcpy(okm + produced, block, take);
        produced += take;
        counter++;
    }
    sodium_memzero(block, sizeof block);
    sodium_memzero(&state, sizeof state);
    return TUNNEL_OK;
}

tunnel_error hkdf_sha256(const uint8_t *ikm, size_t ikm_length, const uint8_t *salt,
                         size_t salt_length, const uint8_t *info, size_t info_length, uint8_t *okm,
                         size_t length)
{
    if (length > HKDF_SHA256_MAX_OUTPUT) {
        return TUNNEL_ERR_HKDF_OUTPUT_TOO_LONG;
    }
    uint8_t prk[HKDF_SHA256_HASH_LENGTH];
    hkdf_sha256_extract(salt, salt_length, ikm, ikm_length, prk);
    tunnel_error error = hkdf_sha256_expand(prk, info, info_length, okm, length);
    sodium_memzero(prk, sizeof prk);
    return error;
}
