/* Standard base64 with padding (RFC 4648 section 4), the text of a chunk's
 * data (CHUNK-3). The decoder accepts exactly one text per byte string: the
 * alphabet A-Z a-z 0-9 + /, a length that is a multiple of 4, '=' only as
 * the padding the length needs, zero unused bits in the last data character.
 * Otherwise two receivers could read different bytes from one chunk. */
#ifndef OPENHUMAN_STANDARD_BASE64_H
#define OPENHUMAN_STANDARD_BASE64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Characters of the padded text of length bytes. */
size_t standard_base64_encoded_length(size_t length);

/* Writes the padded text of bytes (no NUL) to out, which has room for
 * standard_base64_encoded_length(length) + 1 bytes (libsodium writes a NUL). */
void standard_base64_encode(const uint8_t *bytes, size_t length, char *out);

/* Decodes a canonical padded text into out (room for text_length / 4 * 3
 * bytes); false for any other text. */
bool standard_base64_decode(const uint8_t *text, size_t text_length, uint8_t *out,
                            size_t *out_length);

#endif
