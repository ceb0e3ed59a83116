#include "handshake_rate.h"

tunnel_error handshake_rate_take(handshake_rate *rate, uint64_t now)
{
    uint64_t start = rate->full_at > now ? rate->full_at : now;
    if (start - now > (HANDSHAKE_RATE_CAPACITY - 1u) * HANDSHAKE_RATE_INTERVAL_SECONDS) {
        return TUNNEL_ERR_RATE_LIMITED;
    }
    rate->full_at = start + HANDSHAKE_RATE_INTERVAL_SECONDS;
    return TUNNEL_OK;
}
