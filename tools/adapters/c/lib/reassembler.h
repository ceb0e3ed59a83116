/* The receiver's side of chunking (CHUNK-4 to CHUNK-7), time as an input.
 *
 * A partial message starts only at its first chunk (seq 0) and holds only
 * the pieces received, each in its own allocation of its exact length
 * (CHUNK-7: nothing is reserved for pieces not yet received, review R3-8).
 * The message's buffer is made, of its exact length, when the last piece
 * arrives. At most 4 partial messages. A rejected chunk leaves every
 * partial message as it was (ENV-6). */
#ifndef OPENHUMAN_REASSEMBLER_H
#define OPENHUMAN_REASSEMBLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "envelope.h"

typedef struct {
    bool in_use;
    char request_id[ENVELOPE_MAX_REQUEST_ID + 1];
    size_t total;
    int64_t deadline;
    uint8_t **pieces; /* one per seq, NULL until received */
    size_t received_count;
    size_t received_bytes;
} partial_message;

typedef struct {
    tunnel_role role;
    partial_message partials[ENVELOPE_MAX_PARTIALS];
} reassembler;

/* Asked before a chunk starts a partial message (RPC-2 at the core, RPC-4
 * at the device): a code refuses it, NULL admits it. */
typedef envelope_status (*reassembler_admit)(void *context, const char *request_id);

typedef struct {
    bool complete;
    /* complete: the envelope and the bytes it was read from (the frame's
     * plaintext, or owned_message when reassembled). */
    envelope envelope;
    const uint8_t *message;
    size_t message_length;
    uint8_t *owned_message;
    /* a chunk kept: */
    char request_id[ENVELOPE_MAX_REQUEST_ID + 1];
    size_t received;
    size_t total;
} reassembly;

void reassembler_init(reassembler *receiver, tunnel_role role);
void reassembler_release(reassembler *receiver);

/* CHUNK-5: discards each partial message whose deadline is before now and
 * writes their ids to expired, sorted by byte value; returns how many. */
size_t reassembler_expire(reassembler *receiver, int64_t now,
                          char expired[ENVELOPE_MAX_PARTIALS][ENVELOPE_MAX_REQUEST_ID + 1]);

bool reassembler_is_reassembling(const reassembler *receiver, const char *request_id);

/* Reads one frame plaintext (which must outlive out). On success release
 * out with reassembly_release. */
envelope_status reassembler_receive(reassembler *receiver, const uint8_t *plaintext, size_t length,
                                    int64_t now, reassembler_admit admit, void *context,
                                    reassembly *out);

void reassembly_release(reassembly *result);

/* now + delta, held at INT64_MAX instead of overflowing. */
int64_t envelope_deadline(int64_t now, int64_t delta);

#endif
