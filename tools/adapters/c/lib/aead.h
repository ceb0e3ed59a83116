/* XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03), HChaCha20 and the IETF
 * ChaCha20-Poly1305 of Noise's ChaChaPoly (RFC 8439), thin wrappers over
 * libsodium so the rest of the code never sees its API. */
#ifndef OPENHUMAN_AEAD_H
#define OPENHUMAN_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

#define AEAD_KEY_LENGTH 32u
#define AEAD_NONCE_LENGTH 24u
#define AEAD_TAG_LENGTH 16u
#define HCHACHA20_NONCE_LENGTH 16u
#define CHACHA20POLY1305_NONCE_LENGTH 12u

/* Writes plaintext_length + 16 bytes (ciphertext || tag) to out. */
void aead_seal(const uint8_t key[AEAD_KEY_LENGTH], const uint8_t nonce[AEAD_NONCE_LENGTH],
               const uint8_t *plaintext, size_t plaintext_length, const uint8_t *aad,
               size_t aad_length, uint8_t *out);

/* Verifies and decrypts ciphertext || tag into out (ciphertext_length - 16
 * bytes). Input shorter than a tag, or a wrong tag -> auth_failed, with out
 * wiped so no unauthenticated plaintext escapes. */
tunnel_error aead_open(const uint8_t key[AEAD_KEY_LENGTH], const uint8_t nonce[AEAD_NONCE_LENGTH],
                       const uint8_t *ciphertext, size_t ciphertext_length, const uint8_t *aad,
                       size_t aad_length, uint8_t *out, size_t *plaintext_length);

/* HChaCha20 subkey derivation (draft section 2.2). */
void hchacha20(const uint8_t key[AEAD_KEY_LENGTH], const uint8_t nonce[HCHACHA20_NONCE_LENGTH],
               uint8_t subkey[32]);

/* The IETF ChaCha20-Poly1305 counterparts of aead_seal and aead_open, with
 * the same buffers and the same auth_failed rule; the 96-bit nonce is the
 * caller's (Noise builds it from its counter). */
void chacha20poly1305_seal(const uint8_t key[AEAD_KEY_LENGTH],
                           const uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH],
                           const uint8_t *plaintext, size_t plaintext_length, const uint8_t *aad,
                           size_t aad_length, uint8_t *out);
tunnel_error chacha20poly1305_open(const uint8_t key[AEAD_KEY_LENGTH],
                                   const uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH],
                                   const uint8_t *ciphertext, size_t ciphertext_length,
                                   const uint8_t *aad, size_t aad_length, uint8_t *out,
                                   size_t *plaintext_length);

#endif
