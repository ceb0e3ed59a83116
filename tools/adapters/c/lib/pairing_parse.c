/* The consumers of both versions (QR-PARSE-*, QR3-PARSE-*). One reading
 * serves both: a version 2 consumer is the version 3 reading with v and ps
 * left out of its vocabulary, so for it every payload is a version 2 payload
 * and the version 3 steps never run. That makes QR3-PARSE-1's promise, a
 * version 2 payload answered exactly as QR-PARSE-1 answers it, hold by
 * construction. */
#include "pairing_payload.h"

#include <sodium.h>
#include <string.h>

#include "pairing_envelope.h"
#include "pairing_query.h"
#include "pairing_values.h"

/* later-version = %x34-39 / %x31-39 1*2DIGIT: 4 to 999, no leading zero. */
static bool is_later_version(byte_view v)
{
    if (v.length == 1) {
        return v.bytes[0] >= '4' && v.bytes[0] <= '9';
    }
    if (v.length > 3 || v.bytes[0] < '1' || v.bytes[0] > '9') {
        return false;
    }
    for (size_t i = 1; i < v.length; i++) {
        if (v.bytes[i] < '0' || v.bytes[i] > '9') {
            return false;
        }
    }
    return true;
}

/* QR3-PARSE-2: the version from v alone. A secret without v was cut or
 * edited, and read as version 2 it would start a handshake the core refuses
 * (V3-BIND-1), so its missing v is reported. */
static pairing_error read_version(const pairing_query *fields, unsigned *version)
{
    if (!fields->present[PAIRING_V]) {
        *version = 2;
        return fields->present[PAIRING_PS] ? QR_MISSING_FIELD : QR_OK;
    }
    byte_view v = fields->value[PAIRING_V];
    if (v.length == 0) {
        return QR_EMPTY_FIELD;
    }
    if (v.length == 1 && v.bytes[0] == '3') {
        *version = 3;
        return QR_OK;
    }
    /* A later version is its own code: the user is told to update the app,
     * not that the code is damaged. */
    return is_later_version(v) ? QR_UNSUPPORTED_VERSION : QR_BAD_VERSION;
}

/* QR3-PARSE-1's steps after the envelope and the fields; for version 2 they
 * are QR-PARSE-1's steps 10 to 14. */
static pairing_error read_values(const pairing_query *fields, uint64_t now, pairing_parsed *parsed)
{
    pairing_error error = read_version(fields, &parsed->version);
    if (error == QR_OK) {
        error = pairing_query_require(fields, PAIRING_CID);
    }
    if (error == QR_OK && parsed->version == 3) {
        error = pairing_check_cid_v3(fields->value[PAIRING_CID]);
    }
    if (error == QR_OK) {
        error = pairing_query_require(fields, PAIRING_PT);
    }
    if (error == QR_OK) {
        error = pairing_query_require(fields, PAIRING_CPK);
    }
    if (error == QR_OK) {
        error = pairing_read_key(fields->value[PAIRING_CPK], parsed->cpk);
    }
    if (error == QR_OK && parsed->version == 3) {
        error = pairing_query_require(fields, PAIRING_PS);
        if (error == QR_OK) {
            error = pairing_read_secret(fields->value[PAIRING_PS], parsed->ps);
        }
        parsed->has_ps = error == QR_OK;
    }
    if (error == QR_OK && fields->present[PAIRING_RPC]) {
        error = pairing_check_rpc(fields->value[PAIRING_RPC]);
    }
    if (error == QR_OK) {
        error = pairing_query_require(fields, PAIRING_EXP);
    }
    if (error == QR_OK) {
        error = pairing_read_exp(fields->value[PAIRING_EXP], &parsed->exp);
    }
    /* QR-PARSE-24: the clock comes last; at now == exp the payload is valid. */
    if (error == QR_OK && parsed->exp < now) {
        error = QR_EXPIRED;
    }
    return error;
}

/* Reads payload with a consumer that knows the first `known` names. */
static pairing_error parse(const uint8_t *payload, size_t length, uint64_t now, size_t known,
                           pairing_parsed *parsed)
{
    memset(parsed, 0, sizeof *parsed);
    size_t query = 0;
    pairing_query fields;
    pairing_error error = pairing_envelope_read(payload, length, &query);
    if (error == QR_OK) {
        error = pairing_query_read(payload + query, length - query, known, parsed->decoded,
                                   &fields);
    }
    if (error == QR_OK) {
        error = read_values(&fields, now, parsed);
    }
    if (error != QR_OK) {
        /* Nothing of a refused payload is returned, its secret included. */
        sodium_memzero(parsed, sizeof *parsed);
        return error;
    }
    parsed->cid = fields.value[PAIRING_CID];
    parsed->pt = fields.value[PAIRING_PT];
    parsed->has_rpc = fields.present[PAIRING_RPC];
    parsed->rpc = fields.value[PAIRING_RPC];
    return QR_OK;
}

pairing_error pairing_payload_parse(const uint8_t *payload, size_t length, uint64_t now,
                                    pairing_parsed *parsed)
{
    return parse(payload, length, now, PAIRING_NAMES_V2, parsed);
}

pairing_error pairing_payload_parse_v3(const uint8_t *payload, size_t length, uint64_t now,
                                       pairing_parsed *parsed)
{
    return parse(payload, length, now, PAIRING_NAMES_V3, parsed);
}
