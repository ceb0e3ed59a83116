#include "pairing_payload.h"

#include <sodium.h>
#include <string.h>

#include "base64url.h"
#include "hex.h"
#include "rpc_url.h"
#include "utf8.h"
#include "x25519.h"

const char *pairing_error_code(pairing_error error)
{
    switch (error) {
    case QR_OK: return "ok";
    case QR_TOO_LONG: return "qr_too_long";
    case QR_BAD_CHARACTER: return "qr_bad_character";
    case QR_BAD_SCHEME: return "qr_bad_scheme";
    case QR_BAD_HOST: return "qr_bad_host";
    case QR_BAD_PATH: return "qr_bad_path";
    case QR_FRAGMENT: return "qr_fragment";
    case QR_MISSING_QUERY: return "qr_missing_query";
    case QR_BAD_PERCENT_ENCODING: return "qr_bad_percent_encoding";
    case QR_BAD_UTF8: return "qr_bad_utf8";
    case QR_DUPLICATE_FIELD: return "qr_duplicate_field";
    case QR_MISSING_FIELD: return "qr_missing_field";
    case QR_EMPTY_FIELD: return "qr_empty_field";
    case QR_BAD_CPK_BASE64URL: return "qr_bad_cpk_base64url";
    case QR_BAD_CPK_LENGTH: return "qr_bad_cpk_length";
    case QR_LOW_ORDER_CPK: return "qr_low_order_cpk";
    case QR_BAD_RPC: return "qr_bad_rpc";
    case QR_BAD_EXP: return "qr_bad_exp";
    case QR_EXPIRED: return "qr_expired";
    }
    return "internal_error";
}

static const char PREFIX[] = "openhuman://pair?";

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

/* ---- producing ---------------------------------------------------------- */

/* URLSearchParams: ASCII alphanumerics and "*-._" stand for themselves. */
static bool is_form_literal(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '*' ||
           c == '-' || c == '.' || c == '_';
}

static size_t form_encoded_length(byte_view value)
{
    size_t length = 0;
    for (size_t i = 0; i < value.length; i++) {
        length += is_form_literal(value.bytes[i]) || value.bytes[i] == ' ' ? 1 : 3;
    }
    return length;
}

/* QR-ENC-2: space is "+", every other byte "%" and two uppercase hex digits. */
static uint8_t *form_encode(byte_view value, uint8_t *out)
{
    static const char UPPER_HEX[] = "0123456789ABCDEF";
    for (size_t i = 0; i < value.length; i++) {
        uint8_t c = value.bytes[i];
        if (is_form_literal(c)) {
            *out++ = c;
        } else if (c == ' ') {
            *out++ = '+';
        } else {
            *out++ = '%';
            *out++ = (uint8_t)UPPER_HEX[c >> 4];
            *out++ = (uint8_t)UPPER_HEX[c & 0x0f];
        }
    }
    return out;
}

static uint8_t *append(uint8_t *out, const char *text)
{
    size_t length = strlen(text);
    memcpy(out, text, length);
    return out + length;
}

/* Decimal digits of value, without leading zeros ("0" for zero). */
static size_t format_decimal(uint64_t value, char digits[21])
{
    char reversed[21];
    size_t n = 0;
    do {
        reversed[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    for (size_t i = 0; i < n; i++) {
        digits[i] = reversed[n - 1 - i];
    }
    digits[n] = '\0';
    return n;
}

pairing_error pairing_payload_encode(const pairing_fields *fields, uint8_t *out, size_t *out_length)
{
    *out_length = 0;
    if (fields->cid.length == 0 || fields->pt.length == 0) {
        return QR_EMPTY_FIELD;
    }
    if (fields->cpk.length != 32) {
        return QR_BAD_CPK_LENGTH;
    }
    if (is_low_order(fields->cpk.bytes)) {
        return QR_LOW_ORDER_CPK;
    }
    if (fields->has_rpc && fields->rpc.length == 0) {
        return QR_EMPTY_FIELD;
    }
    if (fields->has_rpc && !rpc_url_is_valid(fields->rpc.bytes, fields->rpc.length)) {
        return QR_BAD_RPC;
    }
    if (fields->exp > PAIRING_EXP_MAX) {
        return QR_BAD_EXP;
    }
    char key_text[44];
    char exp_text[21];
    base64url_encode(fields->cpk.bytes, 32, key_text);
    size_t exp_length = format_decimal(fields->exp, exp_text);
    /* Each term is bounded by the request size, far below SIZE_MAX / 3. */
    size_t total = sizeof PREFIX - 1 + strlen("cid=") + form_encoded_length(fields->cid) +
                   strlen("&pt=") + form_encoded_length(fields->pt) + strlen("&cpk=") + 43 +
                   (fields->has_rpc ? strlen("&rpc=") + form_encoded_length(fields->rpc) : 0) +
                   strlen("&exp=") + exp_length;
    if (total > PAIRING_PAYLOAD_MAX_LENGTH) {
        return QR_TOO_LONG;
    }
    uint8_t *p = append(out, PREFIX);
    p = form_encode(fields->cid, append(p, "cid="));
    p = form_encode(fields->pt, append(p, "&pt="));
    p = append(append(p, "&cpk="), key_text);
    if (fields->has_rpc) {
        p = form_encode(fields->rpc, append(p, "&rpc="));
    }
    p = append(append(p, "&exp="), exp_text);
    *out_length = (size_t)(p - out);
    return QR_OK;
}

/* ---- consuming ---------------------------------------------------------- */

/* QR-PARSE-3: RFC 3986 characters less "[" and "]". */
static bool is_payload_character(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != 0 && strchr("-._~!$&'()*+,;=:@/?#%", c) != NULL);
}

static bool equals_ignoring_case(const uint8_t *text, size_t length, const char *literal)
{
    if (length != strlen(literal)) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        uint8_t c = text[i] >= 'A' && text[i] <= 'Z' ? (uint8_t)(text[i] + 32) : text[i];
        if (c != (uint8_t)literal[i]) {
            return false;
        }
    }
    return true;
}

/* QR-PARSE-10 and 11: form-decodes text in one pass into out, then requires
 * UTF-8. The decoded form is never longer than the text. */
static pairing_error form_decode(const uint8_t *text, size_t length, uint8_t *out, byte_view *value)
{
    size_t written = 0;
    for (size_t i = 0; i < length; i++) {
        uint8_t c = text[i];
        if (c == '+') {
            out[written++] = ' ';
        } else if (c == '%') {
            int high = length - i >= 3 ? hex_digit_value(text[i + 1]) : -1;
            int low = length - i >= 3 ? hex_digit_value(text[i + 2]) : -1;
            if (high < 0 || low < 0) {
                return QR_BAD_PERCENT_ENCODING;
            }
            out[written++] = (uint8_t)((high << 4) | low);
            i += 2;
        } else {
            out[written++] = c;
        }
    }
    if (!utf8_is_valid(out, written)) {
        return QR_BAD_UTF8;
    }
    value->bytes = out;
    value->length = written;
    return QR_OK;
}

enum {
    FIELD_CID,
    FIELD_PT,
    FIELD_CPK,
    FIELD_RPC,
    FIELD_EXP,
    FIELD_COUNT
};
static const char *const FIELD_NAMES[FIELD_COUNT] = {"cid", "pt", "cpk", "rpc", "exp"};

typedef struct {
    bool present[FIELD_COUNT];
    byte_view value[FIELD_COUNT];
    bool duplicate;
} known_fields;

/* QR-PARSE-9 to 14: splits the query at '&', skips empty fields, decodes
 * each name and value (unknown fields too), and notes the known ones. */
static pairing_error read_fields(const uint8_t *query, size_t length, uint8_t *decoded,
                                 known_fields *known)
{
    size_t used = 0;
    size_t start = 0;
    memset(known, 0, sizeof *known);
    for (size_t i = 0; i <= length; i++) {
        if (i < length && query[i] != '&') {
            continue;
        }
        const uint8_t *field = query + start;
        size_t field_length = i - start;
        start = i + 1;
        if (field_length == 0) {
            continue;
        }
        const uint8_t *equals = memchr(field, '=', field_length);
        size_t name_length = equals == NULL ? field_length : (size_t)(equals - field);
        byte_view name;
        byte_view value;
        pairing_error error = form_decode(field, name_length, decoded + used, &name);
        if (error != QR_OK) {
            return error;
        }
        used += name.length;
        const uint8_t *raw_value = equals == NULL ? field + field_length : equals + 1;
        error = form_decode(raw_value, field_length - (size_t)(raw_value - field), decoded + used,
                            &value);
        if (error != QR_OK) {
            return error;
        }
        used += value.length;
        for (size_t f = 0; f < FIELD_COUNT; f++) {
            if (name.length == strlen(FIELD_NAMES[f]) &&
                memcmp(name.bytes, FIELD_NAMES[f], name.length) == 0) {
                known->duplicate |= known->present[f];
                known->present[f] = true;
                known->value[f] = value;
            }
        }
    }
    return known->duplicate ? QR_DUPLICATE_FIELD : QR_OK;
}

/* Present (qr_missing_field unless optional) and not empty (qr_empty_field). */
static pairing_error require_value(const known_fields *known, size_t field)
{
    if (!known->present[field]) {
        return QR_MISSING_FIELD;
    }
    return known->value[field].length == 0 ? QR_EMPTY_FIELD : QR_OK;
}

static pairing_error read_cpk(byte_view text, uint8_t cpk[32])
{
    size_t length = 0;
    if (base64url_decode((const char *)text.bytes, text.length, NULL, &length) != TUNNEL_OK) {
        return QR_BAD_CPK_BASE64URL;
    }
    if (length != 32) {
        return QR_BAD_CPK_LENGTH;
    }
    (void)base64url_decode((const char *)text.bytes, text.length, cpk, &length);
    return is_low_order(cpk) ? QR_LOW_ORDER_CPK : QR_OK;
}

/* exp-value = "0" / ( %x31-39 0*11DIGIT ), at most 253402300799. The digits
 * are counted before any arithmetic, so no input overflows. */
static pairing_error read_exp(byte_view text, uint64_t *exp)
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

/* QR-PARSE-2 to 8: the envelope around the query. On success *query is the
 * text after the '?'. */
static pairing_error read_envelope(const uint8_t *payload, size_t length, size_t *query)
{
    if (length > PAIRING_PAYLOAD_MAX_LENGTH) {
        return QR_TOO_LONG;
    }
    for (size_t i = 0; i < length; i++) {
        if (!is_payload_character(payload[i])) {
            return QR_BAD_CHARACTER;
        }
    }
    const uint8_t *colon = memchr(payload, ':', length);
    if (colon == NULL || !equals_ignoring_case(payload, (size_t)(colon - payload), "openhuman")) {
        return QR_BAD_SCHEME;
    }
    size_t position = (size_t)(colon - payload) + 1;
    if (length - position < 2 || payload[position] != '/' || payload[position + 1] != '/') {
        return QR_BAD_HOST;
    }
    position += 2;
    size_t authority = position;
    while (position < length && payload[position] != '/' && payload[position] != '?' &&
           payload[position] != '#') {
        position++;
    }
    if (!equals_ignoring_case(payload + authority, position - authority, "pair")) {
        return QR_BAD_HOST;
    }
    if (position < length && payload[position] == '/') {
        return QR_BAD_PATH;
    }
    if (memchr(payload, '#', length) != NULL) {
        return QR_FRAGMENT;
    }
    if (position == length) {
        return QR_MISSING_QUERY;
    }
    *query = position + 1; /* payload[position] is the '?' */
    return QR_OK;
}

pairing_error pairing_payload_parse(const uint8_t *payload, size_t length, uint64_t now,
                                    pairing_parsed *parsed)
{
    memset(parsed, 0, sizeof *parsed);
    size_t query = 0;
    known_fields known;
    pairing_error error = read_envelope(payload, length, &query);
    if (error == QR_OK) {
        error = read_fields(payload + query, length - query, parsed->decoded, &known);
    }
    if (error == QR_OK) {
        error = require_value(&known, FIELD_CID);
    }
    if (error == QR_OK) {
        error = require_value(&known, FIELD_PT);
    }
    if (error == QR_OK) {
        error = require_value(&known, FIELD_CPK);
    }
    if (error == QR_OK) {
        error = read_cpk(known.value[FIELD_CPK], parsed->cpk);
    }
    if (error == QR_OK && known.present[FIELD_RPC]) {
        error = require_value(&known, FIELD_RPC);
        if (error == QR_OK &&
            !rpc_url_is_valid(known.value[FIELD_RPC].bytes, known.value[FIELD_RPC].length)) {
            error = QR_BAD_RPC;
        }
    }
    if (error == QR_OK) {
        error = require_value(&known, FIELD_EXP);
    }
    if (error == QR_OK) {
        error = read_exp(known.value[FIELD_EXP], &parsed->exp);
    }
    if (error == QR_OK && parsed->exp < now) {
        error = QR_EXPIRED;
    }
    if (error != QR_OK) {
        return error;
    }
    parsed->cid = known.value[FIELD_CID];
    parsed->pt = known.value[FIELD_PT];
    parsed->has_rpc = known.present[FIELD_RPC];
    parsed->rpc = known.value[FIELD_RPC];
    return QR_OK;
}
