/* The receiver's checks of ENV-6 to ENV-9, in their order: each member
 * completely before the next, the first failure's code. requestId comes
 * first so that every later failure belongs to a known request, and the
 * cheap checks come before a chunk's piece is decoded. */
#include <string.h>

#include "envelope.h"
#include "secure_memory.h"
#include "standard_base64.h"

/* The kinds each receiving side takes (ENV-1, ENV-6 step 4): the core what
 * devices send, the device what cores send, both chunks. */
static bool is_received_by(envelope_kind kind, tunnel_role role)
{
    if (kind == KIND_CHUNK) {
        return true;
    }
    return (kind == KIND_REQUEST) == (role == ROLE_CORE);
}

/* A required string member: missing_field, bad_field_type or NULL. */
static envelope_status string_member(const ej_object *object, const char *name,
                                     const ej_member **member)
{
    *member = ej_find(object, name);
    if (*member == NULL) {
        return ENV_MISSING_FIELD;
    }
    return (*member)->type == EJ_STRING ? ENVELOPE_OK : ENV_BAD_FIELD_TYPE;
}

/* seq or total (ENV-6 step 5): a number written as digits only (an optional
 * "-" first) with a value from 0 to 2^32 - 1; "-0" is 0. */
static envelope_status count_member(const ej_object *object, const char *name, uint64_t *value)
{
    const ej_member *member = ej_find(object, name);
    if (member == NULL) {
        return ENV_MISSING_FIELD;
    }
    if (member->type != EJ_NUMBER) {
        return ENV_BAD_FIELD_TYPE;
    }
    const uint8_t *digits = member->raw;
    size_t count = member->raw_length;
    bool negative = digits[0] == '-';
    if (negative) {
        digits++;
        count--;
    }
    uint64_t result = 0;
    for (size_t i = 0; i < count; i++) {
        if (digits[i] < '0' || digits[i] > '9') {
            return ENV_BAD_FIELD_VALUE; /* a fraction or an exponent part */
        }
        result = result * 10u + (uint64_t)(digits[i] - '0');
        if (result > ENVELOPE_MAX_SEQ) {
            return ENV_BAD_FIELD_VALUE;
        }
    }
    if (negative && result != 0) {
        return ENV_BAD_FIELD_VALUE;
    }
    *value = result;
    return ENVELOPE_OK;
}

/* ENV-6 step 6 and CHUNK-3. */
static envelope_status read_chunk(const ej_object *root, envelope *out)
{
    envelope_status status = count_member(root, "total", &out->total);
    if (status != ENVELOPE_OK) {
        return status;
    }
    if (out->total < 1 || out->seq >= out->total) {
        return ENV_BAD_FIELD_VALUE;
    }
    if (out->total > ENVELOPE_MAX_TOTAL) {
        return ENV_MESSAGE_TOO_LARGE;
    }
    const ej_member *data;
    status = string_member(root, "data", &data);
    if (status != ENVELOPE_OK) {
        return status;
    }
    out->data = secure_alloc(data->string_length / 4 * 3);
    if (out->data == NULL) {
        return ENV_NO_MEMORY;
    }
    if (!standard_base64_decode(data->string, data->string_length, out->data, &out->data_length)) {
        return ENV_BAD_BASE64;
    }
    bool last = out->seq == out->total - 1;
    if (last ? (out->data_length < 1 || out->data_length > ENVELOPE_PIECE)
             : out->data_length != ENVELOPE_PIECE) {
        return ENV_BAD_CHUNK_SIZE;
    }
    if (last && (out->total - 1) * ENVELOPE_PIECE + out->data_length > ENVELOPE_MAX_MESSAGE) {
        return ENV_MESSAGE_TOO_LARGE; /* the last piece makes the message exceed 16 MiB */
    }
    return ENVELOPE_OK;
}

/* ENV-7: the request's payload object. */
static envelope_status read_request(const ej_member *payload, envelope *out)
{
    if (payload->type != EJ_OBJECT) {
        return ENV_BAD_FIELD_TYPE;
    }
    ej_object object;
    envelope_status status = ej_read_object(payload->raw, payload->raw_length, &object);
    if (status != ENVELOPE_OK) {
        return status;
    }
    status = ej_check_duplicates(&object);
    const ej_member *method = NULL;
    if (status == ENVELOPE_OK) {
        status = string_member(&object, "method", &method);
    }
    if (status == ENVELOPE_OK && !envelope_is_method(method->string, method->string_length)) {
        status = ENV_BAD_FIELD_VALUE;
    }
    if (status == ENVELOPE_OK) {
        memcpy(out->method, method->string, method->string_length);
        out->method[method->string_length] = '\0';
        const ej_member *params = ej_find(&object, "params");
        if (params != NULL) {
            out->value = params->raw;
            out->value_length = params->raw_length;
        }
        const ej_member *stream = ej_find(&object, "stream");
        if (stream != NULL && stream->type != EJ_TRUE && stream->type != EJ_FALSE) {
            status = ENV_BAD_FIELD_TYPE;
        }
        out->stream = stream != NULL && stream->type == EJ_TRUE;
    }
    ej_free(&object);
    return status;
}

/* ENV-8: a code, optionally ": " and a detail; any other text is the code
 * method_failed with the whole text as its detail. */
static envelope_status read_error(const ej_member *payload, envelope *out)
{
    if (payload->type != EJ_STRING) {
        return ENV_BAD_FIELD_TYPE;
    }
    const uint8_t *text = payload->string;
    size_t length = payload->string_length;
    size_t split = length;
    const uint8_t *colon = length == 0 ? NULL : memchr(text, ':', length);
    if (colon != NULL && (size_t)(colon - text) + 1 < length && colon[1] == ' ') {
        split = (size_t)(colon - text);
    }
    if (envelope_is_error_code(text, split)) {
        memcpy(out->code, text, split);
        out->code[split] = '\0';
        out->has_detail = split != length;
        if (out->has_detail) {
            out->detail = text + split + 2;
            out->detail_length = length - split - 2;
        }
    } else {
        memcpy(out->code, ENV_METHOD_FAILED, sizeof ENV_METHOD_FAILED);
        out->has_detail = true;
        out->detail = text;
        out->detail_length = length;
    }
    return ENVELOPE_OK;
}

static envelope_status parse(const uint8_t *plaintext, size_t length, tunnel_role role,
                             envelope *out)
{
    envelope_status status = ej_read_object(plaintext, length, &out->object);
    if (status != ENVELOPE_OK) {
        return status;
    }
    const ej_object *root = &out->object;
    status = ej_check_duplicates(root);
    if (status != ENVELOPE_OK) {
        return status;
    }

    const ej_member *id;
    status = string_member(root, "requestId", &id);
    if (status != ENVELOPE_OK) {
        return status;
    }
    if (!envelope_is_request_id(id->string, id->string_length)) {
        return ENV_BAD_REQUEST_ID;
    }
    memcpy(out->request_id, id->string, id->string_length);
    out->request_id[id->string_length] = '\0';

    const ej_member *kind;
    status = string_member(root, "kind", &kind);
    if (status != ENVELOPE_OK) {
        return status;
    }
    if (!envelope_kind_from_name(kind->string, kind->string_length, &out->kind)) {
        return ENV_UNKNOWN_KIND;
    }
    if (!is_received_by(out->kind, role)) {
        return ENV_UNEXPECTED_KIND;
    }

    status = count_member(root, "seq", &out->seq);
    if (status != ENVELOPE_OK) {
        return status;
    }
    bool seq_zero_kind = out->kind == KIND_REQUEST || out->kind == KIND_RESPONSE ||
                         out->kind == KIND_ERROR;
    if (seq_zero_kind && out->seq != 0) {
        return ENV_BAD_FIELD_VALUE;
    }

    if (out->kind == KIND_CHUNK) {
        return read_chunk(root, out);
    }
    const ej_member *payload = ej_find(root, "payload");
    if (payload == NULL) {
        return ENV_MISSING_FIELD;
    }
    if (out->kind == KIND_REQUEST) {
        return read_request(payload, out);
    }
    if (out->kind == KIND_ERROR) {
        return read_error(payload, out);
    }
    out->value = payload->raw;
    out->value_length = payload->raw_length;
    return ENVELOPE_OK;
}

envelope_status envelope_parse(const uint8_t *plaintext, size_t length, tunnel_role role,
                               envelope *out)
{
    memset(out, 0, sizeof *out);
    envelope_status status = parse(plaintext, length, role, out);
    if (status != ENVELOPE_OK) {
        envelope_release(out);
    }
    return status;
}

void envelope_release(envelope *parsed)
{
    ej_free(&parsed->object);
    secure_free(parsed->data);
    memset(parsed, 0, sizeof *parsed);
}
