#include "byte_buffer.h"

#include <stdio.h>
#include <string.h>

#include "secure_memory.h"

void byte_buffer_init(byte_buffer *buffer)
{
    memset(buffer, 0, sizeof *buffer);
}

uint8_t *byte_buffer_reserve(byte_buffer *buffer, size_t length)
{
    if (buffer->failed) {
        return NULL;
    }
    if (buffer->capacity - buffer->length >= length) {
        return buffer->data + buffer->length;
    }
    size_t wanted = buffer->length + length;
    if (wanted < length) {
        buffer->failed = true;
        return NULL;
    }
    size_t grown = buffer->capacity < 256 ? 256 : buffer->capacity;
    while (grown < wanted && grown <= SIZE_MAX / 2) {
        grown *= 2;
    }
    if (grown < wanted) {
        grown = wanted;
    }
    uint8_t *data = secure_alloc(grown);
    if (data == NULL) {
        buffer->failed = true;
        return NULL;
    }
    if (buffer->length > 0) {
        memcpy(data, buffer->data, buffer->length);
    }
    secure_free(buffer->data);
    buffer->data = data;
    buffer->capacity = grown;
    return data + buffer->length;
}

void byte_buffer_commit(byte_buffer *buffer, size_t length)
{
    buffer->length += length;
}

void byte_buffer_append(byte_buffer *buffer, const void *bytes, size_t length)
{
    uint8_t *out = byte_buffer_reserve(buffer, length);
    if (out != NULL && length > 0) {
        memcpy(out, bytes, length);
        byte_buffer_commit(buffer, length);
    }
}

void byte_buffer_append_text(byte_buffer *buffer, const char *text)
{
    byte_buffer_append(buffer, text, strlen(text));
}

void byte_buffer_append_decimal(byte_buffer *buffer, uint64_t value)
{
    char digits[21];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)value);
    byte_buffer_append(buffer, digits, (size_t)n);
}

void byte_buffer_release(byte_buffer *buffer)
{
    secure_free(buffer->data);
    byte_buffer_init(buffer);
}
