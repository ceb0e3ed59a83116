#include "pairing_values.h"

#include <sodium.h>
#include <stdbool.h>

#include "base64url.h"
#include "rpc_url.h"
#include "x25519.h"

/* Chapter 2.4: a key gives the all-zero X25519 output for one clamped scalar
 * exactly when it does for every one, so one fixed scalar decides. */
static bool is_low_order(const uint8_t key[32])
{
    static const uint8_t probe_scalar[32] = {0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d,
                                             0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
                                             0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a,
                                             0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
    uint8_t shared[32];
    tunnel_error error = x25519_shared_secret(probe_scalar, key, shared);
    sodium_memzero(shared, sizeof shared);
    return error == TUNNEL_ERR_LOW_ORDER_KEY;
}

pairing_error pairing_check_key(byte_view cpk)
{
    if (cpk.length != 32) {
        return QR_BAD_CPK_LENGTH;
    }
    return is_low_order(cpk.bytes) ? QR_LOW_ORDER_CPK : QR_OK;
}

/* ENC-1's strict base64url of exactly `expected` bytes. The first pass only
 * measures, so out never receives more than `expected` bytes. */
static pairing_error read_canonical(byte_view text, uint8_t *out, size_t expected,
                                    pairing_error bad_text, pairing_error bad_length)
{
    size_t length = 0;
    if (base64url_decode((const char *)text.bytes, text.length, NULL, &length) != TUNNEL_OK) {
        return bad_text;
    }
    if (length != expected) {
        return bad_length;
    }
    (void)base64url_decode((const char *)text.bytes, text.length, out, &length);
    return QR_OK;
}

pairing_error pairing_read_key(byte_view text, uint8_t cpk[32])
{
    pairing_error error = read_canonical(text, cpk, 32, QR_BAD_CPK_BASE64URL, QR_BAD_CPK_LENGTH);
    if (error != QR_OK) {
        return error;
    }
    return is_low_order(cpk) ? QR_LOW_ORDER_CPK : QR_OK;
}

pairing_error pairing_read_secret(byte_view text, uint8_t ps[PAIRING_V3_SECRET_LENGTH])
{
    return read_canonical(text, ps, PAIRING_V3_SECRET_LENGTH, QR_BAD_PS_BASE64URL,
                          QR_BAD_PS_LENGTH);
}

pairing_error pairing_check_cid_v3(byte_view cid)
{
    return pairing_v3_cid_is_valid((const char *)cid.bytes, cid.length) ? QR_OK : QR_BAD_CID;
}

pairing_error pairing_check_rpc(byte_view rpc)
{
    /* An empty rpc is not an absent one: the producer leaves it out (QR-ENC-4). */
    if (rpc.length == 0) {
        return QR_EMPTY_FIELD;
    }
    return rpc_url_is_valid(rpc.bytes, rpc.length) ? QR_OK : QR_BAD_RPC;
}

/* exp-value = "0" / ( %x31-39 0*11DIGIT ), at most 253402300799. The digits
 * are counted before any arithmetic, so no input overflows. */
pairing_error pairing_read_exp(byte_view text, uint64_t *exp)
{
    if (text.length > 12 || (text.length > 1 && text.bytes[0] == '0')) {
        return QR_BAD_EXP;
    }
    uint64_t value = 0;
    for (size_t i = 0; i < text.length; i++) {
        if (text.bytes[i] < '0' || text.bytes[i] > '9') {
            return QR_BAD_EXP;
        }
        value = value * 10 + (uint64_t)(text.bytes[i] - '0');
    }
    if (value > PAIRING_EXP_MAX) {
        return QR_BAD_EXP;
    }
    *exp = value;
    return QR_OK;
}
