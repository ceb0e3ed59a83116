/* The producers of both versions (QR-ENC-*, QR3-ENC-*). They differ in two
 * fields only: version 3 writes v=3 first and ps after cpk, and holds the
 * channel id to the prologue's limit. */
#include "pairing_payload.h"

#include <sodium.h>
#include <string.h>

#include "base64url.h"
#include "pairing_form.h"
#include "pairing_values.h"

static const char PREFIX[] = "openhuman://pair?";

/* QR-ENC-10's order, and QR3-ENC-3's for version 3: the cid rule after the
 * cid's emptiness, the secret's length after the key. The first failure is
 * the error. */
static pairing_error check_fields(const pairing_fields *fields, unsigned version)
{
    if (fields->cid.length == 0) {
        return QR_EMPTY_FIELD;
    }
    pairing_error error = version == 3 ? pairing_check_cid_v3(fields->cid) : QR_OK;
    if (error == QR_OK && fields->pt.length == 0) {
        error = QR_EMPTY_FIELD;
    }
    if (error == QR_OK) {
        error = pairing_check_key(fields->cpk);
    }
    if (error == QR_OK && version == 3 && fields->ps.length != PAIRING_V3_SECRET_LENGTH) {
        error = QR_BAD_PS_LENGTH;
    }
    if (error == QR_OK && fields->has_rpc) {
        error = pairing_check_rpc(fields->rpc);
    }
    if (error == QR_OK && fields->exp > PAIRING_EXP_MAX) {
        error = QR_BAD_EXP; /* QR-ENC-9: no clock, so a past expiry is written */
    }
    return error;
}

/* One name=value of the payload, the value before its form encoding. */
typedef struct {
    const char *name;
    byte_view value;
} parameter;

static byte_view text_view(const char *text)
{
    return (byte_view){(const uint8_t *)text, strlen(text)};
}

/* The prefix, then each parameter as name=value joined by "&", every value
 * form-encoded (QR-ENC-2). The key, secret, version and expiry texts are
 * form literals only, so encoding leaves them as they are. The length is
 * known before a byte is written, so a payload that is too long
 * (QR-ENC-11) writes nothing. */
static pairing_error write_parameters(const parameter *parameters, size_t count, uint8_t *out,
                                      size_t *out_length)
{
    /* Each term is bounded by the request size, far below SIZE_MAX / 3. */
    size_t total = sizeof PREFIX - 1;
    for (size_t i = 0; i < count; i++) {
        total += (size_t)(i > 0) + strlen(parameters[i].name) + 1 +
                 pairing_form_encoded_length(parameters[i].value);
    }
    if (total > PAIRING_PAYLOAD_MAX_LENGTH) {
        return QR_TOO_LONG;
    }
    uint8_t *p = out;
    memcpy(p, PREFIX, sizeof PREFIX - 1);
    p += sizeof PREFIX - 1;
    for (size_t i = 0; i < count; i++) {
        if (i > 0) {
            *p++ = '&';
        }
        size_t name_length = strlen(parameters[i].name);
        memcpy(p, parameters[i].name, name_length);
        p += name_length;
        *p++ = '=';
        p = pairing_form_encode(parameters[i].value, p);
    }
    *out_length = (size_t)(p - out);
    return QR_OK;
}

/* Decimal digits of value, without leading zeros ("0" for zero), QR-ENC-5. */
static void format_decimal(uint64_t value, char digits[21])
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
}

/* QR-ENC-1 and QR3-ENC-1: the parameters in their order, rpc only when known. */
static pairing_error encode(const pairing_fields *fields, unsigned version, uint8_t *out,
                            size_t *out_length)
{
    *out_length = 0;
    pairing_error error = check_fields(fields, version);
    if (error != QR_OK) {
        return error;
    }
    char key_text[44];
    char secret_text[23];
    char exp_text[21];
    base64url_encode(fields->cpk.bytes, 32, key_text);
    format_decimal(fields->exp, exp_text);
    parameter parameters[7];
    size_t count = 0;
    if (version == 3) {
        parameters[count++] = (parameter){"v", text_view("3")};
    }
    parameters[count++] = (parameter){"cid", fields->cid};
    parameters[count++] = (parameter){"pt", fields->pt};
    parameters[count++] = (parameter){"cpk", text_view(key_text)};
    if (version == 3) {
        base64url_encode(fields->ps.bytes, PAIRING_V3_SECRET_LENGTH, secret_text);
        parameters[count++] = (parameter){"ps", text_view(secret_text)};
    }
    if (fields->has_rpc) {
        parameters[count++] = (parameter){"rpc", fields->rpc};
    }
    parameters[count++] = (parameter){"exp", text_view(exp_text)};
    error = write_parameters(parameters, count, out, out_length);
    /* The secret's text stays in the payload the caller holds, nowhere else
     * (QR3-ENC-2). */
    sodium_memzero(secret_text, sizeof secret_text);
    return error;
}

pairing_error pairing_payload_encode(const pairing_fields *fields, uint8_t *out, size_t *out_length)
{
    return encode(fields, 2, out, out_length);
}

pairing_error pairing_payload_encode_v3(const pairing_fields *fields, uint8_t *out,
                                        size_t *out_length)
{
    return encode(fields, 3, out, out_length);
}
