/* One core key per channel (CHAN-KEY-1, CHAN-KEY-2). The channel id is in no
 * key and no AAD: only a core key that no other channel uses binds a
 * handshake to its channel. Two channels sharing a key would let the relay
 * move a device from one to the other. */
#ifndef OPENHUMAN_CHANNEL_KEYS_H
#define OPENHUMAN_CHANNEL_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

/* CHAN-KEY-1: duplicate_core_key when candidate equals (byte for byte) the
 * key of any of the count channels; then the core draws another key. */
tunnel_error channel_keys_check_candidate(const uint8_t (*keys)[32], size_t count,
                                          const uint8_t candidate[32]);

/* CHAN-KEY-2: shared[i] = true for every channel whose key another channel
 * also has; the core must revoke every one of them, since it cannot tell
 * which channel a device believes it is on. Sorts indices, so the time is
 * O(n log n) for any n. no_memory when scratch space is not available. */
tunnel_error channel_keys_find_shared(const uint8_t (*keys)[32], size_t count, bool *shared);

#endif
