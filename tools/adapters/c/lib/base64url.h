/* base64url without padding (RFC 4648 section 5), strict and canonical
 * (ENC-1, ENC-2, ENC-3). Exactly one text is accepted for each byte string:
 * a lenient decoder would let a relay or attacker re-spell a key without
 * the receiver noticing, and two peers could disagree on what they saw. */
#ifndef OPENHUMAN_BASE64URL_H
#define OPENHUMAN_BASE64URL_H

#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

/* Characters the encoder emits for length bytes (no padding). */
size_t base64url_encoded_length(size_t length);

/* Writes base64url_encoded_length(length) characters and a NUL to out. */
void base64url_encode(const uint8_t *bytes, size_t length, char *out);

/* Decodes text strictly. Rejects (bad_base64url): any character outside
 * A-Z a-z 0-9 '-' '_' (so '=', '+', '/', whitespace and NUL too), a length
 * of 1 mod 4, and non-zero unused bits in the last character. out may be
 * NULL to validate only; otherwise it has room for *decoded_length bytes,
 * which is (text_length * 3) / 4. */
tunnel_error base64url_decode(const char *text, size_t text_length, uint8_t *out,
                              size_t *decoded_length);

/* Decodes a key field: strict base64url first (bad_base64url), then exactly
 * 32 bytes (bad_key_length). */
tunnel_error base64url_decode_key(const char *text, size_t text_length, uint8_t out[32]);

#endif
