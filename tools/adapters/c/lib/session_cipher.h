/* Session frames 0x02 (FRAME-SEAL-*, FRAME-OPEN-*):
 * 0x02 || nonce(24) || XChaCha20-Poly1305(direction key, nonce, plaintext), no AAD. */
#ifndef OPENHUMAN_SESSION_CIPHER_H
#define OPENHUMAN_SESSION_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "replay_window.h"
#include "session_keys.h"
#include "tunnel_error.h"

typedef struct {
    uint8_t sealing_key[SESSION_KEY_LENGTH];
    uint8_t opening_key[SESSION_KEY_LENGTH];
    replay_window window; /* nonces this opener accepted */
} session_cipher;

/* A fresh session for one role: role keys picked (KDF-5), empty window (SESS-1). */
void session_cipher_init(session_cipher *cipher, tunnel_role role, const session_keys *keys);

/* Wipes the keys (SESS-2). */
void session_cipher_wipe(session_cipher *cipher);

/* Seals into frame (room for plaintext_length + 41 bytes). The nonce must be
 * fresh CSPRNG output (FRAME-SEAL-2); it is an input so vectors can pin it.
 * plaintext > 49,111 bytes -> plaintext_too_large, nothing written. */
tunnel_error session_cipher_seal(const session_cipher *cipher, const uint8_t *plaintext,
                                 size_t plaintext_length, const uint8_t nonce[24], uint8_t *frame,
                                 size_t *frame_length);

/* Opens with the checks in FRAME-OPEN order: shape (empty, type, too
 * short, too large), replay, authentication. Only an authenticated frame's
 * nonce is recorded (FRAME-OPEN-7): an attacker who can inject bytes cannot
 * push genuine nonces out of the window. plaintext has room for
 * frame_length bytes; on any error the session is unchanged. */
tunnel_error session_cipher_open(session_cipher *cipher, const uint8_t *frame, size_t frame_length,
                                 uint8_t *plaintext, size_t *plaintext_length);

#endif
