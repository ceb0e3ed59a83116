#include "adapter_io.h"

#include <string.h>

#include "hex.h"
#include "pairing_v3.h"
#include "secure_memory.h"

static const char *string_member(const json_t *input, const char *name, const char **text,
                                 size_t *length)
{
    json_t *value = json_object_get(input, name);
    if (!json_is_string(value)) {
        return ADAPTER_BAD_REQUEST;
    }
    *text = json_string_value(value);
    *length = json_string_length(value);
    return NULL;
}

const char *input_bytes(const json_t *input, const char *name, uint8_t **bytes, size_t *length)
{
    return input_hex_value(json_object_get(input, name), bytes, length);
}

const char *input_bounded_bytes(const json_t *input, const char *name, size_t maximum,
                                uint8_t **bytes, size_t *length)
{
    const json_t *value = json_object_get(input, name);
    if (!json_is_string(value) || json_string_length(value) / 2 > maximum) {
        return ADAPTER_BAD_REQUEST;
    }
    return input_hex_value(value, bytes, length);
}

const char *input_hex_value(const json_t *value, uint8_t **bytes, size_t *length)
{
    if (!json_is_string(value)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *text = json_string_value(value);
    size_t text_length = json_string_length(value);
    uint8_t *decoded = secure_alloc(text_length / 2);
    if (decoded == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    if (!hex_decode(text, text_length, decoded)) {
        secure_free(decoded);
        return ADAPTER_BAD_REQUEST;
    }
    *bytes = decoded;
    *length = text_length / 2;
    return NULL;
}

const char *input_optional_bytes(const json_t *input, const char *name, uint8_t **bytes,
                                 size_t *length)
{
    const json_t *member = json_object_get(input, name);
    *bytes = NULL;
    *length = 0;
    return member == NULL || json_is_null(member) ? NULL : input_bytes(input, name, bytes, length);
}

const char *input_fixed(const json_t *input, const char *name, uint8_t *out, size_t length)
{
    const char *text;
    size_t text_length;
    const char *error = string_member(input, name, &text, &text_length);
    if (error != NULL) {
        return error;
    }
    if (text_length != 2 * length || !hex_decode(text, text_length, out)) {
        return ADAPTER_BAD_REQUEST;
    }
    return NULL;
}

const char *input_optional_fixed(const json_t *input, const char *name, uint8_t *out, size_t length,
                                 bool *present)
{
    json_t *value = json_object_get(input, name);
    *present = !(value == NULL || json_is_null(value));
    return *present ? input_fixed(input, name, out, length) : NULL;
}

const char *input_integer(const json_t *input, const char *name, uint64_t maximum, uint64_t *value)
{
    json_t *number = json_object_get(input, name);
    if (!json_is_integer(number) || json_integer_value(number) < 0 ||
        (uint64_t)json_integer_value(number) > maximum) {
        return ADAPTER_BAD_REQUEST;
    }
    *value = (uint64_t)json_integer_value(number);
    return NULL;
}

const char *input_optional_integer(const json_t *input, const char *name, uint64_t maximum,
                                   uint64_t *value)
{
    *value = 0;
    return json_object_get(input, name) == NULL ? NULL : input_integer(input, name, maximum, value);
}

const char *input_counter(const json_t *input, const char *name, uint64_t *value)
{
    const char *text;
    size_t length;
    const char *error = string_member(input, name, &text, &length);
    if (error != NULL) {
        return error;
    }
    /* One form per value, as for every other input: "007" or "+7" would
     * be a second spelling of 7. */
    if (length == 0 || length > 20 || (text[0] == '0' && length > 1)) {
        return ADAPTER_BAD_REQUEST;
    }
    uint64_t result = 0;
    for (size_t i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9') {
            return ADAPTER_BAD_REQUEST;
        }
        uint64_t digit = (uint64_t)(text[i] - '0');
        if (result > (UINT64_MAX - digit) / 10u) {
            return ADAPTER_BAD_REQUEST; /* above 2^64 - 1 */
        }
        result = result * 10u + digit;
    }
    *value = result;
    return NULL;
}

const char *input_string(const json_t *input, const char *name, const char **text, size_t *length)
{
    return string_member(input, name, text, length);
}

const char *input_cid(const json_t *input, const char **cid, size_t *length)
{
    const char *error = string_member(input, "cid", cid, length);
    return error == NULL && !pairing_v3_cid_is_valid(*cid, *length) ? ADAPTER_BAD_REQUEST : error;
}

bool json_string_equals(const json_t *value, const char *literal)
{
    size_t length = strlen(literal);
    return json_is_string(value) && json_string_length(value) == length &&
           memcmp(json_string_value(value), literal, length) == 0;
}

const char *input_role(const json_t *input, tunnel_role *role)
{
    const json_t *value = json_object_get(input, "role");
    if (json_string_equals(value, "device")) {
        *role = ROLE_DEVICE;
    } else if (json_string_equals(value, "core")) {
        *role = ROLE_CORE;
    } else {
        return ADAPTER_BAD_REQUEST;
    }
    return NULL;
}

const char *input_session_keys(const json_t *input, session_keys *keys)
{
    const char *error = input_fixed(input, "c2s", keys->c2s, sizeof keys->c2s);
    if (error == NULL) {
        error = input_fixed(input, "s2c", keys->s2c, sizeof keys->s2c);
    }
    return error;
}

/* A new JSON string of hex(bytes), or NULL when out of memory. */
static json_t *hex_string(const uint8_t *bytes, size_t length)
{
    char *text = secure_alloc(2 * length + 1);
    if (text == NULL) {
        return NULL;
    }
    hex_encode(bytes, length, text);
    json_t *string = json_stringn(text, 2 * length);
    secure_free(text);
    return string;
}

bool output_set_hex(json_t *object, const char *name, const uint8_t *bytes, size_t length)
{
    return json_object_set_new(object, name, hex_string(bytes, length)) == 0;
}

const char *output_append_hex(json_t *array, const uint8_t *bytes, size_t length)
{
    return json_array_append_new(array, hex_string(bytes, length)) == 0 ? NULL
                                                                        : ADAPTER_INTERNAL_ERROR;
}

bool output_set_hex_or_null(json_t *object, const char *name, const uint8_t *bytes, size_t length)
{
    return bytes != NULL ? output_set_hex(object, name, bytes, length)
                         : json_object_set_new(object, name, json_null()) == 0;
}

void secure_memory_install_for_jansson(void)
{
    json_set_alloc_funcs(secure_alloc, secure_free);
}
