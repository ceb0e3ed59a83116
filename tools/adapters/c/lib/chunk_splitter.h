/* CHUNK-1: the frame plaintexts of one message, deterministically. A message
 * of at most 49,111 bytes is its own plaintext; a larger one becomes
 * ceil(n / 36,738) chunks, made one at a time so a sender never holds every
 * chunk of a 16 MiB message at once. */
#ifndef OPENHUMAN_CHUNK_SPLITTER_H
#define OPENHUMAN_CHUNK_SPLITTER_H

#include <stddef.h>
#include <stdint.h>

#include "byte_buffer.h"
#include "envelope_status.h"

/* bad_request_id for an id outside ENV-4, then message_too_large for a
 * message above 16 MiB, else NULL: checked before anything is produced. */
envelope_status chunk_split_check(const uint8_t *id, size_t id_length, size_t message_length);

/* How many plaintexts the message takes (after a successful check). */
size_t chunk_split_count(size_t message_length);

/* Appends plaintext index (below the count) of the checked message to out. */
envelope_status chunk_split_plaintext(const uint8_t *id, size_t id_length, const uint8_t *message,
                                      size_t message_length, size_t index, byte_buffer *out);

#endif
