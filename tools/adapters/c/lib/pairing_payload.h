/* The QR pairing payload (spec chapter 8):
 *   openhuman://pair?cid=<id>&pt=<token>&cpk=<b64url key>[&rpc=<LAN URL>]&exp=<unix seconds>
 * The producer writes one canonical text (QR-ENC-*); the consumer accepts
 * every text with one unambiguous reading and refuses every other with the
 * code of the first failing check (QR-PARSE-*). Neither reads a clock. */
#ifndef OPENHUMAN_PAIRING_PAYLOAD_H
#define OPENHUMAN_PAIRING_PAYLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest byte-mode payload of a QR code at level M (version 40). */
#define PAIRING_PAYLOAD_MAX_LENGTH 2331u
/* 9999-12-31T23:59:59Z, twelve digits: no integer type overflows. */
#define PAIRING_EXP_MAX 253402300799u

typedef enum {
    QR_OK = 0,
    QR_TOO_LONG,
    QR_BAD_CHARACTER,
    QR_BAD_SCHEME,
    QR_BAD_HOST,
    QR_BAD_PATH,
    QR_FRAGMENT,
    QR_MISSING_QUERY,
    QR_BAD_PERCENT_ENCODING,
    QR_BAD_UTF8,
    QR_DUPLICATE_FIELD,
    QR_MISSING_FIELD,
    QR_EMPTY_FIELD,
    QR_BAD_CPK_BASE64URL,
    QR_BAD_CPK_LENGTH,
    QR_LOW_ORDER_CPK,
    QR_BAD_RPC,
    QR_BAD_EXP,
    QR_EXPIRED
} pairing_error;

/* The stable qr_ code of an error (section 8.7). */
const char *pairing_error_code(pairing_error error);

/* A byte string that is not owned by the struct holding it. */
typedef struct {
    const uint8_t *bytes;
    size_t length;
} byte_view;

/* The producer's inputs. cpk may have any length (checked: QR-ENC-7). */
typedef struct {
    byte_view cid;
    byte_view pt;
    byte_view cpk;
    bool has_rpc;
    byte_view rpc;
    uint64_t exp;
} pairing_fields;

/* QR-ENC-1..11. Checks in QR-ENC-10 order, then writes the canonical payload
 * to out (room for PAIRING_PAYLOAD_MAX_LENGTH bytes, no NUL added). */
pairing_error pairing_payload_encode(const pairing_fields *fields, uint8_t *out,
                                     size_t *out_length);

/* The consumer's result; the views point into decoded[]. */
typedef struct {
    uint8_t decoded[PAIRING_PAYLOAD_MAX_LENGTH];
    byte_view cid;
    byte_view pt;
    uint8_t cpk[32];
    bool has_rpc;
    byte_view rpc;
    uint64_t exp;
} pairing_parsed;

/* QR-PARSE-1..25 with the checks in QR-PARSE-1 order. */
pairing_error pairing_payload_parse(const uint8_t *payload, size_t length, uint64_t now,
                                    pairing_parsed *parsed);

#endif
