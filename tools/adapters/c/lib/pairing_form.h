/* The form encoding of the payload's names and values, the same in every
 * version: WHATWG URLSearchParams' serialization for the producer (QR-ENC-2)
 * and its decoding, made strict, for the consumer (QR-PARSE-10, QR-PARSE-11). */
#ifndef OPENHUMAN_PAIRING_FORM_H
#define OPENHUMAN_PAIRING_FORM_H

#include <stddef.h>
#include <stdint.h>

#include "pairing_payload.h"

/* The length of value once encoded, so a producer can refuse a payload that
 * is too long before it writes a byte (QR-ENC-11). */
size_t pairing_form_encoded_length(byte_view value);

/* QR-ENC-2: ASCII alphanumerics and "*-._" stand for themselves, space is
 * "+", every other byte "%" and two uppercase hex digits. Returns the end of
 * what it wrote. */
uint8_t *pairing_form_encode(byte_view value, uint8_t *out);

/* QR-PARSE-10 and 11: decodes text in one pass into out ("+" is a space,
 * "%" and two hex digits of either case a byte, qr_bad_percent_encoding for
 * any other "%"), then requires UTF-8 (qr_bad_utf8). The decoded form is
 * never longer than the text, so out needs room for length bytes; *value
 * points into out. */
pairing_error pairing_form_decode(const uint8_t *text, size_t length, uint8_t *out,
                                  byte_view *value);

#endif
