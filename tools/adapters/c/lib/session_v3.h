/* A version 3 session (chapter 14): the frames 0x16 with an explicit 64-bit
 * counter, one sender and one receiver per party, key epochs of 65,536
 * counters or 120 seconds rotated by Noise's REKEY, and the padding of
 * session_v3_padding.h.
 *
 *   frame = 0x16 || uint64_le(c) || ChaCha20-Poly1305(k_e, 0^4 || uint64_le(c),
 *                                                     padded, ad = frame[0:9])
 *   e = c / 65,536, k_0 the direction's key of Split(), k_(e+1) = REKEY(k_e)
 *
 * The receiver knows from the counter alone which key a frame used, so a
 * rotation needs no message; its window (session_v3_window.h) refuses every
 * replay of the session in constant time and memory. Every refusal, of the
 * sender or of the receiver, leaves its state exactly as it was (ERR-1). */
#ifndef OPENHUMAN_SESSION_V3_H
#define OPENHUMAN_SESSION_V3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session_v3_padding.h"
#include "session_v3_window.h"
#include "tunnel_error.h"

#define SESSION_V3_TYPE 0x16u
#define SESSION_V3_HEADER_LENGTH 9u /* type || counter: the associated data */
#define SESSION_V3_TAG_LENGTH 16u
#define SESSION_V3_OVERHEAD (SESSION_V3_HEADER_LENGTH + SESSION_V3_TAG_LENGTH)
#define SESSION_V3_MIN_FRAME (SESSION_V3_MIN_PADDED + SESSION_V3_OVERHEAD)
#define SESSION_V3_MAX_FRAME (SESSION_V3_MAX_PADDED + SESSION_V3_OVERHEAD)
#define SESSION_V3_KEY_LENGTH 32u
/* V3-REKEY-1, V3-REKEY-2, V3-REKEY-3. */
#define SESSION_V3_EPOCH_BITS 16u
#define SESSION_V3_EPOCH_LENGTH (UINT64_C(1) << SESSION_V3_EPOCH_BITS)
#define SESSION_V3_REKEY_SECONDS 120u
#define SESSION_V3_MAX_EPOCHS_AHEAD 8u
/* Noise reserves nonce 2^64 - 1 for REKEY: no frame is sealed or opened at it. */
#define SESSION_V3_RESERVED_COUNTER UINT64_MAX

/* The handshake that started the session; it fixes the first counters (V3-SESS-1). */
typedef enum {
    SESSION_V3_AFTER_PAIRING,
    SESSION_V3_AFTER_RECONNECTION
} session_v3_start;

/* The first counter of the device's direction (device_sends) or of the
 * core's, after the handshake's own transport messages: 2 and 1 after a
 * pairing, 1 and 0 after a reconnection. */
uint64_t session_v3_first_counter(session_v3_start start, bool device_sends);

/* The epoch of a counter: c / 65,536. */
uint64_t session_v3_epoch(uint64_t counter);

/* REKEY(k) (Noise section 4.2): the first 32 bytes of
 * ChaCha20-Poly1305(k, 0^4 || 0xff^8, 32 zero bytes, ad = empty). */
void session_v3_rekey(const uint8_t key[SESSION_V3_KEY_LENGTH],
                      uint8_t next[SESSION_V3_KEY_LENGTH]);

/* The frame length for content of content_length bytes (at most
 * SESSION_V3_MAX_CONTENT): its bucket plus 25. */
size_t session_v3_frame_length(size_t content_length);

/* One direction's sender (V3-SESS-2, V3-REKEY-2): its next counter, the key
 * of that counter's epoch (only that one: a key of an earlier epoch is
 * erased as soon as a frame of a later one is sealed) and the time the
 * current epoch started. */
typedef struct {
    uint64_t counter;
    uint64_t epoch; /* the epoch of key */
    uint8_t key[SESSION_V3_KEY_LENGTH];
    uint64_t epoch_started_at; /* seconds */
} session_v3_sender;

/* A sender whose next counter is counter and whose key of that counter's
 * epoch is key, the epoch starting at started_at. A session starts it at
 * its first counter with the key of epoch 0; any other counter is the
 * vectors' sendState (ADP-130), which production code never sets. */
void session_v3_sender_init(session_v3_sender *sender, const uint8_t key[SESSION_V3_KEY_LENGTH],
                            uint64_t counter, uint64_t started_at);

/* V3-FRAME-1 alone: content (at most SESSION_V3_MAX_CONTENT bytes) padded
 * and sealed at counter under key, the key of the counter's epoch, into
 * frame (session_v3_frame_length(content_length) bytes). The sender below
 * picks the counter and the key; this is its last step, and a test peer's
 * (the adapter's openMany), never a production sender's way to choose a
 * counter (V3-SESS-2). */
void session_v3_seal_frame(const uint8_t key[SESSION_V3_KEY_LENGTH], uint64_t counter,
                           const uint8_t *content, size_t content_length, uint8_t *frame);

/* True when the sender can seal frames frames at time now, one after the
 * other, without reaching counter 2^64 - 1: a message's records are all
 * sealed or none (session_v3_records.h). */
bool session_v3_sender_can_seal(const session_v3_sender *sender, uint64_t now, uint64_t frames);

/* Seals content (content_length bytes) at time now into frame
 * (session_v3_frame_length(content_length) bytes, *frame_length set).
 * Content longer than 49,125 bytes -> plaintext_too_large; no counter left
 * below 2^64 - 1 -> session_exhausted; both emit nothing and change nothing.
 * At least 120 s into its current epoch the counter first moves to the next epoch's
 * first (V3-REKEY-2). */
tunnel_error session_v3_sender_seal(session_v3_sender *sender, const uint8_t *content,
                                    size_t content_length, uint64_t now, uint8_t *frame,
                                    size_t *frame_length);

/* One direction's receiver (V3-WINDOW-*, V3-REKEY-3): the window, the key of
 * H's epoch and, while the window reaches into the epoch before
 * (H mod 65,536 below 2,047), that epoch's key. */
typedef struct {
    session_v3_window window;
    uint64_t epoch; /* H's epoch, 0 when there is no H */
    uint8_t key[SESSION_V3_KEY_LENGTH];
    bool has_previous;
    uint8_t previous[SESSION_V3_KEY_LENGTH]; /* the key of epoch - 1 */
} session_v3_receiver;

/* A receiver whose peer starts at counter first with the key of epoch 0:
 * every counter below first counts as accepted (V3-SESS-1), and first is
 * at most 2, so H is in epoch 0. */
void session_v3_receiver_init(session_v3_receiver *receiver,
                              const uint8_t key[SESSION_V3_KEY_LENGTH], uint64_t first);

/* The vectors' receiveState (ADP-130): H = highest, every counter of the
 * window accepted, key the key of H's epoch and no earlier key. false,
 * with nothing set, when highest mod 65,536 is below 2,047: such a
 * receiver would need the previous epoch's key. */
bool session_v3_receiver_set(session_v3_receiver *receiver, uint64_t highest,
                             const uint8_t key[SESSION_V3_KEY_LENGTH]);

/* A frame that passed V3-FRAME-2's steps 1 to 5 and is not yet accepted:
 * its counter and the keys its acceptance would keep (temporaries). */
typedef struct {
    uint64_t counter;
    uint8_t key[SESSION_V3_KEY_LENGTH];
    uint8_t previous[SESSION_V3_KEY_LENGTH];
} session_v3_opened;

/* V3-FRAME-2's steps 1 to 5, changing nothing: content gets the frame's
 * content (room for frame_length bytes), *content_length its length, and
 * *opened what session_v3_receiver_accept needs. So the caller can check the
 * content (a record, V3-FRAG-2) before the frame is accepted; a content it
 * refuses is dropped with session_v3_opened_wipe, and the receiver is as it
 * was. No other call on the receiver may come between the two. */
tunnel_error session_v3_receiver_check(const session_v3_receiver *receiver, const uint8_t *frame,
                                       size_t frame_length, uint8_t *content,
                                       size_t *content_length, session_v3_opened *opened);

/* V3-FRAME-2 step 6 for the frame session_v3_receiver_check passed: its
 * counter is recorded and the epoch keys move; *opened is wiped. */
void session_v3_receiver_accept(session_v3_receiver *receiver, session_v3_opened *opened);

void session_v3_opened_wipe(session_v3_opened *opened);

/* Opens a frame in V3-FRAME-2's order (check, then accept); content gets the frame's content
 * (room for frame_length bytes), *content_length its length. A refusal
 * changes nothing and releases no byte of plaintext. */
tunnel_error session_v3_receiver_open(session_v3_receiver *receiver, const uint8_t *frame,
                                      size_t frame_length, uint8_t *content,
                                      size_t *content_length);

/* Both directions of one party (V3-SESS-1): the device seals with
 * device_to_core (Split()'s first key) and opens with core_to_device, the
 * core the reverse; each at its direction's first counter, the sender's
 * first epoch starting at started_at. */
typedef struct {
    session_v3_sender sender;
    session_v3_receiver receiver;
} session_v3;

void session_v3_init(session_v3 *session, bool device, session_v3_start start,
                     const uint8_t device_to_core[SESSION_V3_KEY_LENGTH],
                     const uint8_t core_to_device[SESSION_V3_KEY_LENGTH], uint64_t started_at);

/* Erases every key. */
void session_v3_wipe(session_v3 *session);

#endif
