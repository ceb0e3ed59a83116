/* The per-channel token bucket of HS-RATE-1: capacity 3, one token per 12
 * seconds of the core's clock, taken between steps 4 and 5 of HS-4 so that
 * a flood of handshakes costs no X25519.
 *
 * Kept as the one time full_at at which the bucket is full again (a
 * generic cell rate algorithm): a handshake at now finds a token when
 * max(full_at, now) - now <= (capacity - 1) * interval, and taking it adds
 * interval. That is a bucket whose tokens accrue continuously, in whole
 * seconds, with no rounding to agree on; a clock that goes back only makes
 * it stricter. */
#ifndef OPENHUMAN_HANDSHAKE_RATE_H
#define OPENHUMAN_HANDSHAKE_RATE_H

#include <stdint.h>

#include "tunnel_error.h"

#define HANDSHAKE_RATE_CAPACITY 3u          /* a handshake and two retries */
#define HANDSHAKE_RATE_INTERVAL_SECONDS 12u /* 5 a minute once the burst is spent */

typedef struct {
    uint64_t full_at; /* 0, the past: a full bucket */
} handshake_rate;

/* Takes one token at now, or answers rate_limited and changes nothing. */
tunnel_error handshake_rate_take(handshake_rate *rate, uint64_t now);

#endif
