/* Well-formed UTF-8 as RFC 3629 defines it: no overlong forms, no encoded
 * UTF-16 surrogates (U+D800..U+DFFF), nothing above U+10FFFF, no stray
 * continuation bytes, no truncated sequences. Both the handshake JSON
 * (JSON-1) and the pairing payload (QR-PARSE-11) require exactly this. */
#ifndef OPENHUMAN_UTF8_H
#define OPENHUMAN_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Length (1 to 4) of the well-formed sequence at the start of bytes, which
 * has available > 0 bytes; 0 when it does not start with one. */
size_t utf8_sequence_length(const uint8_t *bytes, size_t available);

bool utf8_is_valid(const uint8_t *bytes, size_t length);

/* Writes a Unicode scalar value (not a surrogate, at most U+10FFFF) as
 * UTF-8 to out (room for 4 bytes) and returns the number of bytes. */
size_t utf8_encode(uint32_t code_point, uint8_t *out);

#endif
