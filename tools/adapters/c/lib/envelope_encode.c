/* The sender forms of section 11.2 (ENV-2, ENV-3): one exact byte string per
 * envelope. Nothing in ids, kinds or method names is escaped: their syntax
 * admits no character JSON would escape, and the encoder refuses any other
 * before it writes. */
#include <string.h>

#include "envelope.h"
#include "standard_base64.h"

/* ENV-2: a value text is one JSON value with no whitespace around it. */
static envelope_status check_value_text(const uint8_t *text, size_t length)
{
    if (length == 0) {
        return ENV_BAD_ENVELOPE_JSON;
    }
    static const char SPACE[] = " \t\n\r";
    if (memchr(SPACE, text[0], 4) != NULL || memchr(SPACE, text[length - 1], 4) != NULL) {
        return ENV_BAD_ENVELOPE_JSON;
    }
    return ej_check_value(text, length);
}

/* {"requestId":"<id>","kind":"<kind>","seq": */
static void write_head(byte_buffer *out, const uint8_t *id, size_t id_length, envelope_kind kind)
{
    byte_buffer_append_text(out, "{\"requestId\":\"");
    byte_buffer_append(out, id, id_length);
    byte_buffer_append_text(out, "\",\"kind\":\"");
    byte_buffer_append_text(out, envelope_kind_name(kind));
    byte_buffer_append_text(out, "\",\"seq\":");
}

static envelope_status finish(const byte_buffer *out)
{
    return out->failed ? ENV_NO_MEMORY : ENVELOPE_OK;
}

envelope_status envelope_encode_request(const uint8_t *id, size_t id_length, const uint8_t *method,
                                        size_t method_length, const uint8_t *params,
                                        size_t params_length, bool stream, byte_buffer *out)
{
    static const uint8_t JSON_NULL[] = "null";
    if (!envelope_is_request_id(id, id_length)) {
        return ENV_BAD_REQUEST_ID;
    }
    if (!envelope_is_method(method, method_length)) {
        return ENV_BAD_FIELD_VALUE;
    }
    if (params == NULL) {
        params = JSON_NULL;
        params_length = sizeof JSON_NULL - 1;
    }
    envelope_status status = check_value_text(params, params_length);
    if (status != ENVELOPE_OK) {
        return status;
    }
    write_head(out, id, id_length, KIND_REQUEST);
    byte_buffer_append_text(out, "0,\"payload\":{\"method\":\"");
    byte_buffer_append(out, method, method_length);
    byte_buffer_append_text(out, "\",\"params\":");
    byte_buffer_append(out, params, params_length);
    byte_buffer_append_text(out, stream ? ",\"stream\":true}}" : "}}");
    return finish(out);
}

envelope_status envelope_encode_value(const uint8_t *id, size_t id_length, envelope_kind kind,
                                      int64_t seq, const uint8_t *payload, size_t payload_length,
                                      byte_buffer *out)
{
    if (!envelope_is_request_id(id, id_length)) {
        return ENV_BAD_REQUEST_ID;
    }
    if (seq < 0 || (uint64_t)seq > ENVELOPE_MAX_SEQ || (kind == KIND_RESPONSE && seq != 0)) {
        return ENV_BAD_FIELD_VALUE;
    }
    envelope_status status = check_value_text(payload, payload_length);
    if (status != ENVELOPE_OK) {
        return status;
    }
    write_head(out, id, id_length, kind);
    byte_buffer_append_decimal(out, (uint64_t)seq);
    byte_buffer_append_text(out, ",\"payload\":");
    byte_buffer_append(out, payload, payload_length);
    byte_buffer_append_text(out, "}");
    return finish(out);
}

/* ENV-3: the JSON string form JSON.stringify and serde_json write. */
static void write_string_characters(byte_buffer *out, const uint8_t *text, size_t length)
{
    static const char HEX[] = "0123456789abcdef";
    for (size_t i = 0; i < length; i++) {
        uint8_t c = text[i];
        const char *escape = c == '"'    ? "\\\""
                             : c == '\\' ? "\\\\"
                             : c == 0x08 ? "\\b"
                             : c == 0x0c ? "\\f"
                             : c == 0x0a ? "\\n"
                             : c == 0x0d ? "\\r"
                             : c == 0x09 ? "\\t"
                                         : NULL;
        if (escape != NULL) {
            byte_buffer_append_text(out, escape);
        } else if (c < 0x20) {
            char unicode[7] = {'\\', 'u', '0', '0', HEX[c >> 4], HEX[c & 0x0f], '\0'};
            byte_buffer_append_text(out, unicode);
        } else {
            byte_buffer_append(out, &c, 1);
        }
    }
}

envelope_status envelope_encode_error(const uint8_t *id, size_t id_length, const uint8_t *code,
                                      size_t code_length, const uint8_t *detail,
                                      size_t detail_length, byte_buffer *out)
{
    if (!envelope_is_request_id(id, id_length)) {
        return ENV_BAD_REQUEST_ID;
    }
    if (!envelope_is_error_code(code, code_length)) {
        return ENV_BAD_FIELD_VALUE;
    }
    write_head(out, id, id_length, KIND_ERROR);
    byte_buffer_append_text(out, "0,\"payload\":\"");
    byte_buffer_append(out, code, code_length);
    if (detail != NULL) {
        byte_buffer_append_text(out, ": ");
        write_string_characters(out, detail, detail_length);
    }
    byte_buffer_append_text(out, "\"}");
    return finish(out);
}

envelope_status envelope_encode_chunk(const uint8_t *id, size_t id_length, int64_t seq,
                                      int64_t total, const uint8_t *piece, size_t piece_length,
                                      byte_buffer *out)
{
    if (!envelope_is_request_id(id, id_length)) {
        return ENV_BAD_REQUEST_ID;
    }
    if (total < 1 || (uint64_t)total > ENVELOPE_MAX_SEQ || seq < 0 || seq >= total) {
        return ENV_BAD_FIELD_VALUE;
    }
    write_head(out, id, id_length, KIND_CHUNK);
    byte_buffer_append_decimal(out, (uint64_t)seq);
    byte_buffer_append_text(out, ",\"total\":");
    byte_buffer_append_decimal(out, (uint64_t)total);
    byte_buffer_append_text(out, ",\"data\":\"");
    size_t text_length = standard_base64_encoded_length(piece_length);
    uint8_t *text = byte_buffer_reserve(out, text_length + 1);
    if (text != NULL) {
        standard_base64_encode(piece, piece_length, (char *)text);
        byte_buffer_commit(out, text_length);
    }
    byte_buffer_append_text(out, "\"}");
    return finish(out);
}
