/* The rules of the payload's values that producer and consumer share, so the
 * two sides of each version, and the two versions, cannot drift apart: the
 * core key (QR-ENC-7, QR-PARSE-19 to 21), the secret (QR3-ENC-3, QR3-PARSE-4),
 * the version 3 channel id (QR3-ENC-3, QR3-PARSE-3), the LAN URL (QR-ENC-4,
 * QR-ENC-8, QR-PARSE-17, QR-PARSE-22) and the expiry (QR-GRAM-5). */
#ifndef OPENHUMAN_PAIRING_VALUES_H
#define OPENHUMAN_PAIRING_VALUES_H

#include <stdint.h>

#include "pairing_payload.h"

/* The producer's key: 32 bytes (qr_bad_cpk_length), not low order
 * (qr_low_order_cpk). */
pairing_error pairing_check_key(byte_view cpk);

/* The consumer's cpk text: canonical unpadded base64url
 * (qr_bad_cpk_base64url) of 32 bytes (qr_bad_cpk_length), not low order
 * (qr_low_order_cpk). */
pairing_error pairing_read_key(byte_view text, uint8_t cpk[32]);

/* The consumer's ps text: canonical unpadded base64url (qr_bad_ps_base64url)
 * of 16 bytes (qr_bad_ps_length). */
pairing_error pairing_read_secret(byte_view text, uint8_t ps[PAIRING_V3_SECRET_LENGTH]);

/* A non-empty version 3 channel id of at most 255 bytes, each at most 0x7F,
 * the prologue's limit (V3-PRO-1), else qr_bad_cid. */
pairing_error pairing_check_cid_v3(byte_view cid);

/* A LAN URL that is present: not empty (qr_empty_field), then QR-GRAM-4
 * (qr_bad_rpc). */
pairing_error pairing_check_rpc(byte_view rpc);

/* The consumer's exp text: exp-value, at most PAIRING_EXP_MAX (qr_bad_exp). */
pairing_error pairing_read_exp(byte_view text, uint64_t *exp);

#endif
