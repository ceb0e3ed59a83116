/* The stateless envelope operations (kit section 2.5): envelope-encode,
 * envelope-parse and envelope-split (ADP-60, ADP-61). */
#include <sodium.h>
#include <string.h>

#include "adapter_io.h"
#include "chunk_splitter.h"
#include "envelope.h"
#include "envelope_io.h"
#include "operations.h"
#include "secure_memory.h"

/* A string member as bytes (it may hold U+0000, which the syntax refuses). */
static const char *input_text(const json_t *input, const char *name, const uint8_t **text,
                              size_t *length)
{
    const char *chars;
    const char *error = input_string(input, name, &chars, length);
    *text = (const uint8_t *)chars;
    return error;
}

static const char *input_any_integer(const json_t *input, const char *name, int64_t *value)
{
    const json_t *member = json_object_get(input, name);
    if (!json_is_integer(member)) {
        return ADAPTER_BAD_REQUEST;
    }
    *value = (int64_t)json_integer_value(member);
    return NULL;
}

/* Encodes by kind; the kind's own members are read first, so a malformed
 * request is bad_request whatever else is wrong. */
static const char *encode_kind(const json_t *fields, envelope_kind kind, const uint8_t *id,
                               size_t id_length, int64_t seq, byte_buffer *out)
{
    const uint8_t *text = NULL;
    size_t text_length = 0;
    uint8_t *bytes = NULL;
    size_t bytes_length = 0;
    const char *error = NULL;
    envelope_status status = ENVELOPE_OK;
    bool is_seq_zero_kind = kind == KIND_REQUEST || kind == KIND_RESPONSE || kind == KIND_ERROR;
    if (kind == KIND_REQUEST) {
        bool stream;
        error = input_text(fields, "method", &text, &text_length);
        if (error == NULL) {
            error = input_optional_bytes(fields, "params", &bytes, &bytes_length);
        }
        if (error == NULL) {
            error = input_optional_bool(fields, "stream", &stream);
        }
        if (error == NULL && seq != 0) {
            status = ENV_BAD_FIELD_VALUE;
        }
        if (error == NULL && status == ENVELOPE_OK) {
            status = envelope_encode_request(id, id_length, text, text_length, bytes, bytes_length,
                                             stream, out);
        }
    } else if (kind == KIND_ERROR) {
        const uint8_t *detail = NULL;
        size_t detail_length = 0;
        const json_t *member = json_object_get(fields, "detail");
        error = input_text(fields, "code", &text, &text_length);
        if (error == NULL && member != NULL && !json_is_null(member)) {
            error = input_text(fields, "detail", &detail, &detail_length);
        }
        if (error == NULL && seq != 0) {
            status = ENV_BAD_FIELD_VALUE;
        }
        if (error == NULL && status == ENVELOPE_OK) {
            status = envelope_encode_error(id, id_length, text, text_length, detail, detail_length,
                                           out);
        }
    } else if (kind == KIND_CHUNK) {
        int64_t total;
        error = input_any_integer(fields, "total", &total);
        if (error == NULL) {
            error = input_bytes(fields, "data", &bytes, &bytes_length);
        }
        if (error == NULL) {
            status = envelope_encode_chunk(id, id_length, seq, total, bytes, bytes_length, out);
        }
    } else {
        error = input_bytes(fields, "payload", &bytes, &bytes_length);
        if (error == NULL && is_seq_zero_kind && seq != 0) {
            status = ENV_BAD_FIELD_VALUE;
        }
        if (error == NULL && status == ENVELOPE_OK) {
            status = envelope_encode_value(id, id_length, kind, seq, bytes, bytes_length, out);
        }
    }
    secure_free(bytes);
    return error != NULL ? error : status;
}

const char *op_envelope_encode(const json_t *input, json_t *output)
{
    const json_t *fields = json_object_get(input, "envelope");
    const uint8_t *id;
    const uint8_t *kind_name;
    size_t id_length;
    size_t kind_length;
    int64_t seq;
    envelope_kind kind;
    if (!json_is_object(fields)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = input_text(fields, "requestId", &id, &id_length);
    if (error == NULL) {
        error = input_text(fields, "kind", &kind_name, &kind_length);
    }
    if (error == NULL) {
        error = input_any_integer(fields, "seq", &seq);
    }
    if (error == NULL && !envelope_kind_from_name(kind_name, kind_length, &kind)) {
        error = ADAPTER_BAD_REQUEST;
    }
    if (error != NULL) {
        return error;
    }
    byte_buffer out;
    byte_buffer_init(&out);
    /* ENV-11's order: the request id before seq and the kind's members. */
    error = envelope_is_request_id(id, id_length)
                ? encode_kind(fields, kind, id, id_length, seq, &out)
                : ENV_BAD_REQUEST_ID;
    if (error == NULL && !output_set_hex(output, "plaintext", out.data, out.length)) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    byte_buffer_release(&out);
    return error;
}

/* The fields envelope-parse answers for each kind. */
static const char *output_fields(json_t *output, const envelope *parsed)
{
    int status = json_object_set_new(output, "requestId", json_string(parsed->request_id)) |
                 json_object_set_new(output, "kind",
                                     json_string(envelope_kind_name(parsed->kind))) |
                 json_object_set_new(output, "seq", json_integer((json_int_t)parsed->seq));
    const char *error = NULL;
    switch (parsed->kind) {
    case KIND_REQUEST:
        status |= json_object_set_new(output, "method", json_string(parsed->method)) |
                  json_object_set_new(output, "stream", json_boolean(parsed->stream));
        error = output_json_value(output, "params", parsed->value, parsed->value_length);
        break;
    case KIND_ERROR:
        status |= json_object_set_new(output, "code", json_string(parsed->code)) |
                  json_object_set_new(
                      output, "detail",
                      parsed->has_detail
                          ? json_stringn((const char *)parsed->detail, parsed->detail_length)
                          : json_null());
        break;
    case KIND_CHUNK:
        status |= json_object_set_new(output, "total", json_integer((json_int_t)parsed->total));
        if (!output_set_hex(output, "data", parsed->data, parsed->data_length)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
        break;
    case KIND_RESPONSE:
    case KIND_STREAM_CHUNK:
    case KIND_STREAM_END:
        error = output_json_value(output, "payload", parsed->value, parsed->value_length);
        break;
    }
    return status != 0 ? ADAPTER_INTERNAL_ERROR : error;
}

const char *op_envelope_parse(const json_t *input, json_t *output)
{
    tunnel_role role;
    uint8_t *plaintext = NULL;
    size_t length = 0;
    const char *error = input_role(input, &role);
    if (error == NULL) {
        error = input_bytes(input, "plaintext", &plaintext, &length);
    }
    if (error == NULL) {
        envelope parsed;
        envelope_status status = envelope_parse(plaintext, length, role, &parsed);
        if (status == ENVELOPE_OK) {
            error = output_fields(output, &parsed);
            envelope_release(&parsed);
        } else {
            error = status;
        }
    }
    secure_free(plaintext);
    return error;
}

/* ADP-60: the page [from, from + count) of the plaintexts. */
static const char *split_page(const json_t *input, json_t *output, const uint8_t *id,
                              size_t id_length, const uint8_t *message, size_t length)
{
    int64_t from = 0;
    int64_t count = INT64_MAX;
    const json_t *member = json_object_get(input, "from");
    const char *error = member == NULL || json_is_null(member)
                            ? NULL
                            : input_natural(input, "from", &from);
    member = json_object_get(input, "count");
    if (error == NULL && member != NULL && !json_is_null(member)) {
        error = input_natural(input, "count", &count);
    }
    if (error != NULL) {
        return error;
    }
    envelope_status status = chunk_split_check(id, id_length, length);
    if (status != ENVELOPE_OK) {
        return status;
    }
    size_t total = chunk_split_count(length);
    uint8_t digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, message, length);
    json_t *plaintexts = json_array();
    if (plaintexts == NULL ||
        (json_object_set_new(output, "total", json_integer((json_int_t)total)) |
         json_object_set_new(output, "plaintexts", plaintexts) |
         json_object_set_new(output, "length", json_integer((json_int_t)length))) != 0 ||
        !output_set_hex(output, "sha256", digest, sizeof digest)) {
        return ADAPTER_INTERNAL_ERROR;
    }
    size_t end = (uint64_t)from >= total                   ? total
                 : (uint64_t)count >= total - (size_t)from ? total
                                                           : (size_t)from + (size_t)count;
    for (size_t i = (size_t)from; error == NULL && i < end; i++) {
        byte_buffer plaintext;
        byte_buffer_init(&plaintext);
        status = chunk_split_plaintext(id, id_length, message, length, i, &plaintext);
        error = status != ENVELOPE_OK
                    ? status
                    : output_append_hex(plaintexts, plaintext.data, plaintext.length);
        byte_buffer_release(&plaintext);
    }
    return error;
}

const char *op_envelope_split(const json_t *input, json_t *output)
{
    const json_t *id = json_object_get(input, "requestId");
    const json_t *generated = json_object_get(input, "generated");
    uint8_t *message = NULL;
    size_t length = 0;
    if (!json_is_string(id)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = generated != NULL ? input_generated(generated, id, &message, &length)
                                          : input_bytes(input, "message", &message, &length);
    if (error == NULL) {
        error = split_page(input, output, (const uint8_t *)json_string_value(id),
                           json_string_length(id), message, length);
    }
    secure_free(message);
    return error;
}
