/* X25519 (RFC 7748, DH-1) with the all-zero output check (DH-2). */
#ifndef OPENHUMAN_X25519_H
#define OPENHUMAN_X25519_H

#include <stdint.h>

#include "tunnel_error.h"

#define X25519_KEY_LENGTH 32u

/* public = X25519(private, 9); the scalar is clamped as RFC 7748 says. */
void x25519_public_key(const uint8_t private_key[X25519_KEY_LENGTH],
                       uint8_t public_key[X25519_KEY_LENGTH]);

/* shared = X25519(private, peer_public). The u-coordinate's top bit is
 * masked and non-canonical values are accepted (RFC 7748 section 5). An
 * all-zero result means the peer sent a low-order point, which would make
 * the key independent of our secret: -> low_order_key, shared wiped. */
tunnel_error x25519_shared_secret(const uint8_t private_key[X25519_KEY_LENGTH],
                                  const uint8_t peer_public[X25519_KEY_LENGTH],
                                  uint8_t shared[X25519_KEY_LENGTH]);

#endif
