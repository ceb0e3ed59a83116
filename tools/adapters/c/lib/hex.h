/* Lowercase hexadecimal, the binary notation of vectors and the adapter
 * protocol. The decoder is strict (only [0-9a-f], even length) so that two
 * spellings of one byte string can never both be accepted. */
#ifndef OPENHUMAN_HEX_H
#define OPENHUMAN_HEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes 2*length lowercase characters and a NUL to out. */
void hex_encode(const uint8_t *bytes, size_t length, char *out);

/* The value of one hex digit of either case (RFC 3986 percent-encoding and
 * JSON \u escapes allow both), or -1. */
int hex_digit_value(uint8_t c);

/* Decodes text of text_length characters into out (capacity text_length/2).
 * Returns false for odd length or any character outside [0-9a-f]. */
bool hex_decode(const char *text, size_t text_length, uint8_t *out);

#endif
