#include "session_memory.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#define FIRST_CAPACITY 64u

static const uint8_t ZERO_KEY[SESSION_MEMORY_KEY_LENGTH];

static size_t slot_hash(const uint8_t secret[16], const uint8_t key[SESSION_MEMORY_KEY_LENGTH])
{
    uint8_t digest[crypto_shorthash_BYTES];
    crypto_shorthash(digest, key, SESSION_MEMORY_KEY_LENGTH, secret);
    uint64_t value = 0;
    for (size_t i = 0; i < sizeof digest; i++) {
        value = (value << 8) | digest[i];
    }
    return (size_t)value;
}

/* The slot holding key, or the empty slot where it would go. */
static size_t find_slot(const uint8_t secret[16], uint8_t (*slots)[SESSION_MEMORY_KEY_LENGTH],
                        size_t capacity, const uint8_t key[SESSION_MEMORY_KEY_LENGTH])
{
    size_t mask = capacity - 1;
    size_t index = slot_hash(secret, key) & mask;
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
    randombytes_buf(memory->hash_key, sizeof memory->hash_key);
    return memory->slots != NULL ? TUNNEL_OK : TUNNEL_ERR_NO_MEMORY;
}

void session_memory_release(session_memory *memory)
{
    free(memory->slots);
    memory->slots = NULL;
    memory->capacity = 0;
    memory->count = 0;
    memory->has_zero_key = false;
    sodium_memzero(memory->hash_key, sizeof memory->hash_key);
}

bool session_memory_contains(const session_memory *memory, const uint8_t nonce[24])
{
    if (memcmp(nonce, ZERO_KEY, SESSION_MEMORY_KEY_LENGTH) == 0) {
        return memory->has_zero_key;
    }
    if (memory->slots == NULL) {
        return false;
    }
    size_t index = find_slot(memory->hash_key, memory->slots, memory->capacity, nonce);
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
            size_t index = find_slot(memory->hash_key, slots, capacity, memory->slots[i]);
            memcpy(slots[index], memory->slots[i], SESSION_MEMORY_KEY_LENGTH);
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
    size_t index = find_slot(memory->hash_key, memory->slots, memory->capacity, nonce);
    memcpy(memory->slots[index], nonce, SESSION_MEMORY_KEY_LENGTH);
    memory->count++;
    return TUNNEL_OK;
}
