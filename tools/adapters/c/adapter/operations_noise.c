/* Wire version 3's first slice: one whole Noise handshake with both parties
 * inside the adapter, then its transport messages (noise-handshake, ADP-58),
 * and the pairing values derived around it (pairing-v3-values, ADP-59). */
#include <sodium.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adapter_io.h"
#include "noise.h"
#include "operations.h"
#include "pairing_v3.h"
#include "secure_memory.h"
#include "x25519.h"

/* The payloads, decoded and measured before anything runs: a malformed one,
 * or one that makes its message longer than Noise allows (ADP-58), is
 * bad_request even when an earlier message would already fail. */
typedef struct {
    size_t count;
    uint8_t **bytes;
    size_t *lengths;
} payload_list;

/* "substitute": before the receiver reads message `message`, the bytes at
 * offset are replaced by `bytes`. */
typedef struct {
    bool present;
    uint64_t message;
    uint64_t offset;
    uint8_t *bytes;
    size_t length;
} substitution;

typedef struct {
    noise_pattern pattern;
    uint8_t *prologue;
    size_t prologue_length;
    uint8_t *responder_prologue; /* NULL: the responder uses prologue */
    size_t responder_prologue_length;
    uint8_t psk[32];
    uint8_t responder_psk[32];
    bool has_responder_psk;
    uint8_t initiator_static[32];
    uint8_t initiator_ephemeral[32];
    uint8_t responder_static[32];
    uint8_t responder_ephemeral[32];
    uint8_t responder_knows_initiator[32];
    bool has_responder_knows_initiator;
    payload_list payloads;
    substitution substitute;
} handshake_request;

/* The length of message index on the wire: the two handshake messages by
 * their tokens, a transport message its payload and tag. */
static size_t message_length(noise_pattern pattern, size_t index, size_t payload_length)
{
    return index < 2 ? noise_handshake_message_length(pattern, index, payload_length)
                     : payload_length + NOISE_TAG_LENGTH;
}

static const char *read_payloads(const json_t *input, noise_pattern pattern, payload_list *payloads)
{
    const json_t *array = json_object_get(input, "payloads");
    if (!json_is_array(array) || json_array_size(array) < 2) {
        return ADAPTER_BAD_REQUEST;
    }
    size_t count = json_array_size(array);
    payloads->bytes = calloc(count, sizeof *payloads->bytes);
    payloads->lengths = calloc(count, sizeof *payloads->lengths);
    if (payloads->bytes == NULL || payloads->lengths == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    payloads->count = count;
    const char *error = NULL;
    for (size_t i = 0; error == NULL && i < count; i++) {
        error = input_hex_value(json_array_get(array, i), &payloads->bytes[i],
                                &payloads->lengths[i]);
        if (error == NULL &&
            message_length(pattern, i, payloads->lengths[i]) > NOISE_MAX_MESSAGE_LENGTH) {
            error = ADAPTER_BAD_REQUEST;
        }
    }
    return error;
}

static void release_payloads(payload_list *payloads)
{
    for (size_t i = 0; payloads->bytes != NULL && i < payloads->count; i++) {
        secure_free(payloads->bytes[i]);
    }
    free(payloads->bytes);
    free(payloads->lengths);
}

/* Reads "substitute" and checks that it names a message and lies inside it
 * (each message's length follows from its payload's). */
static const char *read_substitute(const json_t *input, const handshake_request *request,
                                   substitution *substitute)
{
    const json_t *object = json_object_get(input, "substitute");
    substitute->present = !(object == NULL || json_is_null(object));
    if (!substitute->present) {
        return NULL;
    }
    if (!json_is_object(object)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = input_integer(object, "message", JSON_SAFE_INTEGER_MAX,
                                      &substitute->message);
    if (error == NULL) {
        error = input_integer(object, "offset", JSON_SAFE_INTEGER_MAX, &substitute->offset);
    }
    if (error == NULL) {
        error = input_bytes(object, "bytes", &substitute->bytes, &substitute->length);
    }
    if (error == NULL && substitute->message >= request->payloads.count) {
        error = ADAPTER_BAD_REQUEST;
    }
    if (error == NULL) {
        size_t index = (size_t)substitute->message;
        size_t length = message_length(request->pattern, index, request->payloads.lengths[index]);
        if (substitute->offset > length || substitute->length > length - substitute->offset) {
            error = ADAPTER_BAD_REQUEST;
        }
    }
    return error;
}

static const char *read_protocol(const json_t *input, noise_pattern *pattern)
{
    const char *name;
    size_t length;
    const char *error = input_string(input, "protocol", &name, &length);
    if (error == NULL && !noise_pattern_named(name, length, pattern)) {
        error = ADAPTER_BAD_REQUEST;
    }
    return error;
}

static const char *read_handshake_request(const json_t *input, handshake_request *request)
{
    const char *error = read_protocol(input, &request->pattern);
    if (error == NULL) {
        error = input_bytes(input, "prologue", &request->prologue, &request->prologue_length);
    }
    if (error == NULL) {
        error = input_fixed(input, "psk", request->psk, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "initiatorStatic", request->initiator_static, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "initiatorEphemeral", request->initiator_ephemeral, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "responderStatic", request->responder_static, 32);
    }
    if (error == NULL) {
        error = input_fixed(input, "responderEphemeral", request->responder_ephemeral, 32);
    }
    if (error == NULL) {
        error = read_payloads(input, request->pattern, &request->payloads);
    }
    if (error == NULL) {
        error = input_optional_fixed(input, "responderPsk", request->responder_psk, 32,
                                     &request->has_responder_psk);
    }
    if (error == NULL) {
        error = input_optional_bytes(input, "responderPrologue", &request->responder_prologue,
                                     &request->responder_prologue_length);
    }
    if (error == NULL) {
        error = input_optional_fixed(input, "responderKnowsInitiator",
                                     request->responder_knows_initiator, 32,
                                     &request->has_responder_knows_initiator);
    }
    /* IK sends the initiator's static in message 1: the responder holds none
     * beforehand that could be replaced. */
    if (error == NULL && request->has_responder_knows_initiator &&
        request->pattern == NOISE_IKPSK1) {
        error = ADAPTER_BAD_REQUEST;
    }
    if (error == NULL) {
        error = read_substitute(input, request, &request->substitute);
    }
    return error;
}

static void release_handshake_request(handshake_request *request)
{
    secure_free(request->prologue);
    secure_free(request->responder_prologue);
    secure_free(request->substitute.bytes);
    release_payloads(&request->payloads);
    sodium_memzero(request, sizeof *request);
}

/* Both parties' handshake states before message 1: each with its own
 * prologue, psk and knowledge of the peer's static key. */
static void start_parties(const handshake_request *request, noise_handshake *initiator,
                          noise_handshake *responder)
{
    uint8_t responder_public[32];
    uint8_t initiator_public[32];
    x25519_public_key(request->responder_static, responder_public);
    x25519_public_key(request->initiator_static, initiator_public);
    noise_handshake_init(initiator, request->pattern, true, request->prologue,
                         request->prologue_length, request->psk, request->initiator_static,
                         request->initiator_ephemeral, responder_public);
    const uint8_t *known_initiator = NULL;
    if (request->pattern == NOISE_KKPSK2) {
        known_initiator = request->has_responder_knows_initiator
                              ? request->responder_knows_initiator
                              : initiator_public;
    }
    bool own_prologue = request->responder_prologue != NULL;
    noise_handshake_init(responder, request->pattern, false,
                         own_prologue ? request->responder_prologue : request->prologue,
                         own_prologue ? request->responder_prologue_length
                                      : request->prologue_length,
                         request->has_responder_psk ? request->responder_psk : request->psk,
                         request->responder_static, request->responder_ephemeral, known_initiator);
}

/* Both parties after the handshake: index 0 and 1 are handshake messages,
 * then each sends with its own transport CipherState and reads with the other. */
typedef struct {
    noise_handshake initiator;
    noise_handshake responder;
    noise_cipher_state initiator_send; /* c1 */
    noise_cipher_state initiator_receive;
    noise_cipher_state responder_send; /* c2 */
    noise_cipher_state responder_receive;
} parties;

/* Writes message index from payload (the sender by parity). */
static tunnel_error send_message(parties *both, size_t index, const uint8_t *payload,
                                 size_t payload_length, uint8_t *message)
{
    bool by_initiator = index % 2 == 0;
    if (index < 2) {
        return noise_handshake_write(by_initiator ? &both->initiator : &both->responder, payload,
                                     payload_length, message);
    }
    return noise_cipher_encrypt(by_initiator ? &both->initiator_send : &both->responder_send, NULL,
                                0, payload, payload_length, message);
}

/* The receiver reads message index; after the second handshake message
 * (index 1) both parties split. */
static tunnel_error receive_message(parties *both, size_t index, const uint8_t *message,
                                    size_t length, uint8_t *payload)
{
    bool by_initiator = index % 2 == 0;
    size_t payload_length = 0;
    if (index >= 2) {
        return noise_cipher_decrypt(by_initiator ? &both->responder_receive
                                                 : &both->initiator_receive,
                                    NULL, 0, message, length, payload, &payload_length);
    }
    tunnel_error status = noise_handshake_read(by_initiator ? &both->responder : &both->initiator,
                                               message, length, payload, &payload_length);
    if (status == TUNNEL_OK && index == 1) {
        noise_handshake_split(&both->initiator, &both->initiator_send, &both->initiator_receive);
        noise_handshake_split(&both->responder, &both->responder_receive, &both->responder_send);
    }
    return status;
}

/* Sends, substitutes and receives every message in order, appending each
 * to messages as its sender wrote it (ADP-58: "as sent"). */
static const char *run_messages(const handshake_request *request, parties *both, json_t *messages)
{
    const char *error = NULL;
    for (size_t i = 0; error == NULL && i < request->payloads.count; i++) {
        size_t payload_length = request->payloads.lengths[i];
        size_t length = message_length(request->pattern, i, payload_length);
        uint8_t *message = secure_alloc(length);
        uint8_t *received = secure_alloc(length);
        tunnel_error status = TUNNEL_OK;
        if (message == NULL || received == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        } else if ((status = send_message(both, i, request->payloads.bytes[i], payload_length,
                                          message)) != TUNNEL_OK) {
            error = tunnel_error_code(status);
        } else if ((error = output_append_hex(messages, message, length)) == NULL) {
            const substitution *substitute = &request->substitute;
            if (substitute->present && substitute->message == i) {
                memcpy(message + substitute->offset, substitute->bytes, substitute->length);
            }
            status = receive_message(both, i, message, length, received);
            if (status != TUNNEL_OK) {
                error = tunnel_error_code(status);
            }
        }
        secure_free(message);
        secure_free(received);
    }
    return error;
}

const char *op_noise_handshake(const json_t *input, json_t *output)
{
    handshake_request request = {0};
    parties both;
    sodium_memzero(&both, sizeof both);
    const char *error = read_handshake_request(input, &request);
    json_t *messages = error == NULL ? json_array() : NULL;
    json_t *keys = error == NULL ? json_object() : NULL;
    if (error == NULL &&
        (messages == NULL || keys == NULL || json_object_set(output, "messages", messages) != 0 ||
         json_object_set(output, "transportKeys", keys) != 0)) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    if (error == NULL) {
        start_parties(&request, &both.initiator, &both.responder);
        error = run_messages(&request, &both, messages);
    }
    if (error == NULL &&
        (!output_set_hex(output, "handshakeHash", both.initiator.symmetric.h, NOISE_HASH_LENGTH) ||
         !output_set_hex(keys, "initiatorToResponder", both.initiator_send.k, NOISE_KEY_LENGTH) ||
         !output_set_hex(keys, "responderToInitiator", both.initiator_receive.k,
                         NOISE_KEY_LENGTH))) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    json_decref(messages);
    json_decref(keys);
    sodium_memzero(&both, sizeof both);
    release_handshake_request(&request);
    return error;
}

const char *op_pairing_v3_values(const json_t *input, json_t *output)
{
    const char *cid = NULL;
    size_t cid_length = 0;
    uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH];
    uint8_t handshake_hash[32];
    uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH];
    uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH];
    const char *error = input_cid(input, &cid, &cid_length);
    if (error == NULL) {
        error = input_fixed(input, "pairingSecret", pairing_secret, sizeof pairing_secret);
    }
    if (error == NULL) {
        error = input_fixed(input, "handshakeHash", handshake_hash, sizeof handshake_hash);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceNonce", device_nonce, sizeof device_nonce);
    }
    if (error == NULL) {
        error = input_fixed(input, "coreNonce", core_nonce, sizeof core_nonce);
    }
    if (error == NULL) {
        uint8_t prologue[PAIRING_V3_PROLOGUE_MAX_LENGTH];
        uint8_t psk[32];
        uint8_t commitment[32];
        uint8_t reconnect_psk[32];
        char code[SAS_DIGITS + 1];
        size_t prologue_length = pairing_v3_prologue(cid, cid_length, prologue);
        pairing_v3_psk(pairing_secret, cid, cid_length, psk);
        pairing_v3_commitment(device_nonce, commitment);
        pairing_v3_code(handshake_hash, device_nonce, core_nonce, code);
        pairing_v3_reconnect_psk(handshake_hash, device_nonce, core_nonce, reconnect_psk);
        if (!output_set_hex(output, "prologue", prologue, prologue_length) ||
            !output_set_hex(output, "psk", psk, sizeof psk) ||
            !output_set_hex(output, "commitment", commitment, sizeof commitment) ||
            json_object_set_new(output, "code", json_string(code)) != 0 ||
            !output_set_hex(output, "reconnectPsk", reconnect_psk, sizeof reconnect_psk)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
        sodium_memzero(psk, sizeof psk);
        sodium_memzero(reconnect_psk, sizeof reconnect_psk);
        sodium_memzero(code, sizeof code);
    }
    sodium_memzero(pairing_secret, sizeof pairing_secret);
    sodium_memzero(device_nonce, sizeof device_nonce);
    sodium_memzero(core_nonce, sizeof core_nonce);
    return error;
}
