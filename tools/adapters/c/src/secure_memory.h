/* Heap memory that is wiped when freed (SESS-2). Requests carry private
 * keys and plaintexts as hex text, so every buffer that held one - ours and
 * jansson's - is zeroed before it goes back to the allocator. */
#ifndef OPENHUMAN_SECURE_MEMORY_H
#define OPENHUMAN_SECURE_MEMORY_H

#include <stddef.h>

/* Like malloc (never returns a pointer for 0 bytes that cannot be written:
 * at least one byte is usable). NULL when out of memory. */
void *secure_alloc(size_t length);

/* Wipes the whole block, then frees it. NULL is ignored. */
void secure_free(void *block);

/* Makes jansson allocate through secure_alloc / secure_free. Call once,
 * before any jansson use. */
void secure_memory_install_for_jansson(void);

#endif
