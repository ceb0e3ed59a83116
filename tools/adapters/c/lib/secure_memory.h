/* Heap memory that is wiped when freed (SESS-2). Requests carry private
 * keys and plaintexts as hex text, so every buffer that held one is zeroed
 * before it goes back to the allocator (the adapter makes jansson allocate
 * here too: adapter_io.h, secure_memory_install_for_jansson). */
#ifndef OPENHUMAN_SECURE_MEMORY_H
#define OPENHUMAN_SECURE_MEMORY_H

#include <stddef.h>

/* Like malloc (never returns a pointer for 0 bytes that cannot be written:
 * at least one byte is usable). NULL when out of memory. */
void *secure_alloc(size_t length);

/* Wipes the whole block, then frees it. NULL is ignored. */
void secure_free(void *block);

#endif
