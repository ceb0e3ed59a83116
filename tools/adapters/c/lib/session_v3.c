#include "session_v3.h"

#include <sodium.h>
#include <string.h>

#include "aead.h"

/* Version 3's type octets besides 0x16: version 1's, version 2's and the
 * handshakes' of chapter 13 (V3-MSG-1, V3-RECON-1). */
#define TYPE_LEGACY 0x01u
#define TYPE_V2_FIRST 0x02u
#define TYPE_V2_LAST 0x04u
#define TYPE_HANDSHAKE_V3_FIRST 0x10u
#define TYPE_HANDSHAKE_V3_LAST 0x15u

/* V3-FRAME-2 and V3-REKEY-3 leave the window this far below an epoch's start
 * reaching into the epoch before: H mod 65,536 below 2,047. */
#define PREVIOUS_KEY_REACH (SESSION_V3_WINDOW_WIDTH - 1u)

uint64_t session_v3_first_counter(session_v3_start start, bool device_sends)
{
    /* After a pairing the device sealed the reveal (0) and its answer (1),
     * the core its answer (0); after a reconnection the device sealed the key
     * confirmation (0). */
    if (start == SESSION_V3_AFTER_PAIRING) {
        return device_sends ? 2u : 1u;
    }
    return device_sends ? 1u : 0u;
}

uint64_t session_v3_epoch(uint64_t counter)
{
    return counter >> SESSION_V3_EPOCH_BITS;
}

void session_v3_rekey(const uint8_t key[SESSION_V3_KEY_LENGTH], uint8_t next[SESSION_V3_KEY_LENGTH])
{
    static const uint8_t ZEROS[SESSION_V3_KEY_LENGTH] = {0};
    uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH];
    memset(nonce, 0, 4);
    memset(nonce + 4, 0xff, 8);
    /* The 16-byte tag is computed and dropped; a buffer of its own lets next
     * be key. */
    uint8_t sealed[SESSION_V3_KEY_LENGTH + AEAD_TAG_LENGTH];
    chacha20poly1305_seal(key, nonce, ZEROS, sizeof ZEROS, NULL, 0, sealed);
    memcpy(next, sealed, SESSION_V3_KEY_LENGTH);
    sodium_memzero(sealed, sizeof sealed);
}

size_t session_v3_frame_length(size_t content_length)
{
    return session_v3_padded_length(content_length) + SESSION_V3_OVERHEAD;
}

/* V3-FRAME-1's header (the associated data) and Noise's nonce for a counter:
 * four zero bytes, then the counter's 8 bytes as they stand in the frame. */
static void write_header(uint64_t counter, uint8_t header[SESSION_V3_HEADER_LENGTH])
{
    header[0] = SESSION_V3_TYPE;
    for (size_t i = 0; i < 8; i++) {
        header[1 + i] = (uint8_t)(counter >> (8 * i));
    }
}

static uint64_t read_counter(const uint8_t *frame)
{
    uint64_t counter = 0;
    for (size_t i = 0; i < 8; i++) {
        counter |= (uint64_t)frame[1 + i] << (8 * i);
    }
    return counter;
}

static void nonce_of(const uint8_t *frame, uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH])
{
    memset(nonce, 0, 4);
    memcpy(nonce + 4, frame + 1, 8);
}

/* --- sender ------------------------------------------------------------------------------- */

void session_v3_sender_init(session_v3_sender *sender, const uint8_t key[SESSION_V3_KEY_LENGTH],
                            uint64_t counter, uint64_t started_at)
{
    sender->counter = counter;
    sender->epoch = session_v3_epoch(counter);
    memcpy(sender->key, key, SESSION_V3_KEY_LENGTH);
    sender->epoch_started_at = started_at;
}

/* The counter a seal at now uses (V3-SESS-2, V3-REKEY-2): the next counter,
 * or, once the current epoch (the epoch of the sender's key) is 120 s old,
 * the first counter of the epoch after it. A next counter that already is
 * that first counter (the count reached the epoch's end) stays; one that
 * only starts the current epoch (counter 0 of a session, a sendState at an
 * epoch's start) moves, since the current key has been in use for 120 s.
 * false when the counter would be 2^64 - 1 or beyond: no epoch follows the
 * last. A now before the epoch's start (a clock set back) is no rotation. */
static bool counter_for(const session_v3_sender *sender, uint64_t now, uint64_t *counter)
{
    uint64_t next = sender->counter;
    bool expired = now >= sender->epoch_started_at &&
                   now - sender->epoch_started_at >= SESSION_V3_REKEY_SECONDS;
    if (expired) {
        if (sender->epoch == session_v3_epoch(UINT64_MAX)) {
            return false; /* the next epoch would start at 2^64 */
        }
        uint64_t next_epoch_start = (sender->epoch + 1u) << SESSION_V3_EPOCH_BITS;
        if (next < next_epoch_start) {
            next = next_epoch_start;
        }
    }
    if (next == SESSION_V3_RESERVED_COUNTER) {
        return false;
    }
    *counter = next;
    return true;
}

void session_v3_seal_frame(const uint8_t key[SESSION_V3_KEY_LENGTH], uint64_t counter,
                           const uint8_t *content, size_t content_length, uint8_t *frame)
{
    size_t padded_length = session_v3_padded_length(content_length);
    uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH];
    write_header(counter, frame);
    nonce_of(frame, nonce);
    session_v3_pad(content, content_length, frame + SESSION_V3_HEADER_LENGTH);
    /* In place: the padded content becomes its ciphertext and tag. */
    chacha20poly1305_seal(key, nonce, frame + SESSION_V3_HEADER_LENGTH, padded_length, frame,
                          SESSION_V3_HEADER_LENGTH, frame + SESSION_V3_HEADER_LENGTH);
}

bool session_v3_sender_can_seal(const session_v3_sender *sender, uint64_t now, uint64_t frames)
{
    uint64_t counter = 0;
    if (frames == 0) {
        return true;
    }
    /* After the first frame the epoch is at most 0 s old at now, so the
     * others take the next counters one by one: the last is
     * counter + frames - 1, and it must be below 2^64 - 1. */
    return counter_for(sender, now, &counter) &&
           frames - 1u < SESSION_V3_RESERVED_COUNTER - counter;
}

tunnel_error session_v3_sender_seal(session_v3_sender *sender, const uint8_t *content,
                                    size_t content_length, uint64_t now, uint8_t *frame,
                                    size_t *frame_length)
{
    *frame_length = 0;
    if (content_length > SESSION_V3_MAX_CONTENT) {
        return TUNNEL_ERR_PLAINTEXT_TOO_LARGE;
    }
    uint64_t counter = 0;
    if (!counter_for(sender, now, &counter)) {
        return TUNNEL_ERR_SESSION_EXHAUSTED;
    }
    /* The key of the counter's epoch, derived into a temporary: the sender
     * holds the key of its next counter's epoch, so this is at most one
     * REKEY (by count or by time). */
    uint64_t epoch = session_v3_epoch(counter);
    uint8_t key[SESSION_V3_KEY_LENGTH];
    memcpy(key, sender->key, sizeof key);
    for (uint64_t e = sender->epoch; e < epoch; e++) {
        session_v3_rekey(key, key);
    }
    session_v3_seal_frame(key, counter, content, content_length, frame);
    *frame_length = session_v3_frame_length(content_length);

    sender->counter = counter + 1u; /* counter <= 2^64 - 2 */
    if (epoch != sender->epoch) {
        /* A new epoch starts with its first frame; the earlier key goes. */
        memcpy(sender->key, key, sizeof key);
        sender->epoch = epoch;
        sender->epoch_started_at = now;
    }
    sodium_memzero(key, sizeof key);
    return TUNNEL_OK;
}

/* --- receiver ----------------------------------------------------------------------------- */

void session_v3_receiver_init(session_v3_receiver *receiver,
                              const uint8_t key[SESSION_V3_KEY_LENGTH], uint64_t first)
{
    sodium_memzero(receiver, sizeof *receiver);
    session_v3_window_init(&receiver->window, first);
    receiver->epoch = receiver->window.has_highest ? session_v3_epoch(receiver->window.highest) : 0;
    memcpy(receiver->key, key, SESSION_V3_KEY_LENGTH);
}

bool session_v3_receiver_set(session_v3_receiver *receiver, uint64_t highest,
                             const uint8_t key[SESSION_V3_KEY_LENGTH])
{
    if (highest % SESSION_V3_EPOCH_LENGTH < PREVIOUS_KEY_REACH) {
        return false;
    }
    sodium_memzero(receiver, sizeof *receiver);
    session_v3_window_set(&receiver->window, highest);
    receiver->epoch = session_v3_epoch(highest);
    memcpy(receiver->key, key, SESSION_V3_KEY_LENGTH);
    return true;
}

/* V3-FRAME-2 step 1: the octet. */
static tunnel_error check_type(uint8_t type)
{
    if (type == SESSION_V3_TYPE) {
        return TUNNEL_OK;
    }
    if (type == TYPE_LEGACY) {
        return TUNNEL_ERR_LEGACY_FRAME;
    }
    if ((type >= TYPE_V2_FIRST && type <= TYPE_V2_LAST) ||
        (type >= TYPE_HANDSHAKE_V3_FIRST && type <= TYPE_HANDSHAKE_V3_LAST)) {
        return TUNNEL_ERR_UNEXPECTED_TYPE;
    }
    return TUNNEL_ERR_UNSUPPORTED_TYPE;
}

/* V3-FRAME-2 steps 1 and 2: nothing but the length and the octet is read. */
static tunnel_error check_shape(const uint8_t *frame, size_t length)
{
    if (length == 0) {
        return TUNNEL_ERR_EMPTY_FRAME;
    }
    tunnel_error status = check_type(frame[0]);
    if (status != TUNNEL_OK) {
        return status;
    }
    if (length < SESSION_V3_MIN_FRAME) {
        return TUNNEL_ERR_FRAME_TOO_SHORT;
    }
    if (length > SESSION_V3_MAX_FRAME) {
        return TUNNEL_ERR_FRAME_TOO_LARGE;
    }
    return session_v3_is_bucket(length - SESSION_V3_OVERHEAD) ? TUNNEL_OK : TUNNEL_ERR_BAD_PADDING;
}

/* V3-FRAME-2 step 3: the epochs (V3-REKEY-3), then the window
 * (V3-WINDOW-2). */
static tunnel_error check_counter(const session_v3_receiver *receiver, uint64_t counter)
{
    if (counter == SESSION_V3_RESERVED_COUNTER) {
        return TUNNEL_ERR_COUNTER_OUT_OF_RANGE;
    }
    uint64_t epoch = session_v3_epoch(counter);
    if (epoch > receiver->epoch && epoch - receiver->epoch > SESSION_V3_MAX_EPOCHS_AHEAD) {
        return TUNNEL_ERR_COUNTER_OUT_OF_RANGE;
    }
    if (session_v3_window_refuses(&receiver->window, counter)) {
        return TUNNEL_ERR_REPLAYED;
    }
    return TUNNEL_OK;
}

/* The keys a frame of epoch `epoch` (passed check_counter) opens under,
 * in temporaries: key is that epoch's, previous the one before it (for the
 * commit of a later epoch). A counter in the window from the epoch before
 * H's needs the kept previous key: the window reaches there only while
 * H mod 65,536 is below 2,047, and the receiver keeps that key exactly then,
 * so it is there; false (replayed) guards the impossible case. */
static bool keys_for(const session_v3_receiver *receiver, uint64_t epoch,
                     uint8_t key[SESSION_V3_KEY_LENGTH], uint8_t previous[SESSION_V3_KEY_LENGTH])
{
    if (epoch < receiver->epoch) {
        if (epoch + 1u != receiver->epoch || !receiver->has_previous) {
            return false;
        }
        memcpy(key, receiver->previous, SESSION_V3_KEY_LENGTH);
        return true;
    }
    memcpy(key, receiver->key, SESSION_V3_KEY_LENGTH);
    for (uint64_t e = receiver->epoch; e < epoch; e++) { /* at most 8 REKEYs */
        memcpy(previous, key, SESSION_V3_KEY_LENGTH);
        session_v3_rekey(key, key);
    }
    return true;
}

/* V3-FRAME-2 step 6: the counter is recorded and the keys move with H. */
static void commit(session_v3_receiver *receiver, uint64_t counter,
                   const uint8_t key[SESSION_V3_KEY_LENGTH],
                   const uint8_t previous[SESSION_V3_KEY_LENGTH])
{
    session_v3_window_record(&receiver->window, counter);
    uint64_t epoch = session_v3_epoch(counter);
    if (epoch > receiver->epoch) {
        /* The epoch just before is the new previous one: the old current
         * key after one REKEY, a key derived on the way after more. */
        memcpy(receiver->previous, previous, SESSION_V3_KEY_LENGTH);
        receiver->has_previous = true;
        memcpy(receiver->key, key, SESSION_V3_KEY_LENGTH);
        receiver->epoch = epoch;
    }
    if (receiver->has_previous &&
        receiver->window.highest % SESSION_V3_EPOCH_LENGTH >= PREVIOUS_KEY_REACH) {
        sodium_memzero(receiver->previous, SESSION_V3_KEY_LENGTH);
        receiver->has_previous = false;
    }
}

tunnel_error session_v3_receiver_check(const session_v3_receiver *receiver, const uint8_t *frame,
                                       size_t frame_length, uint8_t *content,
                                       size_t *content_length, session_v3_opened *opened)
{
    *content_length = 0;
    sodium_memzero(opened, sizeof *opened);
    tunnel_error status = check_shape(frame, frame_length);
    if (status != TUNNEL_OK) {
        return status;
    }
    uint64_t counter = read_counter(frame);
    status = check_counter(receiver, counter);
    if (status != TUNNEL_OK) {
        return status;
    }
    if (!keys_for(receiver, session_v3_epoch(counter), opened->key, opened->previous)) {
        session_v3_opened_wipe(opened);
        return TUNNEL_ERR_REPLAYED;
    }
    uint8_t nonce[CHACHA20POLY1305_NONCE_LENGTH];
    nonce_of(frame, nonce);
    size_t padded_length = 0;
    status = chacha20poly1305_open(opened->key, nonce, frame + SESSION_V3_HEADER_LENGTH,
                                   frame_length - SESSION_V3_HEADER_LENGTH, frame,
                                   SESSION_V3_HEADER_LENGTH, content, &padded_length);
    const uint8_t *inner = NULL;
    size_t inner_length = 0;
    if (status == TUNNEL_OK) {
        status = session_v3_unpad(content, padded_length, &inner, &inner_length);
        if (status != TUNNEL_OK) {
            sodium_memzero(content, padded_length); /* no byte of a refused frame */
        }
    }
    if (status != TUNNEL_OK) {
        session_v3_opened_wipe(opened);
        return status;
    }
    memmove(content, inner, inner_length);
    sodium_memzero(content + inner_length, padded_length - inner_length);
    *content_length = inner_length;
    opened->counter = counter;
    return TUNNEL_OK;
}

void session_v3_receiver_accept(session_v3_receiver *receiver, session_v3_opened *opened)
{
    commit(receiver, opened->counter, opened->key, opened->previous);
    session_v3_opened_wipe(opened);
}

void session_v3_opened_wipe(session_v3_opened *opened)
{
    sodium_memzero(opened, sizeof *opened);
}

tunnel_error session_v3_receiver_open(session_v3_receiver *receiver, const uint8_t *frame,
                                      size_t frame_length, uint8_t *content, size_t *content_length)
{
    session_v3_opened opened;
    tunnel_error status = session_v3_receiver_check(receiver, frame, frame_length, content,
                                                    content_length, &opened);
    if (status == TUNNEL_OK) {
        session_v3_receiver_accept(receiver, &opened);
    }
    return status;
}

/* --- session ------------------------------------------------------------------------------ */

void session_v3_init(session_v3 *session, bool device, session_v3_start start,
                     const uint8_t device_to_core[SESSION_V3_KEY_LENGTH],
                     const uint8_t core_to_device[SESSION_V3_KEY_LENGTH], uint64_t started_at)
{
    const uint8_t *send_key = device ? device_to_core : core_to_device;
    const uint8_t *receive_key = device ? core_to_device : device_to_core;
    session_v3_sender_init(&session->sender, send_key, session_v3_first_counter(start, device),
                           started_at);
    session_v3_receiver_init(&session->receiver, receive_key,
                             session_v3_first_counter(start, !device));
}

void session_v3_wipe(session_v3 *session)
{
    sodium_memzero(session, sizeof *session);
}
