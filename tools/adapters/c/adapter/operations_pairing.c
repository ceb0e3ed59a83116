/* The pairing payload's producers and consumers, both versions (sections 8.8
 * and 8.12.6). The version 3 operations read the same inputs as version 2's,
 * plus the secret, and answer the same members, plus v and ps, so each pair
 * shares its input reader and its output writer. */
#include <sodium.h>
#include <stdint.h>

#include "adapter_io.h"
#include "operations.h"
#include "pairing_payload.h"
#include "secure_memory.h"

/* rpc may be absent or null (no LAN URL), or a string. */
static const char *input_optional_rpc(const json_t *input, pairing_fields *fields)
{
    const json_t *rpc = json_object_get(input, "rpc");
    fields->has_rpc = !(rpc == NULL || json_is_null(rpc));
    if (!fields->has_rpc) {
        return NULL;
    }
    const char *text;
    const char *error = input_string(input, "rpc", &text, &fields->rpc.length);
    fields->rpc.bytes = (const uint8_t *)text;
    return error;
}

/* A producer's inputs. cpk and ps are hex of any length (their lengths are
 * protocol errors, not bad_request), in buffers the caller frees; version 2
 * reads no ps. */
static const char *input_fields(const json_t *input, unsigned version, pairing_fields *fields,
                                uint8_t **cpk, uint8_t **ps)
{
    const char *cid;
    const char *pt;
    const char *error = input_string(input, "cid", &cid, &fields->cid.length);
    if (error == NULL) {
        error = input_string(input, "pt", &pt, &fields->pt.length);
    }
    if (error == NULL) {
        error = input_bytes(input, "cpk", cpk, &fields->cpk.length);
    }
    if (error == NULL && version == 3) {
        error = input_bytes(input, "ps", ps, &fields->ps.length);
    }
    if (error == NULL) {
        error = input_optional_rpc(input, fields);
    }
    if (error == NULL) {
        error = input_integer(input, "exp", JSON_SAFE_INTEGER_MAX, &fields->exp);
    }
    if (error == NULL) {
        fields->cid.bytes = (const uint8_t *)cid;
        fields->pt.bytes = (const uint8_t *)pt;
        fields->cpk.bytes = *cpk;
        fields->ps.bytes = *ps;
    }
    return error;
}

static const char *encode(const json_t *input, json_t *output, unsigned version)
{
    pairing_fields fields = {0};
    uint8_t *cpk = NULL;
    uint8_t *ps = NULL;
    const char *error = input_fields(input, version, &fields, &cpk, &ps);
    if (error == NULL) {
        uint8_t payload[PAIRING_PAYLOAD_MAX_LENGTH];
        size_t length = 0;
        pairing_error status = version == 3 ? pairing_payload_encode_v3(&fields, payload, &length)
                                            : pairing_payload_encode(&fields, payload, &length);
        if (status != QR_OK) {
            error = pairing_error_code(status);
        } else if (json_object_set_new(output, "payload",
                                       json_stringn((const char *)payload, length)) != 0) {
            error = ADAPTER_INTERNAL_ERROR;
        }
        sodium_memzero(payload, sizeof payload); /* a version 3 payload holds the secret */
    }
    secure_free(cpk);
    secure_free(ps);
    return error;
}

static json_t *view_string(byte_view view)
{
    return json_stringn((const char *)view.bytes, view.length);
}

/* Decoded values are checked UTF-8 (QR-PARSE-11), so they are valid JSON
 * strings; U+0000 and other controls are escaped on output. v and ps are
 * version 3's members. */
static bool output_values(json_t *output, const pairing_parsed *parsed, unsigned version)
{
    if (version == 3 &&
        json_object_set_new(output, "v", json_integer((json_int_t)parsed->version)) != 0) {
        return false;
    }
    if (json_object_set_new(output, "cid", view_string(parsed->cid)) != 0 ||
        json_object_set_new(output, "pt", view_string(parsed->pt)) != 0 ||
        !output_set_hex(output, "cpk", parsed->cpk, sizeof parsed->cpk)) {
        return false;
    }
    if (version == 3 && !output_set_hex_or_null(output, "ps", parsed->has_ps ? parsed->ps : NULL,
                                                sizeof parsed->ps)) {
        return false;
    }
    return json_object_set_new(output, "rpc",
                               parsed->has_rpc ? view_string(parsed->rpc) : json_null()) == 0 &&
           json_object_set_new(output, "exp", json_integer((json_int_t)parsed->exp)) == 0;
}

static const char *parse(const json_t *input, json_t *output, unsigned version)
{
    const char *payload;
    size_t length = 0;
    uint64_t now = 0;
    const char *error = input_string(input, "payload", &payload, &length);
    if (error == NULL) {
        error = input_integer(input, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error != NULL) {
        return error;
    }
    /* Wiped on free: it holds pt and, in version 3, the secret. */
    pairing_parsed *parsed = secure_alloc(sizeof *parsed);
    if (parsed == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    pairing_error status = version == 3 ? pairing_payload_parse_v3((const uint8_t *)payload, length,
                                                                   now, parsed)
                                        : pairing_payload_parse((const uint8_t *)payload, length,
                                                                now, parsed);
    if (status != QR_OK) {
        error = pairing_error_code(status);
    } else if (!output_values(output, parsed, version)) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    secure_free(parsed);
    return error;
}

const char *op_qr_encode(const json_t *input, json_t *output)
{
    return encode(input, output, 2);
}

const char *op_qr_parse(const json_t *input, json_t *output)
{
    return parse(input, output, 2);
}

const char *op_qr_encode_v3(const json_t *input, json_t *output)
{
    return encode(input, output, 3);
}

const char *op_qr_parse_v3(const json_t *input, json_t *output)
{
    return parse(input, output, 3);
}
