/* Reads newline-delimited requests with a hard length cap, so a runaway or
 * hostile input cannot make the adapter allocate without bound. */
#ifndef OPENHUMAN_LINE_READER_H
#define OPENHUMAN_LINE_READER_H

#include <stddef.h>
#include <stdio.h>

/* Largest accepted request line, line feed excluded: the 4 MiB of ADP-2.
 * A longer line is answered with bad_request and skipped. */
#define LINE_READER_MAX_LENGTH ((size_t)4 * 1024 * 1024)

typedef enum {
    LINE_READ,     /* a line is in the buffer (newline stripped) */
    LINE_END,      /* end of input, nothing read */
    LINE_TOO_LONG, /* the line was longer than the cap; it was skipped */
    LINE_NO_MEMORY
} line_status;

typedef struct {
    char *buffer; /* secure_alloc memory, wiped when released */
    size_t capacity;
    size_t length;
} line_reader;

void line_reader_init(line_reader *reader);

/* Reads the next line. A last line without a newline still counts. */
line_status line_reader_next(line_reader *reader, FILE *input);

void line_reader_release(line_reader *reader);

#endif
