/* The key log (spec/kit/03-verifier.md): one secret per line,
 * "LABEL id-hex secret-hex\n", appended to the file named by the environment
 * variable OPENHUMAN_KEYLOG. Written only when that variable is set and not
 * empty, a setting for tests and debugging: a key log lets its holder decrypt
 * every session it covers and, with a static key, act as that side.
 *
 * Compiled in only when OPENHUMAN_KEY_LOG is defined, as the Makefile does for
 * the adapter (a test build); any other build gets the empty inline functions
 * below and holds no code that writes a key log (KEYLOG-6). */
#ifndef OPENHUMAN_KEY_LOG_H
#define OPENHUMAN_KEY_LOG_H
#include <stdint.h>
#include "session_keys.h"

#define KEY_LOG_CORE_STATIC "CORE_STATIC"
#define KEY_LOG_DEVICE_STATIC "DEVICE_STATIC"
#define KEY_LOG_HANDSHAKE_EPHEMERAL "HANDSHAKE_EPHEMERAL"
#define KEY_LOG_CLIENT_EPHEMERAL "CLIENT_EPHEMERAL"
#define KEY_LOG_SERVER_EPHEMERAL "SERVER_EPHEMERAL"

#ifdef OPENHUMAN_KEY_LOG
/* LABEL public-key private-key: a private key an operation was given or
 * generated and uses, named by its public key. */
void key_log_private(const char *label, const uint8_t private_key[32]);
/* SESSION_KEYS client_eph_pub||server_eph_pub c2s||s2c: session keys just
 * derived (KDF-2), named by the two ephemeral public keys of their salt. */
void key_log_session(const uint8_t client_ephemeral_public[32],
                     const uint8_t server_ephemeral_public[32], const session_keys *keys);
#else
static inline void key_log_private(const char *label, const uint8_t private_key[32])
{
    (void)label;
    (void)private_key;
}
static inline void key_log_session(const uint8_t client_ephemeral_public[32],
                                   const uint8_t server_ephemeral_public[32],
                                   const session_keys *keys)
{
    (void)client_ephemeral_public;
    (void)server_ephemeral_public;
    (void)keys;
}
#endif
#endif
