/* The core's whole-session nonce memory (MEMORY-1, MEMORY-3, REPLAY-4).
 *
 * The 128-nonce window forgets a request after 128 newer frames, and a relay
 * that recorded it could then have the core execute it again. The core
 * therefore remembers every nonce it accepted in a session, keyed by the
 * nonce's first 16 bytes (MEMORY-3: an honest collision has probability
 * below 2^-89 in 2^20 frames and only refuses one honest frame).
 *
 * Open addressing with linear probing over 16-byte entries, never more than
 * half full, doubled when an insertion would pass half: 32 to 64 bytes per
 * remembered nonce, one random memory access per lookup in a full session
 * (REPLAY-4). The slot comes from SipHash-2-4 (libsodium's crypto_shorthash)
 * under a random key drawn for each memory: only nonces of authenticated
 * frames are inserted, but the device holds the session key and chooses its
 * nonces, and with an unkeyed hash it could fill one probe chain with a
 * million nonces and make every later lookup walk it. The all-zero key marks
 * an empty slot; a real all-zero key is kept in a flag of its own. Nonces
 * are public; only the hash key is wiped. */
#ifndef OPENHUMAN_SESSION_MEMORY_H
#define OPENHUMAN_SESSION_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

#define SESSION_MEMORY_KEY_LENGTH 16u

typedef struct {
    uint8_t (*slots)[SESSION_MEMORY_KEY_LENGTH]; /* capacity entries, all-zero = empty */
    uint8_t hash_key[16];                        /* secret, random per memory */
    size_t capacity;                             /* a power of two */
    size_t count;                                /* remembered keys, the zero key included */
    bool has_zero_key;
} session_memory;

/* An empty memory with a small first table; no_memory when allocation fails. */
tunnel_error session_memory_init(session_memory *memory);

/* Frees the table and wipes the hash key; the memory is empty and must be
 * initialised again before use. */
void session_memory_release(session_memory *memory);

/* True when a nonce with the same first 16 bytes was recorded. */
bool session_memory_contains(const session_memory *memory, const uint8_t nonce[24]);

/* Records the first 16 bytes of nonce. no_memory (and nothing recorded) when
 * the table cannot grow. Recording a key already present changes nothing. */
tunnel_error session_memory_record(session_memory *memory, const uint8_t nonce[24]);

#endif
