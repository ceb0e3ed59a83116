#include "core_session.h"

#include <sodium.h>
#include <string.h>

#include "aead.h"
#include "frame.h"

tunnel_error core_session_init(core_session *session, const session_keys *keys, size_t bound)
{
    tunnel_error error = session_memory_init(&session->memory);
    if (error != TUNNEL_OK) {
        return error;
    }
    memcpy(session->opening_key, session_keys_opening_key(keys, ROLE_CORE), SESSION_KEY_LENGTH);
    memcpy(session->sealing_key, session_keys_sealing_key(keys, ROLE_CORE), SESSION_KEY_LENGTH);
    session->accepted = 0;
    session->bound = bound;
    return TUNNEL_OK;
}

void core_session_wipe(core_session *session)
{
    session_memory_release(&session->memory);
    sodium_memzero(session, sizeof *session);
}

bool core_session_exhausted(const core_session *session)
{
    return session->accepted >= session->bound;
}

void core_session_exhaust(core_session *session)
{
    if (session->accepted < session->bound) {
        session->accepted = session->bound;
    }
}

bool core_session_remembers(const core_session *session, const uint8_t nonce[24])
{
    return session_memory_contains(&session->memory, nonce);
}

tunnel_error core_session_authenticate(const core_session *session, const uint8_t *frame,
                                       size_t frame_length, uint8_t *plaintext,
                                       size_t *plaintext_length)
{
    return aead_open(session->opening_key, frame + 1, frame + 1 + AEAD_NONCE_LENGTH,
                     frame_length - 1 - AEAD_NONCE_LENGTH, NULL, 0, plaintext, plaintext_length);
}

tunnel_error core_session_record(core_session *session, const uint8_t nonce[24])
{
    tunnel_error error = session_memory_record(&session->memory, nonce);
    if (error == TUNNEL_OK) {
        session->accepted++;
    }
    return error;
}

tunnel_error core_session_open(core_session *session, const uint8_t *frame, size_t frame_length,
                               uint8_t *plaintext, size_t *plaintext_length)
{
    *plaintext_length = 0;
    tunnel_error error = frame_check_shape(frame, frame_length, FRAME_TYPE_SESSION,
                                           SESSION_FRAME_OVERHEAD);
    if (error != TUNNEL_OK) {
        return error;
    }
    const uint8_t *nonce = frame + 1;
    if (core_session_remembers(session, nonce)) {
        return TUNNEL_ERR_REPLAYED;
    }
    /* MEMORY-2: an exhausted session never runs its key again. */
    if (core_session_exhausted(session)) {
        return TUNNEL_ERR_SESSION_EXHAUSTED;
    }
    error = core_session_authenticate(session, frame, frame_length, plaintext, plaintext_length);
    if (error == TUNNEL_OK) {
        error = core_session_record(session, nonce);
    }
    if (error != TUNNEL_OK) {
        sodium_memzero(plaintext, *plaintext_length);
        *plaintext_length = 0;
    }
    return error;
}

tunnel_error core_session_seal(const core_session *session, const uint8_t *plaintext,
                               size_t plaintext_length, const uint8_t *nonce, uint8_t *frame,
                               size_t *frame_length)
{
    *frame_length = 0;
    if (core_session_exhausted(session)) {
        return TUNNEL_ERR_SESSION_EXHAUSTED;
    }
    if (plaintext_length > SESSION_MAX_PLAINTEXT) {
        return TUNNEL_ERR_PLAINTEXT_TOO_LARGE;
    }
    uint8_t drawn[AEAD_NONCE_LENGTH];
    if (nonce == NULL) {
        randombytes_buf(drawn, sizeof drawn);
        nonce = drawn;
    }
    frame[0] = FRAME_TYPE_SESSION;
    memcpy(frame + 1, nonce, AEAD_NONCE_LENGTH);
    aead_seal(session->sealing_key, nonce, plaintext, plaintext_length, NULL, 0,
              frame + 1 + AEAD_NONCE_LENGTH);
    *frame_length = plaintext_length + SESSION_FRAME_OVERHEAD;
    return TUNNEL_OK;
}
