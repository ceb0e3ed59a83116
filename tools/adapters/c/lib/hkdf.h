/* HKDF-SHA256 (RFC 5869, KDF-1) built on libsodium's HMAC-SHA256, because
 * libsodium 1.0.18 (Debian 12) has no HKDF API. */
#ifndef OPENHUMAN_HKDF_H
#define OPENHUMAN_HKDF_H

#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

#define HKDF_SHA256_HASH_LENGTH 32u
/* RFC 5869 section 2.3: L <= 255 * HashLen. */
#define HKDF_SHA256_MAX_OUTPUT (255u * HKDF_SHA256_HASH_LENGTH)

/* PRK = HMAC-SHA256(salt, ikm). An empty salt acts as 32 zero bytes. */
void hkdf_sha256_extract(const uint8_t *salt, size_t salt_length, const uint8_t *ikm,
                         size_t ikm_length, uint8_t prk[HKDF_SHA256_HASH_LENGTH]);

/* OKM = T(1) || T(2) || ... truncated to length; length > 8160 ->
 * hkdf_output_too_long with nothing written. */
tunnel_error hkdf_sha256_expand(const uint8_t prk[HKDF_SHA256_HASH_LENGTH], const uint8_t *info,
                                size_t info_length, uint8_t *okm, size_t length);

/* Extract then expand; the PRK is wiped before returning. */
tunnel_error hkdf_sha256(const uint8_t *ikm, size_t ikm_length, const uint8_t *salt,
                         size_t salt_length, const uint8_t *info, size_t info_length, uint8_t *okm,
                         size_t length);

#endif
