/* The key log (spec/kit/03-verifier.md): one secret per line,
 * "LABEL id-hex secret-hex\n", appended to the file named by the environment
 * variable OPENHUMAN_KEYLOG. Written only when that variable is set and not
 * empty, a setting for tests and debugging: a key log lets its holder decrypt
 * the exchanges it covers. Only the secrets of one exchange are logged, never
 * a static or ephemeral private key (KEYLOG-11): no line is a credential
 * beyond the exchange it names.
 *
 * Compiled in only when OPENHUMAN_KEY_LOG is defined, as the Makefile does for
 * the adapter (a test build); any other build gets the empty inline functions
 * below and holds no code that writes a key log (KEYLOG-6). */
#ifndef OPENHUMAN_KEY_LOG_H
#define OPENHUMAN_KEY_LOG_H
#include <stdint.h>
#include "noise.h"
#include "session_keys.h"

#ifdef OPENHUMAN_KEY_LOG
/* K_HS hs_eph_pub||core_static_pub k_hs (KEYLOG-8): the key of a handshake
 * the device sealed or the core accepted, named by KDF-3's salt. */
void key_log_handshake_key(const uint8_t handshake_ephemeral_public[32],
                           const uint8_t core_static_public[32], const uint8_t key[32]);
/* K_ACK client_eph_pub k_ack (KEYLOG-9): the key of an ack the core sent or
 * the device accepted, named by KDF-4's salt. */
void key_log_ack_key(const uint8_t client_ephemeral_public[32], const uint8_t key[32]);
/* SESSION_KEYS client_eph_pub||server_eph_pub c2s||s2c (KEYLOG-2): session
 * keys just derived (KDF-2), named by the two ephemeral public keys of their salt. */
void key_log_session(const uint8_t client_ephemeral_public[32],
                     const uint8_t server_ephemeral_public[32], const session_keys *keys);
/* SAS_OKM sas_salt sas_okm (KEYLOG-10): the pairing code's 8 bytes of key
 * material, named by SAS-1's salt, the SHA-256 of the transcript. */
void key_log_pairing_code(const uint8_t salt[32], const uint8_t okm[8]);
/* V3_M1_STATIC_KEY e_D k and V3_M1_PAYLOAD e_D k||h (KEYLOG-13): message 1
 * of a version 3 pairing the device sent or the core answered. */
void key_log_pairing_v3_message_one(const noise_handshake *handshake,
                                    const uint8_t device_ephemeral_public[32]);
/* V3_M2_PAYLOAD e_D k and V3_TRANSPORT e_D k_i2r||k_r2i (KEYLOG-13): message
 * 2 the device accepted or the core sent, and the Split() keys. */
void key_log_pairing_v3_message_two(const noise_handshake *handshake,
                                    const uint8_t device_ephemeral_public[32],
                                    const uint8_t device_to_core[32],
                                    const uint8_t core_to_device[32]);
/* V3_TRANSPORT e_D k_i2r||k_r2i (KEYLOG-13) of a version 3 reconnection,
 * named by the e of its 0x13: the Split() keys of a message 2 the device
 * accepted or the core sent. */
void key_log_reconnect_v3(const uint8_t device_ephemeral_public[32],
                          const uint8_t device_to_core[32], const uint8_t core_to_device[32]);
#else
static inline void key_log_handshake_key(const uint8_t handshake_ephemeral_public[32],
                                         const uint8_t core_static_public[32],
                                         const uint8_t key[32])
{
    (void)handshake_ephemeral_public;
    (void)core_static_public;
    (void)key;
}
static inline void key_log_ack_key(const uint8_t client_ephemeral_public[32], const uint8_t key[32])
{
    (void)client_ephemeral_public;
    (void)key;
}
static inline void key_log_session(const uint8_t client_ephemeral_public[32],
                                   const uint8_t server_ephemeral_public[32],
                                   const session_keys *keys)
{
    (void)client_ephemeral_public;
    (void)server_ephemeral_public;
    (void)keys;
}
static inline void key_log_pairing_code(const uint8_t salt[32], const uint8_t okm[8])
{
    (void)salt;
    (void)okm;
}
static inline void key_log_pairing_v3_message_one(const noise_handshake *handshake,
                                                  const uint8_t device_ephemeral_public[32])
{
    (void)handshake;
    (void)device_ephemeral_public;
}
static inline void key_log_pairing_v3_message_two(const noise_handshake *handshake,
                                                  const uint8_t device_ephemeral_public[32],
                                                  const uint8_t device_to_core[32],
                                                  const uint8_t core_to_device[32])
{
    (void)handshake;
    (void)device_ephemeral_public;
    (void)device_to_core;
    (void)core_to_device;
}
static inline void key_log_reconnect_v3(const uint8_t device_ephemeral_public[32],
                                        const uint8_t device_to_core[32],
                                        const uint8_t core_to_device[32])
{
    (void)device_ephemeral_public;
    (void)device_to_core;
    (void)core_to_device;
}
#endif
#endif
