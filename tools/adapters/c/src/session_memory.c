#include "session_memory.h"

#include <stdlib.h>
#include <string.h>

#define FIRST_CAPACITY 64u

static const uint8_t ZERO_KEY[SESSION_MEMORY_KEY_LENGTH];

static uint64_t load_u64(const uint8_t *bytes)
{
    uint64_t value = 0;
    for (size_t i = 0; i < 8; i++) {
        value = (value << 8) | bytes[i];
    }
    return value;
}

/* Both halves through a 64-bit finaliser (MurmurHash3's fmix64 constants):
 * every key bit affects every bit of the slot index. */
static uint64_t hash_key(const uint8_t key[SESSION_MEMORY_KEY_LENGTH])
{
    uint64_t h = load_u64(key) ^ (load_u64(key + 8) * 0x9e3779b97f4a7c15u);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53u;
    h ^= h >> 33;
    return h;
}

/* The slot holding key, or the empty slot where it would go. */
static size_t find_slot(uint8_t (*slots)[SESSION_MEMORY_KEY_LENGTH], size_t capacity,
                        const uint8_t key[SESSION_MEMORY_KEY_LENGTH])
{
    size_t mask = capacity - 1;
    size_t index = (size_t)hash_key(key) & mask;
    while (memcmp(slots[index], ZERO_KEY, SESSION_MEMORY_KEY_LENGTH) != 0 &&
           memcmp(slots[index], key, SESSION_MEMORY_KEY_LENGTH) != 0) {
        index = (index + 1) & mask;
    }
    return index;
}

tunnel_error session_memory_init(session_memory *memory)
{
    memory->slots = calloc(FIRST_CAPACITY, SESSION_MEMORY_KEY_LENGTH);
    memory->capacity = memory->slots != NULL ? FIRST_CAPACITY : 0;
    memory->count = 0;
    memory->has_zero_key = false;
    return memory->slots != NULL ? TUNNEL_OK : TUNNEL_ERR_NO_MEMORY;
}

void session_memory_release(session_memory *memory)
{
    free(memory->slots);
    memory->slots = NULL;
    memory->capacity = 0;
    memory->count = 0;
    memory->has_zero_key = false;
}

bool session_memory_contains(const session_memory *memory, const uint8_t nonce[24])
{
    if (memcmp(nonce, ZERO_KEY, SESSION_MEMORY_KEY_LENGTH) == 0) {
        return memory->has_zero_key;
    }
    if (memory->slots == NULL) {
        return false;
    }
    size_t index = find_slot(memory->slots, memory->capacity, nonce);
    return memcmp(memory->slots[index], ZERO_KEY, SESSION_MEMORY_KEY_LENGTH) != 0;
}

/* Moves every key into a table twice as large. */
static tunnel_error grow(session_memory *memory)
{
    if (memory->capacity > SIZE_MAX / 2 / SESSION_MEMORY_KEY_LENGTH) {
        return TUNNEL_ERR_NO_MEMORY;
    }
    size_t capacity = memory->capacity * 2;
    uint8_t(*slots)[SESSION_MEMORY_KEY_LENGTH] = calloc(capacity, SESSION_MEMORY_KEY_LENGTH);
    if (slots == NULL) {
        return TUNNEL_ERR_NO_MEMORY;
    }
    for (size_t i = 0; i < memory->capacity; i++) {
        if (memcmp(memory->slots[i], ZERO_KEY, SESSION_MEMORY_KEY_LENGTH) != 0) {
            memcpy(slots[find_slot(slots, capacity, memory->slots[i])], memory->slots[i],
                   SESSION_MEMORY_KEY_LENGTH);
        }
    }
    free(memory->slots);
    memory->slots = slots;
    memory->capacity = capacity;
    return TUNNEL_OK;
}

tunnel_error session_memory_record(session_memory *memory, const uint8_t nonce[24])
{
    if (memory->slots == NULL) {
        return TUNNEL_ERR_NO_MEMORY;
    }
    if (session_memory_contains(memory, nonce)) {
        return TUNNEL_OK;
    }
    if (memcmp(nonce, ZERO_KEY, SESSION_MEMORY_KEY_LENGTH) == 0) {
        memory->has_zero_key = true;
        memory->count++;
        return TUNNEL_OK;
    }
    /* Never more than half full, so probes stay short and always end. */
    if (2 * (memory->count + 1) > memory->capacity) {
        tunnel_error error = grow(memory);
        if (error != TUNNEL_OK) {
            return error;
        }
    }
    memcpy(memory->slots[find_slot(memory->slots, memory->capacity, nonce)], nonce,
           SESSION_MEMORY_KEY_LENGTH);
    memory->count++;
    return TUNNEL_OK;
}
