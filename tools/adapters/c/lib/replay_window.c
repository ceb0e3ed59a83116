#include "replay_window.h"

#include <sodium.h>
#include <string.h>

_Static_assert(crypto_shorthash_KEYBYTES == REPLAY_HASH_KEY_LENGTH, "SipHash key length");
_Static_assert(REPLAY_WINDOW_CAPACITY <= 32767, "ring slots fit int16_t");

static size_t bucket_of(const replay_window *window, const uint8_t nonce[REPLAY_NONCE_LENGTH])
{
    uint8_t hash[crypto_shorthash_BYTES];
    crypto_shorthash(hash, nonce, REPLAY_NONCE_LENGTH, window->hash_key);
    return (size_t)(((unsigned)hash[0] | ((unsigned)hash[1] << 8)) % REPLAY_WINDOW_BUCKETS);
}

void replay_window_init(replay_window *window)
{
    memset(window, 0, sizeof *window);
    for (size_t i = 0; i < REPLAY_WINDOW_BUCKETS; i++) {
        window->bucket_head[i] = -1;
    }
    for (size_t i = 0; i < REPLAY_WINDOW_CAPACITY; i++) {
        window->chain_next[i] = -1;
    }
    crypto_shorthash_keygen(window->hash_key);
}

bool replay_window_contains(const replay_window *window, const uint8_t nonce[REPLAY_NONCE_LENGTH])
{
    for (int16_t slot = window->bucket_head[bucket_of(window, nonce)]; slot >= 0;
         slot = window->chain_next[slot]) {
        if (memcmp(window->nonces[slot], nonce, REPLAY_NONCE_LENGTH) == 0) {
            return true;
        }
    }
    return false;
}

/* Unlinks a ring slot from its bucket chain (chains hold a few slots). */
static void unlink_slot(replay_window *window, int16_t slot)
{
    size_t bucket = bucket_of(window, window->nonces[slot]);
    int16_t *link = &window->bucket_head[bucket];
    while (*link >= 0 && *link != slot) {
        link = &window->chain_next[*link];
    }
    if (*link == slot) {
        *link = window->chain_next[slot];
    }
    window->chain_next[slot] = -1;
}

void replay_window_record(replay_window *window, const uint8_t nonce[REPLAY_NONCE_LENGTH])
{
    size_t slot;
    if (window->count == REPLAY_WINDOW_CAPACITY) {
        slot = window->oldest;
        unlink_slot(window, (int16_t)slot);
        window->oldest = (window->oldest + 1) % REPLAY_WINDOW_CAPACITY;
    } else {
        slot = (window->oldest + window->count) % REPLAY_WINDOW_CAPACITY;
        window->count++;
    }
    memcpy(window->nonces[slot], nonce, REPLAY_NONCE_LENGTH);
    size_t bucket = bucket_of(window, nonce);
    window->chain_next[slot] = window->bucket_head[bucket];
    window->bucket_head[bucket] = (int16_t)slot;
}
