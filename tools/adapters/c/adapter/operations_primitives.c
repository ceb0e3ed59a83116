#include <sodium.h>
#include <stdint.h>

#include "adapter_io.h"
#include "aead.h"
#include "hkdf.h"
#include "operations.h"
#include "secure_memory.h"
#include "session_keys.h"
#include "x25519.h"

const char *op_x25519(const json_t *input, json_t *output)
{
    uint8_t scalar[32];
    uint8_t u[32];
    uint8_t shared[32];
    const char *error = input_fixed(input, "scalar", scalar, sizeof scalar);
    if (error == NULL) {
        error = input_fixed(input, "u", u, sizeof u);
    }
    if (error == NULL) {
        tunnel_error status = x25519_shared_secret(scalar, u, shared);
        if (status != TUNNEL_OK) {
            error = tunnel_error_code(status);
        } else if (!output_set_hex(output, "shared", shared, sizeof shared)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    sodium_memzero(scalar, sizeof scalar);
    sodium_memzero(shared, sizeof shared);
    return error;
}

const char *op_hkdf_sha256(const json_t *input, json_t *output)
{
    uint8_t *ikm = NULL;
    uint8_t *salt = NULL;
    uint8_t *info = NULL;
    uint8_t *okm = NULL;
    size_t ikm_length = 0;
    size_t salt_length = 0;
    size_t info_length = 0;
    uint64_t length = 0;
    const char *error = input_bytes(input, "ikm", &ikm, &ikm_length);
    if (error == NULL) {
        error = input_bytes(input, "salt", &salt, &salt_length);
    }
    if (error == NULL) {
        error = input_bytes(input, "info", &info, &info_length);
    }
    if (error == NULL) {
        error = input_integer(input, "length", JSON_SAFE_INTEGER_MAX, &length);
    }
    if (error == NULL && length > HKDF_SHA256_MAX_OUTPUT) {
        error = tunnel_error_code(TUNNEL_ERR_HKDF_OUTPUT_TOO_LONG);
    }
    if (error == NULL) {
        okm = secure_alloc((size_t)length);
        if (okm == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    if (error == NULL) {
        tunnel_error status = hkdf_sha256(ikm, ikm_length, salt, salt_length, info, info_length,
                                          okm, (size_t)length);
        if (status != TUNNEL_OK) {
            error = tunnel_error_code(status);
        } else if (!output_set_hex(output, "okm", okm, (size_t)length)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    secure_free(ikm);
    secure_free(salt);
    secure_free(info);
    secure_free(okm);
    return error;
}

const char *op_hchacha20(const json_t *input, json_t *output)
{
    uint8_t key[AEAD_KEY_LENGTH];
    uint8_t nonce[HCHACHA20_NONCE_LENGTH];
    uint8_t subkey[32];
    const char *error = input_fixed(input, "key", key, sizeof key);
    if (error == NULL) {
        error = input_fixed(input, "nonce", nonce, sizeof nonce);
    }
    if (error == NULL) {
        hchacha20(key, nonce, subkey);
        if (!output_set_hex(output, "subkey", subkey, sizeof subkey)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    sodium_memzero(key, sizeof key);
    sodium_memzero(subkey, sizeof subkey);
    return error;
}

/* Reads key, nonce and aad, the inputs both AEAD directions share. */
static const char *aead_inputs(const json_t *input, uint8_t key[AEAD_KEY_LENGTH],
                               uint8_t nonce[AEAD_NONCE_LENGTH], uint8_t **aad, size_t *aad_length)
{
    const char *error = input_fixed(input, "key", key, AEAD_KEY_LENGTH);
    if (error == NULL) {
        error = input_fixed(input, "nonce", nonce, AEAD_NONCE_LENGTH);
    }
    if (error == NULL) {
        error = input_bytes(input, "aad", aad, aad_length);
    }
    return error;
}

const char *op_xchacha20poly1305_seal(const json_t *input, json_t *output)
{
    uint8_t key[AEAD_KEY_LENGTH];
    uint8_t nonce[AEAD_NONCE_LENGTH];
    uint8_t *aad = NULL;
    uint8_t *plaintext = NULL;
    uint8_t *ciphertext = NULL;
    size_t aad_length = 0;
    size_t plaintext_length = 0;
    const char *error = aead_inputs(input, key, nonce, &aad, &aad_length);
    if (error == NULL) {
        error = input_bytes(input, "plaintext", &plaintext, &plaintext_length);
    }
    if (error == NULL) {
        ciphertext = secure_alloc(plaintext_length + AEAD_TAG_LENGTH);
        if (ciphertext == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    if (error == NULL) {
        aead_seal(key, nonce, plaintext, plaintext_length, aad, aad_length, ciphertext);
        if (!output_set_hex(output, "ciphertext", ciphertext, plaintext_length + AEAD_TAG_LENGTH)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    sodium_memzero(key, sizeof key);
    secure_free(aad);
    secure_free(plaintext);
    secure_free(ciphertext);
    return error;
}

const char *op_xchacha20poly1305_open(const json_t *input, json_t *output)
{
    uint8_t key[AEAD_KEY_LENGTH];
    uint8_t nonce[AEAD_NONCE_LENGTH];
    uint8_t *aad = NULL;
    uint8_t *ciphertext = NULL;
    uint8_t *plaintext = NULL;
    size_t aad_length = 0;
    size_t ciphertext_length = 0;
    size_t plaintext_length = 0;
    const char *error = aead_inputs(input, key, nonce, &aad, &aad_length);
    if (error == NULL) {
        error = input_bytes(input, "ciphertext", &ciphertext, &ciphertext_length);
    }
    if (error == NULL) {
        plaintext = secure_alloc(ciphertext_length);
        if (plaintext == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    if (error == NULL) {
        tunnel_error status = aead_open(key, nonce, ciphertext, ciphertext_length, aad, aad_length,
                                        plaintext, &plaintext_length);
        if (status != TUNNEL_OK) {
            error = tunnel_error_code(status);
        } else if (!output_set_hex(output, "plaintext", plaintext, plaintext_length)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    sodium_memzero(key, sizeof key);
    secure_free(aad);
    secure_free(ciphertext);
    secure_free(plaintext);
    return error;
}

const char *op_session_keys(const json_t *input, json_t *output)
{
    uint8_t static_dh[32];
    uint8_t ephemeral_dh[32];
    uint8_t client_ephemeral_public[32];
    uint8_t server_ephemeral_public[32];
    session_keys keys;
    const char *error = input_fixed(input, "staticDh", static_dh, sizeof static_dh);
    if (error == NULL) {
        error = input_fixed(input, "ephemeralDh", ephemeral_dh, sizeof ephemeral_dh);
    }
    if (error == NULL) {
        error = input_fixed(input, "clientEphemeralPublic", client_ephemeral_public, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "serverEphemeralPublic", server_ephemeral_public, 32);
    }
    if (error == NULL) {
        session_keys_derive(static_dh, ephemeral_dh, client_ephemeral_public,
                            server_ephemeral_public, &keys);
        if (!output_set_hex(output, "c2s", keys.c2s, sizeof keys.c2s) ||
            !output_set_hex(output, "s2c", keys.s2c, sizeof keys.s2c)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
        sodium_memzero(&keys, sizeof keys);
    }
    sodium_memzero(static_dh, sizeof static_dh);
    sodium_memzero(ephemeral_dh, sizeof ephemeral_dh);
    return error;
}
