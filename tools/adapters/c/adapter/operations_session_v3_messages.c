/* session-v3's message steps (ADP-132): send, receive and receiveGenerated,
 * on the records of 14.6 (session_v3_records.h). */
#include <sodium.h>
#include <string.h>

#include "adapter_io.h"
#include "core_step_io.h"
#include "envelope_io.h"
#include "generated_message.h"
#include "secure_memory.h"
#include "session_v3_steps.h"

void session_v3_peer_key(session_v3_steps *context, uint64_t epoch,
                         uint8_t key[SESSION_V3_KEY_LENGTH])
{
    for (; context->peer_epoch < epoch; context->peer_epoch++) {
        session_v3_rekey(context->peer_key, context->peer_key);
    }
    memcpy(key, context->peer_key, SESSION_V3_KEY_LENGTH);
}

const char *session_v3_generated_frames(const json_t *generated, uint64_t *frames)
{
    uint8_t seed[32];
    uint64_t length = 0;
    const json_t *id = json_object_get(generated, "requestId");
    if (!json_is_object(generated) || !json_is_string(id)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = input_fixed(generated, "seed", seed, sizeof seed);
    if (error == NULL) {
        error = input_integer(generated, "length", GENERATED_MESSAGE_MAX_LENGTH, &length);
    }
    if (error == NULL && length < generated_message_min_length(json_string_length(id))) {
        error = ADAPTER_BAD_REQUEST;
    }
    if (error == NULL) {
        *frames = length > SESSION_V3_MAX_MESSAGE ? 0 : session_v3_record_count((size_t)length);
    }
    return error;
}

/* ADP-61's message of a generated object that carries its own requestId. */
static const char *input_generated_v3(const json_t *generated, uint8_t **message, size_t *length)
{
    uint64_t frames = 0;
    const char *error = session_v3_generated_frames(generated, &frames);
    return error != NULL ? error
                         : input_generated(generated, json_object_get(generated, "requestId"),
                                           message, length);
}

/* out[name] = {length, sha256} of a delivered message. */
static const char *output_message(json_t *out, const uint8_t *message, size_t length)
{
    uint8_t digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, message, length);
    json_t *object = json_object();
    if (object == NULL || json_object_set_new(out, "message", object) != 0 ||
        json_object_set_new(object, "length", json_integer((json_int_t)length)) != 0 ||
        !output_set_hex(object, "sha256", digest, sizeof digest)) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return NULL;
}

/* The send step's message: "message" (hex, at most 1 MiB) or "generated",
 * exactly one of them. */
static const char *input_send_message(const json_t *body, uint8_t **message, size_t *length,
                                      bool *generated)
{
    const json_t *hex = json_object_get(body, "message");
    const json_t *g = json_object_get(body, "generated");
    *generated = g != NULL;
    if ((hex == NULL) == (g == NULL)) {
        return ADAPTER_BAD_REQUEST;
    }
    return g != NULL
               ? input_generated_v3(g, message, length)
               : input_bounded_bytes(body, "message", ADAPTER_SEND_MAX_MESSAGE, message, length);
}

/* Seals the message's frames: each appended to list in hex, or hashed. */
static const char *send_frames(session_v3_steps *context, session_v3_outgoing *outgoing,
                               uint64_t now, json_t *list, crypto_hash_sha256_state *hash,
                               tunnel_error *status)
{
    uint8_t *frame = secure_alloc(SESSION_V3_MAX_FRAME);
    const char *error = frame == NULL ? ADAPTER_INTERNAL_ERROR : NULL;
    while (error == NULL && *status == TUNNEL_OK && outgoing->next < outgoing->count) {
        size_t frame_length = 0;
        *status = session_v3_send_next(&context->session.sender, outgoing, now, frame,
                                       &frame_length);
        if (*status != TUNNEL_OK) {
            break;
        }
        if (list != NULL) {
            error = output_append_hex(list, frame, frame_length);
        } else {
            crypto_hash_sha256_update(hash, frame, frame_length);
        }
    }
    secure_free(frame);
    return error;
}

const char *session_v3_run_send(session_v3_steps *context, const json_t *body, json_t *out)
{
    uint8_t *message = NULL;
    size_t length = 0;
    uint64_t now = 0;
    bool generated = false;
    const char *error = input_send_message(body, &message, &length, &generated);
    if (error == NULL) {
        error = input_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    session_v3_outgoing outgoing;
    tunnel_error status = TUNNEL_OK;
    if (error == NULL) {
        status = session_v3_send_begin(&context->session.sender, &context->fragmenter, message,
                                       length, now, &outgoing);
    }
    json_t *list = NULL;
    crypto_hash_sha256_state hash;
    crypto_hash_sha256_init(&hash);
    if (error == NULL && status == TUNNEL_OK && !generated) {
        list = json_array();
        error = list == NULL ? ADAPTER_INTERNAL_ERROR : NULL;
    }
    if (error == NULL && status == TUNNEL_OK) {
        error = send_frames(context, &outgoing, now, list, &hash, &status);
    }
    if (error == NULL && status != TUNNEL_OK) {
        error = core_step_set_error(out, status);
    } else if (error == NULL && list != NULL) {
        error = json_object_set_new(out, "frames", list) == 0 ? NULL : ADAPTER_INTERNAL_ERROR;
        list = NULL;
    } else if (error == NULL) {
        uint8_t digest[crypto_hash_sha256_BYTES];
        crypto_hash_sha256_final(&hash, digest);
        if (json_object_set_new(out, "frames", json_integer((json_int_t)outgoing.count)) != 0 ||
            !output_set_hex(out, "sha256", digest, sizeof digest)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    json_decref(list);
    secure_free(message);
    return error;
}

/* Receives one frame; sets out["message"] (or null) or out["error"]. */
static const char *receive_frame(session_v3_steps *context, const uint8_t *frame,
                                 size_t frame_length, json_t *out, tunnel_error *status)
{
    uint8_t *message = NULL;
    size_t length = 0;
    *status = session_v3_receive(&context->session.receiver, &context->reassembly, frame,
                                 frame_length, &message, &length);
    const char *error = NULL;
    if (*status != TUNNEL_OK) {
        error = core_step_set_error(out, *status);
    } else if (message != NULL) {
        error = output_message(out, message, length);
    } else if (json_object_set_new(out, "message", json_null()) != 0) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    secure_free(message);
    return error;
}

const char *session_v3_run_receive(session_v3_steps *context, const json_t *body, json_t *out)
{
    uint8_t *frame = NULL;
    size_t frame_length = 0;
    tunnel_error status = TUNNEL_OK;
    const char *error = input_bytes(body, "frame", &frame, &frame_length);
    if (error == NULL) {
        error = receive_frame(context, frame, frame_length, out, &status);
    }
    secure_free(frame);
    return error;
}

/* The peer seals every record of outgoing at its next counters, and the
 * session receives them in order, stopping at the first refused; *received is
 * the number of frames received before that. The peer's counters move on
 * over every record, received or not. */
static const char *receive_peer_frames(session_v3_steps *context, session_v3_outgoing *outgoing,
                                       json_t *out, uint64_t *received)
{
    uint8_t *record = secure_alloc(SESSION_V3_MAX_CONTENT);
    uint8_t *frame = secure_alloc(SESSION_V3_MAX_FRAME);
    const char *error = record == NULL || frame == NULL ? ADAPTER_INTERNAL_ERROR : NULL;
    uint64_t first = context->peer_next;
    tunnel_error status = TUNNEL_OK;
    *received = 0;
    for (size_t i = 0; error == NULL && i < outgoing->count; i++) {
        uint64_t counter = first + i;
        uint8_t key[SESSION_V3_KEY_LENGTH];
        size_t length = session_v3_outgoing_record(outgoing, i, record);
        session_v3_peer_key(context, session_v3_epoch(counter), key);
        session_v3_seal_frame(key, counter, record, length, frame);
        sodium_memzero(key, sizeof key);
        json_object_del(out, "message");
        error = receive_frame(context, frame, session_v3_frame_length(length), out, &status);
        if (status != TUNNEL_OK) {
            break;
        }
        *received = i + 1u;
    }
    /* Bounded before any step: the last counter is at most 2^64 - 2. */
    context->peer_next = first + outgoing->count;
    secure_free(record);
    secure_free(frame);
    return error;
}

const char *session_v3_run_receive_generated(session_v3_steps *context, const json_t *generated,
                                             json_t *out)
{
    uint8_t *message = NULL;
    size_t length = 0;
    uint64_t received = 0;
    const char *error = input_generated_v3(generated, &message, &length);
    session_v3_outgoing outgoing;
    tunnel_error status = TUNNEL_OK;
    if (error == NULL) {
        status = session_v3_outgoing_begin(&context->peer_fragmenter, message, length, &outgoing);
        if (status != TUNNEL_OK) {
            error = core_step_set_error(out, status); /* nothing sent */
        } else {
            error = receive_peer_frames(context, &outgoing, out, &received);
        }
    }
    if (error == NULL && json_object_get(out, "error") == NULL &&
        json_object_get(out, "message") == NULL &&
        json_object_set_new(out, "message", json_null()) != 0) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    if (error == NULL &&
        json_object_set_new(out, "frames", json_integer((json_int_t)received)) != 0) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    secure_free(message);
    return error;
}
