/* The core's session opener and sealer (MEMORY-1, MEMORY-2, KEYCONF-5):
 * the core opens with c2s and seals with s2c (KDF-5), remembers the nonce
 * of every frame it accepted in the session (not only the last 128: the
 * core executes requests, so a replay after any number of frames must
 * fail), and accepts at most `bound` frames. An exhausted session keeps
 * answering remembered nonces with `replayed`, refuses every other frame
 * with `session_exhausted` without touching the key, and seals nothing:
 * the device must run a new handshake. */
#ifndef OPENHUMAN_CORE_SESSION_H
#define OPENHUMAN_CORE_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session_keys.h"
#include "session_memory.h"
#include "tunnel_error.h"

/* MEMORY-2 allows 65,536 or 1,048,576 (RECOMMENDED). */
#define CORE_SESSION_BOUND 1048576u

typedef struct {
    uint8_t opening_key[SESSION_KEY_LENGTH]; /* c2s */
    uint8_t sealing_key[SESSION_KEY_LENGTH]; /* s2c */
    session_memory memory;
    size_t accepted;
    size_t bound;
} core_session;

/* A new session with an empty memory (SESS-1); no_memory when the memory
 * cannot be allocated (then nothing needs releasing). */
tunnel_error core_session_init(core_session *session, const session_keys *keys, size_t bound);

/* Erases the keys and frees the memory (SESS-2). */
void core_session_wipe(core_session *session);

bool core_session_exhausted(const core_session *session);

/* Makes the session exhausted as if it had accepted its bound of frames,
 * without them; the memory keeps its nonces. For the adapter protocol's
 * fillSession (ADP-55): no vector can send 2^20 frames. */
void core_session_exhaust(core_session *session);

/* FRAME-OPEN-5 / MEMORY-1: the nonce frame[1:25] was accepted before. */
bool core_session_remembers(const core_session *session, const uint8_t nonce[24]);

/* FRAME-OPEN-6 alone: opens frame[25:] under c2s (the frame's shape was
 * checked by the caller). Changes nothing. plaintext has room for
 * frame_length bytes. */
tunnel_error core_session_authenticate(const core_session *session, const uint8_t *frame,
                                       size_t frame_length, uint8_t *plaintext,
                                       size_t *plaintext_length);

/* Records an authenticated frame's nonce and counts it (FRAME-OPEN-7). */
tunnel_error core_session_record(core_session *session, const uint8_t nonce[24]);

/* The whole order of MEMORY-2 for one frame: shape, `replayed`,
 * authentication unless exhausted, then `session_exhausted` or
 * `auth_failed`. Only an accepted frame changes the session. */
tunnel_error core_session_open(core_session *session, const uint8_t *frame, size_t frame_length,
                               uint8_t *plaintext, size_t *plaintext_length);

/* KEYCONF-5 then FRAME-SEAL-3: exhausted -> session_exhausted; plaintext
 * over 49,111 bytes -> plaintext_too_large; both before a nonce is drawn.
 * nonce NULL: drawn from libsodium's CSPRNG (FRAME-SEAL-2). frame has room
 * for plaintext_length + 41 bytes. */
tunnel_error core_session_seal(const core_session *session, const uint8_t *plaintext,
                               size_t plaintext_length, const uint8_t *nonce, uint8_t *frame,
                               size_t *frame_length);

#endif
