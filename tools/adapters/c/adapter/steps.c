#include "steps.h"

#include <stddef.h>

#include "adapter_io.h"

const char *steps_of(const json_t *input, const json_t **steps)
{
    *steps = json_object_get(input, "steps");
    return json_is_array(*steps) ? NULL : ADAPTER_BAD_REQUEST;
}

const char *steps_run(const json_t *steps, json_t *output, step_function run, void *context)
{
    json_t *results = json_array();
    if (results == NULL || json_object_set_new(output, "steps", results) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    const char *error = NULL;
    for (size_t i = 0; error == NULL && i < json_array_size(steps); i++) {
        json_t *result = json_object();
        error = result == NULL || json_array_append_new(results, result) != 0
                    ? ADAPTER_INTERNAL_ERROR
                    : run(context, json_array_get(steps, i), result);
    }
    return error;
}

const char *steps_kind(const json_t *step, const char *const *kinds, size_t count,
                       const char **name, const json_t **body)
{
    if (!json_is_object(step) || json_object_size(step) != 1) {
        return ADAPTER_BAD_REQUEST;
    }
    for (size_t i = 0; i < count; i++) {
        const json_t *value = json_object_get(step, kinds[i]);
        if (value != NULL) {
            *name = kinds[i];
            *body = value;
            return json_is_object(value) ? NULL : ADAPTER_BAD_REQUEST;
        }
    }
    return ADAPTER_BAD_REQUEST;
}

const char *steps_set_error(json_t *result, const char *code)
{
    return json_object_set_new(result, "error", json_string(code)) == 0 ? NULL
                                                                        : ADAPTER_INTERNAL_ERROR;
}
