/* The stateless operations of safe pairing: the code (SAS-1, SAS-2), the
 * core key fingerprint (QR-SRC-3), the core's pairing window (CLOCK-1) and
 * the core's key-store check (CHAN-KEY-1, CHAN-KEY-2). */
#include <sodium.h>
#include <stdint.h>
#include <stdlib.h>

#include "adapter_io.h"
#include "channel_keys.h"
#include "core_key_fingerprint.h"
#include "operations.h"
#include "pairing_window.h"
#include "sas.h"
#include "secure_memory.h"

const char *op_sas(const json_t *input, json_t *output)
{
    uint8_t static_dh[32];
    uint8_t ephemeral_dh[32];
    uint8_t *handshake = NULL;
    uint8_t *ack = NULL;
    size_t handshake_length = 0;
    size_t ack_length = 0;
    const char *error = input_fixed(input, "staticDh", static_dh, sizeof static_dh);
    if (error == NULL) {
        error = input_fixed(input, "ephemeralDh", ephemeral_dh, sizeof ephemeral_dh);
    }
    if (error == NULL) {
        error = input_bytes(input, "handshake", &handshake, &handshake_length);
    }
    if (error == NULL) {
        error = input_bytes(input, "ack", &ack, &ack_length);
    }
    if (error == NULL) {
        char code[SAS_DIGITS + 1];
        sas_derive(static_dh, ephemeral_dh, handshake, handshake_length, ack, ack_length, code);
        if (json_object_set_new(output, "sas", json_string(code)) != 0) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    sodium_memzero(static_dh, sizeof static_dh);
    sodium_memzero(ephemeral_dh, sizeof ephemeral_dh);
    secure_free(handshake);
    secure_free(ack);
    return error;
}

const char *op_core_key_fingerprint(const json_t *input, json_t *output)
{
    uint8_t core_public[32];
    const char *error = input_fixed(input, "corePublicKey", core_public, sizeof core_public);
    if (error == NULL) {
        char text[CORE_KEY_FINGERPRINT_LENGTH + 1];
        core_key_fingerprint(core_public, text);
        if (json_object_set_new(output, "fingerprint", json_string(text)) != 0) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    return error;
}

const char *op_pairing_window(const json_t *input, json_t *output)
{
    uint64_t issued_at = 0;
    uint64_t relay_expires_at_ms = 0;
    const char *error = input_integer(input, "issuedAt", JSON_SAFE_INTEGER_MAX, &issued_at);
    if (error == NULL) {
        error = input_integer(input, "relayExpiresAtMs", JSON_SAFE_INTEGER_MAX,
                              &relay_expires_at_ms);
    }
    if (error == NULL) {
        /* At most the relay's value / 1000, so it fits a JSON integer. */
        uint64_t expires_at = pairing_window_expires_at(issued_at, relay_expires_at_ms);
        if (json_object_set_new(output, "expiresAt", json_integer((json_int_t)expires_at)) != 0) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    return error;
}

/* channels = [{"id": string, "corePublicKey": hex32}, ...] into keys. */
static const char *read_channel_keys(const json_t *channels, uint8_t (*keys)[32])
{
    for (size_t i = 0; i < json_array_size(channels); i++) {
        const json_t *channel = json_array_get(channels, i);
        if (!json_is_object(channel) || !json_is_string(json_object_get(channel, "id"))) {
            return ADAPTER_BAD_REQUEST;
        }
        const char *error = input_fixed(channel, "corePublicKey", keys[i], 32);
        if (error != NULL) {
            return error;
        }
    }
    return NULL;
}

/* output["revoke"] = the ids of the shared channels, in input order. */
static const char *write_revoked(const json_t *channels, const bool *shared, json_t *output)
{
    json_t *revoke = json_array();
    if (revoke == NULL || json_object_set_new(output, "revoke", revoke) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    for (size_t i = 0; i < json_array_size(channels); i++) {
        json_t *id = json_object_get(json_array_get(channels, i), "id");
        if (shared[i] && json_array_append(revoke, id) != 0) {
            return ADAPTER_INTERNAL_ERROR;
        }
    }
    return NULL;
}

const char *op_channel_keys(const json_t *input, json_t *output)
{
    const json_t *channels = json_object_get(input, "channels");
    if (!json_is_array(channels)) {
        return ADAPTER_BAD_REQUEST;
    }
    size_t count = json_array_size(channels);
    uint8_t candidate[32];
    bool has_candidate = false;
    const char *error = input_optional_fixed(input, "candidate", candidate, sizeof candidate,
                                             &has_candidate);
    uint8_t(*keys)[32] = error == NULL ? calloc(count + 1, 32) : NULL;
    bool *shared = error == NULL ? calloc(count + 1, sizeof *shared) : NULL;
    if (error == NULL && (keys == NULL || shared == NULL)) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    if (error == NULL) {
        error = read_channel_keys(channels, keys);
    }
    if (error == NULL && has_candidate) {
        tunnel_error status = channel_keys_check_candidate((const uint8_t(*)[32])keys, count,
                                                           candidate);
        if (status != TUNNEL_OK) {
            error = tunnel_error_code(status);
        }
    }
    if (error == NULL &&
        channel_keys_find_shared((const uint8_t(*)[32])keys, count, shared) != TUNNEL_OK) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    if (error == NULL) {
        error = write_revoked(channels, shared, output);
    }
    free(keys);
    free(shared);
    return error;
}
