#include "sas.h"

#include <sodium.h>
#include <string.h>

#include "hkdf.h"
#include "key_log.h"

static const char SAS_INFO[] = "openhuman-tunnel/v2/sas";

static void hash_length_prefixed(crypto_hash_sha256_state *state, const uint8_t *bytes,
                                 size_t length)
{
    uint32_t length32 = (uint32_t)length;
    uint8_t prefix[4] = {(uint8_t)(length32 >> 24), (uint8_t)(length32 >> 16),
                         (uint8_t)(length32 >> 8), (uint8_t)length32};
    crypto_hash_sha256_update(state, prefix, sizeof prefix);
    crypto_hash_sha256_update(state, bytes, length);
}

void sas_code_from_okm(const uint8_t okm[SAS_OKM_LENGTH], char code[SAS_DIGITS + 1])
{
    uint64_t value = 0;
    for (size_t i = 0; i < SAS_OKM_LENGTH; i++) {
        value = (value << 8) | okm[i];
    }
    /* SAS-2: mod 10^6; the bias is below 3e-14 relative (spec section 3.7). */
    value %= 1000000u;
    for (size_t i = SAS_DIGITS; i > 0; i--) {
        code[i - 1] = (char)('0' + value % 10u);
        value /= 10u;
    }
    code[SAS_DIGITS] = '\0';
}

void sas_derive(const uint8_t static_dh[32], const uint8_t ephemeral_dh[32],
                const uint8_t *handshake, size_t handshake_length, const uint8_t *ack,
                size_t ack_length, char code[SAS_DIGITS + 1])
{
    crypto_hash_sha256_state state;
    uint8_t salt[crypto_hash_sha256_BYTES];
    crypto_hash_sha256_init(&state);
    hash_length_prefixed(&state, handshake, handshake_length);
    hash_length_prefixed(&state, ack, ack_length);
    crypto_hash_sha256_final(&state, salt);

    uint8_t ikm[64];
    uint8_t okm[SAS_OKM_LENGTH];
    memcpy(ikm, static_dh, 32);
    memcpy(ikm + 32, ephemeral_dh, 32);
    /* 8 bytes never exceed the HKDF limit, so this cannot fail. */
    (void)hkdf_sha256(ikm, sizeof ikm, salt, sizeof salt, (const uint8_t *)SAS_INFO,
                      sizeof SAS_INFO - 1, okm, sizeof okm);
    key_log_pairing_code(salt, okm);
    sas_code_from_okm(okm, code);
    sodium_memzero(ikm, sizeof ikm);
    sodium_memzero(okm, sizeof okm);
    sodium_memzero(&state, sizeof state);
}
