#include "session_cipher.h"

#include <sodium.h>
#include <string.h>

#include "aead.h"
#include "frame.h"

void session_cipher_init(session_cipher *cipher, tunnel_role role, const session_keys *keys)
{
    memcpy(cipher->sealing_key, session_keys_sealing_key(keys, role), SESSION_KEY_LENGTH);
    memcpy(cipher->opening_key, session_keys_opening_key(keys, role), SESSION_KEY_LENGTH);
    replay_window_init(&cipher->window);
}

void session_cipher_wipe(session_cipher *cipher)
{
    sodium_memzero(cipher, sizeof *cipher);
}

tunnel_error session_cipher_seal(const session_cipher *cipher, const uint8_t *plaintext,
                                 size_t plaintext_length, const uint8_t nonce[24], uint8_t *frame,
                                 size_t *frame_length)
{
    if (plaintext_length > SESSION_MAX_PLAINTEXT) {
        return TUNNEL_ERR_PLAINTEXT_TOO_LARGE;
    }
    frame[0] = FRAME_TYPE_SESSION;
    memcpy(frame + 1, nonce, AEAD_NONCE_LENGTH);
    aead_seal(cipher->sealing_key, nonce, plaintext, plaintext_length, NULL, 0,
              frame + 1 + AEAD_NONCE_LENGTH);
    *frame_length = plaintext_length + SESSION_FRAME_OVERHEAD;
    return TUNNEL_OK;
}

tunnel_error session_cipher_open(session_cipher *cipher, const uint8_t *frame, size_t frame_length,
                                 uint8_t *plaintext, size_t *plaintext_length)
{
    *plaintext_length = 0;
    tunnel_error error = frame_check_shape(frame, frame_length, FRAME_TYPE_SESSION,
                                           SESSION_FRAME_OVERHEAD);
    if (error != TUNNEL_OK) {
        return error;
    }
    const uint8_t *nonce = frame + 1;
    if (replay_window_contains(&cipher->window, nonce)) {
        return TUNNEL_ERR_REPLAYED;
    }
    error = aead_open(cipher->opening_key, nonce, frame + 1 + AEAD_NONCE_LENGTH,
                      frame_length - 1 - AEAD_NONCE_LENGTH, NULL, 0, plaintext, plaintext_length);
    if (error != TUNNEL_OK) {
        return error;
    }
    replay_window_record(&cipher->window, nonce);
    return TUNNEL_OK;
}
