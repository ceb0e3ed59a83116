/* A set of request ids, kept as 128-bit BLAKE2b hashes (RPC-2 allows a core
 * to store a 128-bit hash of each id instead of the id): 2^20 ids cost 16
 * bytes each plus the table's slack. Open addressing, O(1) membership; the
 * set only grows (a session's ids are never forgotten). Each id carries a
 * byte and a time: what the core did with the request and when (RPC-2). */
#ifndef OPENHUMAN_ID_SET_H
#define OPENHUMAN_ID_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t (*slots)[16];
    uint8_t *occupied;
    uint8_t *values;
    int64_t *times;
    size_t capacity; /* a power of two, or 0 */
    size_t count;
} id_set;

void id_set_init(id_set *set);
bool id_set_contains(const id_set *set, const char *id);
/* Whether id is in the set, and then its value and time. */
bool id_set_find(const id_set *set, const char *id, uint8_t *value, int64_t *time);
/* Adds id (not yet in the set); false when out of memory. */
bool id_set_insert(id_set *set, const char *id, uint8_t value, int64_t time);
void id_set_release(id_set *set);

#endif
