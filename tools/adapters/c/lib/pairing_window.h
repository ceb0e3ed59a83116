/* The core's own clock caps the pairing window (CLOCK-1): the relay's
 * expiry goes into the QR code only up to 600 seconds after issue, so a
 * relay cannot keep a pairing code valid for as long as it likes. */
#ifndef OPENHUMAN_PAIRING_WINDOW_H
#define OPENHUMAN_PAIRING_WINDOW_H

#include <stdint.h>

#define PAIRING_WINDOW_MAX_SECONDS 600u

/* min(floor(relay_expires_at_ms / 1000), issued_at + 600), in Unix seconds.
 * The sum is formed only when it cannot overflow; when it would, the
 * relay's value (the smaller one) is the answer. */
uint64_t pairing_window_expires_at(uint64_t issued_at, uint64_t relay_expires_at_ms);

#endif
