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

const char *op_qr_encode(const json_t *input, json_t *output)
{
    pairing_fields fields = {0};
    const char *cid;
    const char *pt;
    uint8_t *cpk = NULL;
    const char *error = input_string(input, "cid", &cid, &fields.cid.length);
    if (error == NULL) {
        error = input_string(input, "pt", &pt, &fields.pt.length);
    }
    if (error == NULL) {
        error = input_bytes(input, "cpk", &cpk, &fields.cpk.length);
    }
    if (error == NULL) {
        error = input_optional_rpc(input, &fields);
    }
    if (error == NULL) {
        error = input_integer(input, "exp", JSON_SAFE_INTEGER_MAX, &fields.exp);
    }
    if (error == NULL) {
        fields.cid.bytes = (const uint8_t *)cid;
        fields.pt.bytes = (const uint8_t *)pt;
        fields.cpk.bytes = cpk;
        uint8_t payload[PAIRING_PAYLOAD_MAX_LENGTH];
        size_t length = 0;
        pairing_error status = pairing_payload_encode(&fields, payload, &length);
        if (status != QR_OK) {
            error = pairing_error_code(status);
        } else if (json_object_set_new(output, "payload",
                                       json_stringn((const char *)payload, length)) != 0) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    secure_free(cpk);
    return error;
}

const char *op_qr_parse(const json_t *input, json_t *output)
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
    pairing_parsed *parsed = secure_alloc(sizeof *parsed);
    if (parsed == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    pairing_error status = pairing_payload_parse((const uint8_t *)payload, length, now, parsed);
    if (status != QR_OK) {
        error = pairing_error_code(status);
    } else {
        /* Decoded values are checked UTF-8 (QR-PARSE-11), so they are valid
         * JSON strings; U+0000 and other controls are escaped on output. */
        int failed =
            json_object_set_new(output, "cid",
                                json_stringn((const char *)parsed->cid.bytes, parsed->cid.length)) |
            json_object_set_new(output, "pt",
                                json_stringn((const char *)parsed->pt.bytes, parsed->pt.length));
        if (failed != 0 || !output_set_hex(output, "cpk", parsed->cpk, sizeof parsed->cpk) ||
            json_object_set_new(
                output, "rpc",
                parsed->has_rpc ? json_stringn((const char *)parsed->rpc.bytes, parsed->rpc.length)
                                : json_null()) != 0 ||
            json_object_set_new(output, "exp", json_integer((json_int_t)parsed->exp)) != 0) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    secure_free(parsed);
    return error;
}
