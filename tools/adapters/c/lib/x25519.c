#include "x25519.h"

#include <sodium.h>

void x25519_public_key(const uint8_t private_key[X25519_KEY_LENGTH],
                       uint8_t public_key[X25519_KEY_LENGTH])
{
    crypto_scalarmult_base(public_key, private_key);
}

tunnel_error x25519_shared_secret(const uint8_t private_key[X25519_KEY_LENGTH],
                                  const uint8_t peer_public[X25519_KEY_LENGTH],
                                  uint8_t shared[X25519_KEY_LENGTH])
{
    /* libsodium returns -1 exactly when the output is all zero (it checks
     * the small-order inputs that cause it); the explicit constant-time
     * zero test below states DH-2 here instead of trusting that. */
    int status = crypto_scalarmult(shared, private_key, peer_public);
    if (status != 0 || sodium_is_zero(shared, X25519_KEY_LENGTH)) {
        sodium_memzero(shared, X25519_KEY_LENGTH);
        return TUNNEL_ERR_LOW_ORDER_KEY;
    }
    return TUNNEL_OK;
}
