/* The values version 3's pairing derives around its Noise handshake: the
 * prologue and psk that bind the handshake to the QR's channel and secret,
 * the device's commitment to its nonce, the six-digit code, and the psk of
 * later reconnections. Every label starts "openhuman-tunnel/v3/", so no value
 * of one use can stand in for another, nor for a version 2 value. */
#ifndef OPENHUMAN_PAIRING_V3_H
#define OPENHUMAN_PAIRING_V3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sas.h"
#include "tunnel_error.h"

#define PAIRING_V3_CID_MAX_LENGTH 255u
#define PAIRING_V3_SECRET_LENGTH 16u
#define PAIRING_V3_NONCE_LENGTH 32u
/* The prologue's label (28 bytes), the cid's length octet and the cid. */
#define PAIRING_V3_PROLOGUE_MAX_LENGTH (28u + 1u + PAIRING_V3_CID_MAX_LENGTH)

/* V3-MSG-1's type octets, and version 2's that a version 3 party refuses. */
enum {
    PAIRING_V3_TYPE_LEGACY = 0x01,
    PAIRING_V3_TYPE_SESSION = 0x02,
    PAIRING_V3_TYPE_V2_HANDSHAKE = 0x03,
    PAIRING_V3_TYPE_V2_ACK = 0x04,
    PAIRING_V3_TYPE_MESSAGE_1 = 0x10,
    PAIRING_V3_TYPE_MESSAGE_2 = 0x11,
    PAIRING_V3_TYPE_RECORD = 0x12
};

/* V3-MSG-1: each message is its type octet and one Noise message of a fixed
 * size, so a length is refused before any DH. */
#define PAIRING_V3_MESSAGE_1_LENGTH 129u /* 0x10 || e || s || commitment, 96 + 32 */
#define PAIRING_V3_MESSAGE_2_LENGTH 81u  /* 0x11 || e || N_C, 48 + 32 */
#define PAIRING_V3_RECORD_LENGTH 49u     /* 0x12 || 32 bytes and their tag */

/* A message of another size than expected: frame_too_short or
 * frame_too_large, checked before any DH. */
tunnel_error pairing_v3_check_length(size_t length, size_t expected);

/* A channel id as the QR payload carries it: 1 to 255 bytes, each ASCII
 * (V3-PRO-1), so its length fits the prologue's one octet. */
bool pairing_v3_cid_is_valid(const char *cid, size_t cid_length);

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

/* The party whose user answers (V3-CONFIRM-1): its octet r is hashed into
 * the answer, so one side's answer cannot be reflected back as the other's. */
typedef enum {
    PAIRING_V3_DEVICE = 0x01,
    PAIRING_V3_CORE = 0x02
} pairing_v3_party;

/* Yes (desktop) or Match (phone): SHA-256("openhuman-tunnel/v3/confirm" || r
 * || handshake_hash || code), code its six ASCII digits. It names the code
 * the user saw, so a user who saw another code cannot confirm this one. */
void pairing_v3_confirmation(pairing_v3_party party, const uint8_t handshake_hash[32],
                             const char code[SAS_DIGITS + 1], uint8_t confirmation[32]);

/* No: SHA-256("openhuman-tunnel/v3/reject" || r || handshake_hash). */
void pairing_v3_rejection(pairing_v3_party party, const uint8_t handshake_hash[32],
                          uint8_t rejection[32]);

#endif
