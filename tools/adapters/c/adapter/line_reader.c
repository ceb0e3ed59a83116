#include "line_reader.h"

#include <sodium.h>
#include <string.h>

#include "secure_memory.h"

void line_reader_init(line_reader *reader)
{
    reader->buffer = NULL;
    reader->capacity = 0;
    reader->length = 0;
}

/* Doubles the buffer; old contents move and the old block is wiped. */
static int grow(line_reader *reader)
{
    size_t capacity = reader->capacity == 0 ? 4096 : reader->capacity * 2;
    if (capacity > LINE_READER_MAX_LENGTH + 1) {
        capacity = LINE_READER_MAX_LENGTH + 1;
    }
    char *buffer = secure_alloc(capacity);
    if (buffer == NULL) {
        return 0;
    }
    if (reader->length > 0) {
        memcpy(buffer, reader->buffer, reader->length);
    }
    secure_free(reader->buffer);
    reader->buffer = buffer;
    reader->capacity = capacity;
    return 1;
}

static void skip_rest_of_line(FILE *input)
{
    int c;
    do {
        c = getc(input);
    } while (c != EOF && c != '\n');
}

line_status line_reader_next(line_reader *reader, FILE *input)
{
    if (reader->length > 0) {
        sodium_memzero(reader->buffer, reader->length); /* the previous request */
    }
    reader->length = 0;
    int c = getc(input);
    if (c == EOF) {
        return LINE_END;
    }
    while (c != EOF && c != '\n') {
        if (reader->length == LINE_READER_MAX_LENGTH) {
            skip_rest_of_line(input);
            sodium_memzero(reader->buffer, reader->length);
            reader->length = 0;
            return LINE_TOO_LONG;
        }
        if (reader->length + 1 >= reader->capacity && !grow(reader)) {
            skip_rest_of_line(input);
            reader->length = 0;
            return LINE_NO_MEMORY;
        }
        reader->buffer[reader->length++] = (char)c;
        c = getc(input);
    }
    return LINE_READ;
}

void line_reader_release(line_reader *reader)
{
    secure_free(reader->buffer);
    line_reader_init(reader);
}
