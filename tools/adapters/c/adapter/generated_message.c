#include "generated_message.h"

#include <sodium.h>
#include <string.h>

#include "secure_memory.h"

static const char PREFIX_HEAD[] = "{\"requestId\":\"";
static const char PREFIX_TAIL[] = "\",\"kind\":\"response\",\"seq\":0,\"payload\":\"";
static const char SUFFIX[] = "\"}";

size_t generated_message_min_length(size_t id_length)
{
    return sizeof PREFIX_HEAD - 1 + id_length + sizeof PREFIX_TAIL - 1 + sizeof SUFFIX - 1;
}

uint8_t *generated_message(const uint8_t *id, size_t id_length, const uint8_t seed[32],
                           size_t length, int *no_memory)
{
    *no_memory = 0;
    if (length < generated_message_min_length(id_length)) {
        return NULL;
    }
    uint8_t *out = secure_alloc(length);
    if (out == NULL) {
        *no_memory = 1;
        return NULL;
    }
    size_t at = 0;
    memcpy(out + at, PREFIX_HEAD, sizeof PREFIX_HEAD - 1);
    at += sizeof PREFIX_HEAD - 1;
    if (id_length > 0) {
        memcpy(out + at, id, id_length);
    }
    at += id_length;
    memcpy(out + at, PREFIX_TAIL, sizeof PREFIX_TAIL - 1);
    at += sizeof PREFIX_TAIL - 1;
    size_t filler_end = length - (sizeof SUFFIX - 1);
    uint8_t block[36];
    memcpy(block, seed, 32);
    for (uint32_t counter = 0; at < filler_end; counter++) {
        uint8_t digest[crypto_hash_sha256_BYTES];
        char hex[2 * crypto_hash_sha256_BYTES + 1];
        block[32] = (uint8_t)(counter >> 24);
        block[33] = (uint8_t)(counter >> 16);
        block[34] = (uint8_t)(counter >> 8);
        block[35] = (uint8_t)counter;
        crypto_hash_sha256(digest, block, sizeof block);
        sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
        size_t take = filler_end - at < 2 * sizeof digest ? filler_end - at : 2 * sizeof digest;
        memcpy(out + at, hex, take);
        at += take;
    }
    memcpy(out + at, SUFFIX, sizeof SUFFIX - 1);
    return out;
}
