#include "envelope_io.h"

#include <string.h>

#include "adapter_io.h"
#include "chunk_splitter.h"
#include "generated_message.h"

/* True when value holds a real (a number with a fraction or exponent). */
static bool has_real(const json_t *value)
{
    if (json_is_real(value)) {
        return true;
    }
    if (json_is_array(value)) {
        for (size_t i = 0; i < json_array_size(value); i++) {
            if (has_real(json_array_get(value, i))) {
                return true;
            }
        }
    }
    if (json_is_object(value)) {
        const char *key;
        const json_t *member;
        json_object_foreach((json_t *)(uintptr_t)value, key, member) {
            if (has_real(member)) {
                return true;
            }
        }
    }
    return false;
}

const char *output_json_value(json_t *object, const char *name, const uint8_t *text, size_t length)
{
    if (text == NULL) {
        return json_object_set_new(object, name, json_null()) == 0 ? NULL : ADAPTER_INTERNAL_ERROR;
    }
    json_error_t error;
    /* The text passed the envelope's strict reader; jansson fails only on
     * what it cannot hold (an integer beyond 64 bits). */
    json_t *value = json_loadb((const char *)text, length, JSON_DECODE_ANY | JSON_ALLOW_NUL,
                               &error);
    if (value == NULL || has_real(value)) {
        json_decref(value);
        return ADAPTER_UNSUPPORTED;
    }
    return json_object_set_new(object, name, value) == 0 ? NULL : ADAPTER_INTERNAL_ERROR;
}

const char *output_partial(json_t *result, const reassembly *kept)
{
    json_t *partial = json_pack("{s:s,s:I,s:I}", "requestId", kept->request_id, "received",
                                (json_int_t)kept->received, "total", (json_int_t)kept->total);
    if (partial == NULL || json_object_set_new(result, "partial", partial) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return NULL;
}

const char *output_ids(json_t *object, const char *name,
                       const char (*ids)[ENVELOPE_MAX_REQUEST_ID + 1], size_t count)
{
    json_t *array = json_array();
    if (array == NULL || json_object_set_new(object, name, array) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    for (size_t i = 0; i < count; i++) {
        if (json_array_append_new(array, json_string(ids[i])) != 0) {
            return ADAPTER_INTERNAL_ERROR;
        }
    }
    return NULL;
}

const char *output_split(json_t *object, const char *name, const char *request_id,
                         const uint8_t *message, size_t length)
{
    json_t *array = json_array();
    if (array == NULL || json_object_set_new(object, name, array) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    const uint8_t *id = (const uint8_t *)request_id;
    size_t id_length = strlen(request_id);
    envelope_status status = chunk_split_check(id, id_length, length);
    if (status != ENVELOPE_OK) {
        return status;
    }
    const char *error = NULL;
    for (size_t i = 0; error == NULL && i < chunk_split_count(length); i++) {
        byte_buffer plaintext;
        byte_buffer_init(&plaintext);
        status = chunk_split_plaintext(id, id_length, message, length, i, &plaintext);
        if (status != ENVELOPE_OK) {
            error = status;
        } else {
            error = output_append_hex(array, plaintext.data, plaintext.length);
        }
        byte_buffer_release(&plaintext);
    }
    return error;
}

const char *input_natural(const json_t *input, const char *name, int64_t *value)
{
    uint64_t natural;
    const char *error = input_integer(input, name, JSON_SAFE_INTEGER_MAX, &natural);
    *value = (int64_t)natural;
    return error;
}

const char *input_optional_bool(const json_t *input, const char *name, bool *value)
{
    const json_t *member = json_object_get(input, name);
    *value = json_is_true(member);
    return member == NULL || json_is_null(member) || json_is_boolean(member) ? NULL
                                                                             : ADAPTER_BAD_REQUEST;
}

const char *input_generated(const json_t *generated, const json_t *request_id, uint8_t **message,
                            size_t *length)
{
    uint8_t seed[32];
    uint64_t wanted;
    if (!json_is_object(generated) || !json_is_string(request_id)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = input_fixed(generated, "seed", seed, sizeof seed);
    if (error == NULL) {
        error = input_integer(generated, "length", GENERATED_MESSAGE_MAX_LENGTH, &wanted);
    }
    if (error != NULL) {
        return error;
    }
    int no_memory;
    *message = generated_message((const uint8_t *)json_string_value(request_id),
                                 json_string_length(request_id), seed, (size_t)wanted, &no_memory);
    *length = (size_t)wanted;
    if (*message == NULL) {
        return no_memory ? ADAPTER_INTERNAL_ERROR : ADAPTER_BAD_REQUEST;
    }
    return NULL;
}
