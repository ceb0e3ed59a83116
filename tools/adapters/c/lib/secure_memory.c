#include "secure_memory.h"

#include <sodium.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Each block starts with a header holding its usable length; the header is
 * a max_align_t so the user part stays aligned for any type. */
typedef union {
    size_t length;
    max_align_t alignment;
} block_header;

void *secure_alloc(size_t length)
{
    if (length == 0) {
        length = 1;
    }
    if (length > SIZE_MAX - sizeof(block_header)) {
        return NULL;
    }
    block_header *header = malloc(sizeof(block_header) + length);
    if (header == NULL) {
        return NULL;
    }
    header->length = length;
    return header + 1;
}

void secure_free(void *block)
{
    if (block == NULL) {
        return;
    }
    block_header *header = (block_header *)block - 1;
    sodium_memzero(header, sizeof(block_header) + header->length);
    free(header);
}
