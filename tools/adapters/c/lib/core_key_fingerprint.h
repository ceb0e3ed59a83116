/* The core key fingerprint (QR-SRC-3): what the phone shows before it acts
 * on a payload that did not come from its own scanner, and the desktop
 * shows beside its QR code, so the user can compare the two. 80 bits: an
 * attacker needs a second key with a given fingerprint (about 2^80 work),
 * not a collision. */
#ifndef OPENHUMAN_CORE_KEY_FINGERPRINT_H
#define OPENHUMAN_CORE_KEY_FINGERPRINT_H

#include <stdint.h>

/* 20 hex digits in five groups of four, separated by single spaces. */
#define CORE_KEY_FINGERPRINT_LENGTH 24u

/* The first 10 bytes of SHA-256("openhuman-tunnel/v2/core-key-fingerprint"
 * || core_static_pub), lowercase hex, grouped; text gets a final NUL. */
void core_key_fingerprint(const uint8_t core_static_public[32],
                          char text[CORE_KEY_FINGERPRINT_LENGTH + 1]);

#endif
