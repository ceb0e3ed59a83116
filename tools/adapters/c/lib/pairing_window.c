#include "pairing_window.h"

uint64_t pairing_window_expires_at(uint64_t issued_at, uint64_t relay_expires_at_ms)
{
    uint64_t relay = relay_expires_at_ms / 1000u;
    if (issued_at > UINT64_MAX - PAIRING_WINDOW_MAX_SECONDS) {
        return relay;
    }
    uint64_t cap = issued_at + PAIRING_WINDOW_MAX_SECONDS;
    return relay < cap ? relay : cap;
}
