/* The values version 3's pairing derives around its Noise handshake: the
 * prologue and psk that bind the handshake to the QR's channel and secret,
 * the device's commitment to its nonce, the six-digit code, and the psk of
 * later reconnections. Every label starts "openhuman-tunnel/v3/", so no value
 * of one use can stand in for another, nor for a version 2 value. */
#ifndef OPENHUMAN_PAIRING_V3_H
#define OPENHUMAN_PAIRING_V3_H

#include <stddef.h>
#include <stdint.h>

#include "sas.h"

#define PAIRING_V3_CID_MAX_LENGTH 255u
#define PAIRING_V3_SECRET_LENGTH 16u
#define PAIRING_V3_NONCE_LENGTH 32u
/* The prologue's label (28 bytes), the cid's length octet and the cid. */
#define PAIRING_V3_PROLOGUE_MAX_LENGTH (28u + 1u + PAIRING_V3_CID_MAX_LENGTH)

/* prologue = "openhuman-tunnel/v3/prologue" || uint8(len(cid)) || cid, with
 * 1 <= cid_length <= 255 (the caller's check); returns its length. The length
 * octet keeps the cid's end unambiguous. */
size_t pairing_v3_prologue(const char *cid, size_t cid_length,
                           uint8_t prologue[PAIRING_V3_PROLOGUE_MAX_LENGTH]);

/* psk = HKDF-SHA256(pairing_secret, "", "openhuman-tunnel/v3/psk" || cid, 32):
 * only a holder of the QR gets it, and each channel its own. cid_length as
 * for the prologue. */
void pairing_v3_psk(const uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH], const char *cid,
                    size_t cid_length, uint8_t psk[32]);

/* commitment = SHA-256("openhuman-tunnel/v3/commit" || device_nonce): the
 * device is bound to its nonce before it sees the core's. */
void pairing_v3_commitment(const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                           uint8_t commitment[32]);

/* okm = HKDF-SHA256(device_nonce || core_nonce, handshake_hash,
 * "openhuman-tunnel/v3/sas", 8), reduced as version 2's code (SAS-2). */
void pairing_v3_code(const uint8_t handshake_hash[32],
                     const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                     const uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH], char code[SAS_DIGITS + 1]);

/* reconnect_psk = HKDF-SHA256(device_nonce || core_nonce, handshake_hash,
 * "openhuman-tunnel/v3/reconnect-psk", 32): the KKpsk2 psk of later sessions,
 * new with each pairing. */
void pairing_v3_reconnect_psk(const uint8_t handshake_hash[32],
                              const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                              const uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH],
                              uint8_t reconnect_psk[32]);

#endif
