/* The replay window of one session opener (REPLAY-1..4): the nonces of the
 * 128 most recently accepted frames, evicted oldest first.
 *
 * Session frames carry random nonces, not counters, so the receiver can
 * only remember what it saw. A FIFO ring keeps acceptance order; a small
 * chained hash table over the ring gives O(1) membership, so a flood of
 * forged frames costs the same per frame as honest traffic. The table is
 * keyed with a random SipHash key, so chosen nonces cannot pile into one
 * bucket. Nonces are public (they travel in clear), so plain memcmp is fine. */
#ifndef OPENHUMAN_REPLAY_WINDOW_H
#define OPENHUMAN_REPLAY_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REPLAY_WINDOW_CAPACITY 128u
#define REPLAY_WINDOW_BUCKETS 256u
#define REPLAY_NONCE_LENGTH 24u
#define REPLAY_HASH_KEY_LENGTH 16u

typedef struct {
    uint8_t nonces[REPLAY_WINDOW_CAPACITY][REPLAY_NONCE_LENGTH]; /* ring in acceptance order */
    int16_t chain_next[REPLAY_WINDOW_CAPACITY]; /* next ring slot in the same bucket, -1 ends */
    int16_t bucket_head[REPLAY_WINDOW_BUCKETS]; /* first ring slot of each bucket, -1 empty */
    size_t count;                               /* recorded nonces, at most the capacity */
    size_t oldest;                              /* ring slot of the oldest nonce */
    uint8_t hash_key[REPLAY_HASH_KEY_LENGTH];
} replay_window;

/* An empty window with a fresh random hash key. */
void replay_window_init(replay_window *window);

bool replay_window_contains(const replay_window *window, const uint8_t nonce[REPLAY_NONCE_LENGTH]);

/* Records an accepted nonce; when full, the oldest accepted one leaves. */
void replay_window_record(replay_window *window, const uint8_t nonce[REPLAY_NONCE_LENGTH]);

#endif
