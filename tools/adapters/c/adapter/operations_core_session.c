/* core-session (MEMORY-1, MEMORY-2, KEYCONF-5, ADP-51): one session of the
 * core's production opener, driven by seal, open and openMany steps. */
#include <sodium.h>
#include <string.h>

#include "adapter_io.h"
#include "aead.h"
#include "core_session.h"
#include "core_step_io.h"
#include "frame.h"
#include "operations.h"
#include "steps.h"

#define OPEN_MANY_MAX_COUNT 1048576u

static tunnel_error seal_in_session(void *context, const uint8_t *plaintext,
                                    size_t plaintext_length, const uint8_t *nonce, uint8_t *frame,
                                    size_t *frame_length)
{
    return core_session_seal(context, plaintext, plaintext_length, nonce, frame, frame_length);
}

static tunnel_error open_in_session(void *context, const uint8_t *frame, size_t frame_length,
                                    uint8_t *plaintext, size_t *plaintext_length)
{
    return core_session_open(context, frame, frame_length, plaintext, plaintext_length);
}

/* stream(seed) of chapter 10: SHA-256(seed || u64be(0)) || SHA-256(seed ||
 * u64be(1)) || ..., read 24 bytes at a time. */
typedef struct {
    const char *seed;
    size_t seed_length;
    uint64_t block_index;
    uint8_t block[crypto_hash_sha256_BYTES];
    size_t used; /* bytes of block already read */
} nonce_stream;

static void stream_next_block(nonce_stream *stream)
{
    uint8_t counter[8];
    for (size_t i = 0; i < 8; i++) {
        counter[i] = (uint8_t)(stream->block_index >> (56 - 8 * i));
    }
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    crypto_hash_sha256_update(&state, (const uint8_t *)stream->seed, stream->seed_length);
    crypto_hash_sha256_update(&state, counter, sizeof counter);
    crypto_hash_sha256_final(&state, stream->block);
    stream->block_index++;
    stream->used = 0;
}

static void stream_read(nonce_stream *stream, uint8_t *out, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        if (stream->used == sizeof stream->block) {
            stream_next_block(stream);
        }
        out[i] = stream->block[stream->used++];
    }
}

/* {"seed": string, "count": 0..2^20}: opens count device frames with empty
 * plaintexts and the nonces of stream(seed), stopping at the first failure. */
static const char *run_open_many(core_session *session, const session_keys *keys,
                                 const json_t *input, json_t *out)
{
    nonce_stream stream = {0};
    uint64_t count = 0;
    const char *error = input_string(input, "seed", &stream.seed, &stream.seed_length);
    if (error == NULL) {
        error = input_integer(input, "count", OPEN_MANY_MAX_COUNT, &count);
    }
    if (error != NULL) {
        return error;
    }
    stream.used = sizeof stream.block;
    uint8_t frame[SESSION_FRAME_OVERHEAD];
    uint8_t plaintext[SESSION_FRAME_OVERHEAD];
    size_t plaintext_length = 0;
    tunnel_error status = TUNNEL_OK;
    uint64_t opened = 0;
    frame[0] = FRAME_TYPE_SESSION;
    for (; opened < count; opened++) {
        uint8_t *nonce = frame + 1;
        stream_read(&stream, nonce, AEAD_NONCE_LENGTH);
        /* The device seals with c2s (KDF-5). */
        aead_seal(keys->c2s, nonce, NULL, 0, NULL, 0, frame + 1 + AEAD_NONCE_LENGTH);
        status = core_session_open(session, frame, sizeof frame, plaintext, &plaintext_length);
        if (status != TUNNEL_OK) {
            break;
        }
    }
    if (json_object_set_new(out, "opened", json_integer((json_int_t)opened)) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return status == TUNNEL_OK ? NULL : core_step_set_error(out, status);
}

/* The session and its keys, which openMany's device frames are sealed with. */
typedef struct {
    core_session *session;
    const session_keys *keys;
} session_steps;

static const char *run_step(void *context, const json_t *step, json_t *result)
{
    core_session *session = ((session_steps *)context)->session;
    const session_keys *keys = ((session_steps *)context)->keys;
    const json_t *seal = json_object_get(step, "seal");
    const json_t *open = json_object_get(step, "open");
    const json_t *open_many = json_object_get(step, "openMany");
    const json_t *body = seal != NULL ? seal : open != NULL ? open : open_many;
    if (!json_is_object(step) || json_object_size(step) != 1 || !json_is_object(body)) {
        return ADAPTER_BAD_REQUEST;
    }
    if (open_many != NULL) {
        return run_open_many(session, keys, open_many, result);
    }
    tunnel_error status = TUNNEL_OK;
    const char *error = seal != NULL
                            ? core_step_seal(seal, result, seal_in_session, session, &status)
                            : core_step_open(open, result, open_in_session, session, &status);
    if (error == NULL && status != TUNNEL_OK) {
        error = core_step_set_error(result, status);
    }
    return error;
}

const char *op_core_session(const json_t *input, json_t *output)
{
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error != NULL) {
        return error;
    }
    session_keys keys;
    error = input_session_keys(input, &keys);
    core_session session;
    if (error == NULL && core_session_init(&session, &keys, CORE_SESSION_BOUND) != TUNNEL_OK) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    if (error != NULL) {
        sodium_memzero(&keys, sizeof keys);
        return error;
    }
    session_steps context = {&session, &keys};
    error = steps_run(steps, output, run_step, &context);
    core_session_wipe(&session);
    sodium_memzero(&keys, sizeof keys);
    return error;
}
