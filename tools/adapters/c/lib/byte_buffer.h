/* A growable byte string for the envelope's sender forms, held in wiped
 * memory (envelopes carry application plaintext, SESS-2). Appends after a
 * failed allocation are ignored and the failure is remembered, so a builder
 * checks once at the end. */
#ifndef OPENHUMAN_BYTE_BUFFER_H
#define OPENHUMAN_BYTE_BUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    bool failed; /* an allocation failed: the content is incomplete */
} byte_buffer;

void byte_buffer_init(byte_buffer *buffer);
void byte_buffer_append(byte_buffer *buffer, const void *bytes, size_t length);
void byte_buffer_append_text(byte_buffer *buffer, const char *text);
/* Appends value as decimal digits (no sign, no leading zero). */
void byte_buffer_append_decimal(byte_buffer *buffer, uint64_t value);
/* Makes room for length more bytes and returns where they go (NULL when
 * out of memory); the caller then adds length with byte_buffer_commit. */
uint8_t *byte_buffer_reserve(byte_buffer *buffer, size_t length);
void byte_buffer_commit(byte_buffer *buffer, size_t length);
void byte_buffer_release(byte_buffer *buffer);

#endif
