#include "core_key_fingerprint.h"

#include <sodium.h>

static const char FINGERPRINT_LABEL[] = "openhuman-tunnel/v2/core-key-fingerprint";

void core_key_fingerprint(const uint8_t core_static_public[32],
                          char text[CORE_KEY_FINGERPRINT_LENGTH + 1])
{
    static const char HEX[] = "0123456789abcdef";
    crypto_hash_sha256_state state;
    uint8_t digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256_init(&state);
    crypto_hash_sha256_update(&state, (const uint8_t *)FINGERPRINT_LABEL,
                              sizeof FINGERPRINT_LABEL - 1);
    crypto_hash_sha256_update(&state, core_static_public, 32);
    crypto_hash_sha256_final(&state, digest);
    size_t out = 0;
    for (size_t i = 0; i < 10; i++) {
        if (i > 0 && i % 2 == 0) {
            text[out++] = ' ';
        }
        text[out++] = HEX[digest[i] >> 4];
        text[out++] = HEX[digest[i] & 0x0fu];
    }
    text[out] = '\0';
}
