/* Version 3's padding of session frame content (V3-PAD-1, V3-PAD-2): the
 * content with its length, zero-padded to one of twelve sizes, so the relay
 * sees a size class instead of the exact length (F-16, R3-7).
 *
 *   padded = uint16_be(n) || content || zero bytes, len(padded) a bucket */
#ifndef OPENHUMAN_SESSION_V3_PADDING_H
#define OPENHUMAN_SESSION_V3_PADDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

/* The largest bucket: a full frame of 49,152 bytes (SIZE-1) less its type,
 * counter and tag (25 bytes). */
#define SESSION_V3_MAX_PADDED 49127u
/* The most content one frame carries: the largest bucket less the length field. */
#define SESSION_V3_MAX_CONTENT (SESSION_V3_MAX_PADDED - 2u)
#define SESSION_V3_MIN_PADDED 32u

/* True when length is one of the twelve buckets (32, 64, ..., 32,768, 49,127). */
bool session_v3_is_bucket(size_t length);

/* The smallest bucket that holds content_length + 2 bytes; content_length
 * at most SESSION_V3_MAX_CONTENT (the caller's check). */
size_t session_v3_padded_length(size_t content_length);

/* Writes the padded form of content into padded
 * (session_v3_padded_length(content_length) bytes). */
void session_v3_pad(const uint8_t *content, size_t content_length, uint8_t *padded);

/* V3-PAD-2 on an opened plaintext: its length field at most length - 2 and
 * every byte after the content zero, else bad_padding. On success *content
 * points into padded and *content_length is n. A larger bucket than the
 * smallest is accepted (a sender may hide a size class). */
tunnel_error session_v3_unpad(const uint8_t *padded, size_t length, const uint8_t **content,
                              size_t *content_length);

#endif
