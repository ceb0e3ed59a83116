#include "channel_keys.h"

#include <stdlib.h>
#include <string.h>

tunnel_error channel_keys_check_candidate(const uint8_t (*keys)[32], size_t count,
                                          const uint8_t candidate[32])
{
    for (size_t i = 0; i < count; i++) {
        if (memcmp(keys[i], candidate, 32) == 0) {
            return TUNNEL_ERR_DUPLICATE_CORE_KEY;
        }
    }
    return TUNNEL_OK;
}

typedef struct {
    const uint8_t *key;
    size_t index;
} keyed_index;

static int compare_keys(const void *left, const void *right)
{
    return memcmp(((const keyed_index *)left)->key, ((const keyed_index *)right)->key, 32);
}

tunnel_error channel_keys_find_shared(const uint8_t (*keys)[32], size_t count, bool *shared)
{
    for (size_t i = 0; i < count; i++) {
        shared[i] = false;
    }
    if (count < 2) {
        return TUNNEL_OK;
    }
    keyed_index *sorted = calloc(count, sizeof *sorted);
    if (sorted == NULL) {
        return TUNNEL_ERR_NO_MEMORY;
    }
    for (size_t i = 0; i < count; i++) {
        sorted[i].key = keys[i];
        sorted[i].index = i;
    }
    qsort(sorted, count, sizeof *sorted, compare_keys);
    /* Equal keys are neighbours after sorting. */
    for (size_t i = 1; i < count; i++) {
        if (memcmp(sorted[i - 1].key, sorted[i].key, 32) == 0) {
            shared[sorted[i - 1].index] = true;
            shared[sorted[i].index] = true;
        }
    }
    free(sorted);
    return TUNNEL_OK;
}
