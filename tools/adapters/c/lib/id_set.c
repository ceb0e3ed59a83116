#include "id_set.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

void id_set_init(id_set *set)
{
    memset(set, 0, sizeof *set);
}

static void hash_id(const char *id, uint8_t hash[16])
{
    crypto_generichash(hash, 16, (const unsigned char *)id, strlen(id), NULL, 0);
}

static size_t slot_of(const uint8_t hash[16], size_t capacity)
{
    uint64_t start;
    memcpy(&start, hash, sizeof start);
    return (size_t)(start & (capacity - 1));
}

/* The slot holding hash, or the empty slot where it would go. */
static size_t probe(const id_set *set, const uint8_t hash[16])
{
    size_t slot = slot_of(hash, set->capacity);
    while (set->occupied[slot] && memcmp(set->slots[slot], hash, 16) != 0) {
        slot = (slot + 1) & (set->capacity - 1);
    }
    return slot;
}

bool id_set_find(const id_set *set, const char *id, uint8_t *value, int64_t *time)
{
    if (set->count == 0) {
        return false;
    }
    uint8_t hash[16];
    hash_id(id, hash);
    size_t slot = probe(set, hash);
    if (!set->occupied[slot]) {
        return false;
    }
    *value = set->values[slot];
    *time = set->times[slot];
    return true;
}

bool id_set_contains(const id_set *set, const char *id)
{
    uint8_t value;
    int64_t time;
    return id_set_find(set, id, &value, &time);
}

static bool grow(id_set *set)
{
    size_t capacity = set->capacity == 0 ? 64 : 2 * set->capacity;
    id_set bigger = {calloc(capacity, 16),
                     calloc(capacity, 1),
                     calloc(capacity, 1),
                     calloc(capacity, sizeof(int64_t)),
                     capacity,
                     0};
    if (bigger.slots == NULL || bigger.occupied == NULL || bigger.values == NULL ||
        bigger.times == NULL) {
        id_set_release(&bigger);
        return false;
    }
    for (size_t i = 0; i < set->capacity; i++) {
        if (set->occupied[i]) {
            size_t slot = probe(&bigger, set->slots[i]);
            memcpy(bigger.slots[slot], set->slots[i], 16);
            bigger.occupied[slot] = 1;
            bigger.values[slot] = set->values[i];
            bigger.times[slot] = set->times[i];
            bigger.count++;
        }
    }
    id_set_release(set);
    *set = bigger;
    return true;
}

bool id_set_insert(id_set *set, const char *id, uint8_t value, int64_t time)
{
    if (2 * (set->count + 1) > set->capacity && !grow(set)) {
        return false;
    }
    uint8_t hash[16];
    hash_id(id, hash);
    size_t slot = probe(set, hash);
    memcpy(set->slots[slot], hash, 16);
    set->occupied[slot] = 1;
    set->values[slot] = value;
    set->times[slot] = time;
    set->count++;
    return true;
}

void id_set_release(id_set *set)
{
    free(set->slots);
    free(set->occupied);
    free(set->values);
    free(set->times);
    memset(set, 0, sizeof *set);
}
