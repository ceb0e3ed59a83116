#include "pairing_v3.h"

#include <sodium.h>
#include <string.h>

#include "hkdf.h"

static const char PROLOGUE_LABEL[] = "openhuman-tunnel/v3/prologue";
static const char PSK_LABEL[] = "openhuman-tunnel/v3/psk";
static const char COMMIT_LABEL[] = "openhuman-tunnel/v3/commit";
static const char SAS_LABEL[] = "openhuman-tunnel/v3/sas";
static const char RECONNECT_PSK_LABEL[] = "openhuman-tunnel/v3/reconnect-psk";
static const char CONFIRM_LABEL[] = "openhuman-tunnel/v3/confirm";
static const char REJECT_LABEL[] = "openhuman-tunnel/v3/reject";

tunnel_error pairing_v3_check_length(size_t length, size_t expected)
{
    if (length < expected) {
        return TUNNEL_ERR_FRAME_TOO_SHORT;
    }
    return length > expected ? TUNNEL_ERR_FRAME_TOO_LARGE : TUNNEL_OK;
}

bool pairing_v3_cid_is_valid(const char *cid, size_t cid_length)
{
    if (cid_length == 0 || cid_length > PAIRING_V3_CID_MAX_LENGTH) {
        return false;
    }
    for (size_t i = 0; i < cid_length; i++) {
        if ((uint8_t)cid[i] > 0x7f) {
            return false;
        }
    }
    return true;
}

size_t pairing_v3_prologue(const char *cid, size_t cid_length,
                           uint8_t prologue[PAIRING_V3_PROLOGUE_MAX_LENGTH])
{
    size_t label_length = sizeof PROLOGUE_LABEL - 1;
    memcpy(prologue, PROLOGUE_LABEL, label_length);
    prologue[label_length] = (uint8_t)cid_length;
    memcpy(prologue + label_length + 1, cid, cid_length);
    return label_length + 1 + cid_length;
}

void pairing_v3_psk(const uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH], const char *cid,
                    size_t cid_length, uint8_t psk[32])
{
    uint8_t info[sizeof PSK_LABEL - 1 + PAIRING_V3_CID_MAX_LENGTH];
    memcpy(info, PSK_LABEL, sizeof PSK_LABEL - 1);
    memcpy(info + sizeof PSK_LABEL - 1, cid, cid_length);
    /* 32 bytes never exceed the HKDF limit, so this cannot fail. */
    (void)hkdf_sha256(pairing_secret, PAIRING_V3_SECRET_LENGTH, NULL, 0, info,
                      sizeof PSK_LABEL - 1 + cid_length, psk, 32);
}

void pairing_v3_commitment(const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                           uint8_t commitment[32])
{
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    crypto_hash_sha256_update(&state, (const uint8_t *)COMMIT_LABEL, sizeof COMMIT_LABEL - 1);
    crypto_hash_sha256_update(&state, device_nonce, PAIRING_V3_NONCE_LENGTH);
    crypto_hash_sha256_final(&state, commitment);
    sodium_memzero(&state, sizeof state);
}

/* HKDF-SHA256(device_nonce || core_nonce, handshake_hash, label, length):
 * the code and the reconnection psk differ only in label and length. */
static void derive_from_nonces(const uint8_t handshake_hash[32],
                               const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                               const uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH], const char *label,
                               size_t label_length, uint8_t *out, size_t length)
{
    uint8_t ikm[2 * PAIRING_V3_NONCE_LENGTH];
    memcpy(ikm, device_nonce, PAIRING_V3_NONCE_LENGTH);
    memcpy(ikm + PAIRING_V3_NONCE_LENGTH, core_nonce, PAIRING_V3_NONCE_LENGTH);
    /* At most 32 bytes, far below the HKDF limit, so this cannot fail. */
    (void)hkdf_sha256(ikm, sizeof ikm, handshake_hash, 32, (const uint8_t *)label, label_length,
                      out, length);
    sodium_memzero(ikm, sizeof ikm);
}

void pairing_v3_code(const uint8_t handshake_hash[32],
                     const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                     const uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH], char code[SAS_DIGITS + 1])
{
    uint8_t okm[SAS_OKM_LENGTH];
    derive_from_nonces(handshake_hash, device_nonce, core_nonce, SAS_LABEL, sizeof SAS_LABEL - 1,
                       okm, sizeof okm);
    sas_code_from_okm(okm, code);
    sodium_memzero(okm, sizeof okm);
}

void pairing_v3_reconnect_psk(const uint8_t handshake_hash[32],
                              const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                              const uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH],
                              uint8_t reconnect_psk[32])
{
    derive_from_nonces(handshake_hash, device_nonce, core_nonce, RECONNECT_PSK_LABEL,
                       sizeof RECONNECT_PSK_LABEL - 1, reconnect_psk, 32);
}

/* SHA-256(label || r || handshake_hash || suffix): the two answers differ in
 * label, and only Yes names a code. */
static void hash_answer(const char *label, size_t label_length, pairing_v3_party party,
                        const uint8_t handshake_hash[32], const uint8_t *suffix,
                        size_t suffix_length, uint8_t answer[32])
{
    uint8_t r = (uint8_t)party;
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    crypto_hash_sha256_update(&state, (const uint8_t *)label, label_length);
    crypto_hash_sha256_update(&state, &r, 1);
    crypto_hash_sha256_update(&state, handshake_hash, 32);
    if (suffix_length > 0) {
        crypto_hash_sha256_update(&state, suffix, suffix_length);
    }
    crypto_hash_sha256_final(&state, answer);
    sodium_memzero(&state, sizeof state);
}

void pairing_v3_confirmation(pairing_v3_party party, const uint8_t handshake_hash[32],
                             const char code[SAS_DIGITS + 1], uint8_t confirmation[32])
{
    hash_answer(CONFIRM_LABEL, sizeof CONFIRM_LABEL - 1, party, handshake_hash,
                (const uint8_t *)code, SAS_DIGITS, confirmation);
}

void pairing_v3_rejection(pairing_v3_party party, const uint8_t handshake_hash[32],
                          uint8_t rejection[32])
{
    hash_answer(REJECT_LABEL, sizeof REJECT_LABEL - 1, party, handshake_hash, NULL, 0, rejection);
}
