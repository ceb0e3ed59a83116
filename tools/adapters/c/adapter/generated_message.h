/* The generated test message of kit ADP-61: a response envelope of an exact
 * length whose payload string is lowercase hex of a SHA-256 stream, so a
 * runner and an adapter each build the same 16 MiB message from a 32-byte
 * seed instead of sending it on a line (ADP-2). */
#ifndef OPENHUMAN_GENERATED_MESSAGE_H
#define OPENHUMAN_GENERATED_MESSAGE_H

#include <stddef.h>
#include <stdint.h>

/* The largest length a request may ask for: one above the 16 MiB limit, to
 * test message_too_large. */
#define GENERATED_MESSAGE_MAX_LENGTH (16u * 1024u * 1024u + 1u)

/* The shortest message for an id of id_length bytes: the envelope around
 * an empty filler. */
size_t generated_message_min_length(size_t id_length);

/* {"requestId":"<id>","kind":"response","seq":0,"payload":"<filler>"} of
 * exactly length bytes, the filler being the first characters of
 * hex(SHA-256(seed || uint32_be(0)) || SHA-256(seed || uint32_be(1)) || ...).
 * Returns a secure_alloc buffer, or NULL when length is too short for the
 * envelope around the filler or memory runs out (*no_memory tells which). */
uint8_t *generated_message(const uint8_t *id, size_t id_length, const uint8_t seed[32],
                           size_t length, int *no_memory);

#endif
