/* The QR pairing payload (spec chapter 8):
 *   version 2: openhuman://pair?cid=<id>&pt=<token>&cpk=<key>[&rpc=<LAN URL>]&exp=<seconds>
 *   version 3: openhuman://pair?v=3&cid=<id>&pt=<token>&cpk=<key>&ps=<secret>[&rpc=...]&exp=...
 * Each producer writes one canonical text (QR-ENC-*, QR3-ENC-*); each consumer accepts every
 * text with one unambiguous reading and refuses every other with the code of the first failing
 * check (QR-PARSE-*, QR3-PARSE-*). Neither reads a clock.
 *
 * The two versions share one grammar, one form encoding and one set of value rules, so both are
 * built from the same parts: pairing_form (the encoding), pairing_envelope and pairing_query (the
 * syntax up to named fields), pairing_values (the value rules); pairing_encode.c and
 * pairing_parse.c put them in each version's order. */
#ifndef OPENHUMAN_PAIRING_PAYLOAD_H
#define OPENHUMAN_PAIRING_PAYLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pairing_v3.h" /* the cid rule and the secret's length, the prologue's and psk's */

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
    QR_EXPIRED,
    /* Version 3's codes (section 8.12.5). */
    QR_BAD_VERSION,
    QR_UNSUPPORTED_VERSION,
    QR_BAD_CID,
    QR_BAD_PS_BASE64URL,
    QR_BAD_PS_LENGTH
} pairing_error;

/* The stable qr_ code of an error (sections 8.7 and 8.12.5). */
const char *pairing_error_code(pairing_error error);

/* A byte string that is not owned by the struct holding it. */
typedef struct {
    const uint8_t *bytes;
    size_t length;
} byte_view;

/* The producers' inputs. cpk and ps may have any length (checked: QR-ENC-7,
 * QR3-ENC-3); ps is read by the version 3 producer only. */
typedef struct {
    byte_view cid;
    byte_view pt;
    byte_view cpk;
    byte_view ps;
    bool has_rpc;
    byte_view rpc;
    uint64_t exp;
} pairing_fields;

/* Each checks in its order (QR-ENC-10, QR3-ENC-3), then writes the canonical
 * payload to out (room for PAIRING_PAYLOAD_MAX_LENGTH bytes, no NUL added);
 * on error *out_length is 0. */
pairing_error pairing_payload_encode(const pairing_fields *fields, uint8_t *out,
                                     size_t *out_length);
pairing_error pairing_payload_encode_v3(const pairing_fields *fields, uint8_t *out,
                                        size_t *out_length);

/* A consumer's result; the views point into decoded[]. version is 2 for a
 * payload without v, and only a version 3 payload has a secret. */
typedef struct {
    uint8_t decoded[PAIRING_PAYLOAD_MAX_LENGTH];
    unsigned version;
    byte_view cid;
    byte_view pt;
    uint8_t cpk[32];
    bool has_ps;
    uint8_t ps[PAIRING_V3_SECRET_LENGTH];
    bool has_rpc;
    byte_view rpc;
    uint64_t exp;
} pairing_parsed;

/* The version 2 consumer, QR-PARSE-1..25: v and ps are unknown names to it. */
pairing_error pairing_payload_parse(const uint8_t *payload, size_t length, uint64_t now,
                                    pairing_parsed *parsed);

/* The version 3 consumer, QR3-PARSE-1..4: reads both versions, choosing by v
 * alone; for a version 2 payload it answers as pairing_payload_parse does. */
pairing_error pairing_payload_parse_v3(const uint8_t *payload, size_t length, uint64_t now,
                                       pairing_parsed *parsed);

#endif
