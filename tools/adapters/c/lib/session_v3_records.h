/* The records of version 3 session frames (14.6, V3-FRAG-1 to V3-FRAG-3):
 * every frame's content is a whole message or one binary fragment of a
 * message of up to 16 MiB.
 *
 *   whole    = 0x00 || message                                  (0 to 49,124 bytes)
 *   fragment = 0x01 || uint32_be(id) || uint32_be(offset) || uint32_be(total) || data
 *                                                               (1 to 49,112 bytes of data)
 *
 * The sender (session_v3_outgoing) seals a message's records at its next
 * counters, all or none. The receiver (session_v3_receive) checks each
 * frame's record before the frame is accepted, so a refused record leaves
 * the receiver and its partial messages exactly as they were (ERR-1); it
 * holds at most 4 partial messages, each as the list of the pieces received
 * (no buffer of `total` before the last piece, R3-8). */
#ifndef OPENHUMAN_SESSION_V3_RECORDS_H
#define OPENHUMAN_SESSION_V3_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session_v3.h"
#include "tunnel_error.h"

#define SESSION_V3_RECORD_WHOLE 0x00u
#define SESSION_V3_RECORD_FRAGMENT 0x01u
#define SESSION_V3_FRAGMENT_HEADER 13u /* kind, id, offset, total */
/* The largest message sent whole: one record fills a frame. */
#define SESSION_V3_MAX_WHOLE (SESSION_V3_MAX_CONTENT - 1u)
/* The data of a full fragment. */
#define SESSION_V3_FRAGMENT_DATA (SESSION_V3_MAX_CONTENT - SESSION_V3_FRAGMENT_HEADER)
#define SESSION_V3_MAX_MESSAGE (16u * 1024u * 1024u)
#define SESSION_V3_MAX_PARTIALS 4u

/* --- sender (V3-FRAG-1) --------------------------------------------------------------------- */

/* The number of records of a message of length bytes (at most
 * SESSION_V3_MAX_MESSAGE): 1 up to 49,124 bytes, else ceil(length / 49,112). */
size_t session_v3_record_count(size_t length);

/* A sender's count of the messages it fragmented in the session: the next id. */
typedef struct {
    uint32_t next_id;
} session_v3_fragmenter;

/* One message on its way out: its records, built one at a time. */
typedef struct {
    const uint8_t *message; /* the caller's, alive until the last record */
    size_t length;
    uint32_t id; /* its fragments' id (unused for a whole record) */
    size_t count;
    size_t next; /* the next record's index */
} session_v3_outgoing;

/* The records of message, of length bytes, without sealing: message_too_large
 * above 16 MiB; a fragmented message takes the fragmenter's next id (which
 * moves on, modulo 2^32). */
tunnel_error session_v3_outgoing_begin(session_v3_fragmenter *fragmenter, const uint8_t *message,
                                       size_t length, session_v3_outgoing *outgoing);

/* Writes record index (below outgoing->count) into record (room for
 * SESSION_V3_MAX_CONTENT bytes) and returns its length. */
size_t session_v3_outgoing_record(const session_v3_outgoing *outgoing, size_t index,
                                  uint8_t *record);

/* The sender's V3-FRAG-1: message_too_large above 16 MiB, then
 * session_exhausted when the sender cannot seal every record at now; both
 * before anything is sealed, with nothing changed. On success the message's
 * records are sealed by session_v3_send_next, in order. */
tunnel_error session_v3_send_begin(const session_v3_sender *sender,
                                   session_v3_fragmenter *fragmenter, const uint8_t *message,
                                   size_t length, uint64_t now, session_v3_outgoing *outgoing);

/* Seals the next record (outgoing->next below outgoing->count) into frame
 * (room for SESSION_V3_MAX_FRAME bytes) at now; session_v3_send_begin
 * checked that it can. */
tunnel_error session_v3_send_next(session_v3_sender *sender, session_v3_outgoing *outgoing,
                                  uint64_t now, uint8_t *frame, size_t *frame_length);

/* --- receiver (V3-FRAG-2, V3-FRAG-3) ------------------------------------------------------------
 */

typedef struct session_v3_piece session_v3_piece;

/* A partial message: the pieces of the fragments received, in order. */
typedef struct {
    bool used;
    uint32_t id;
    uint32_t total;
    uint32_t held; /* bytes received */
    session_v3_piece *first;
    session_v3_piece *last;
} session_v3_partial;

typedef struct {
    session_v3_partial partials[SESSION_V3_MAX_PARTIALS];
} session_v3_reassembly;

void session_v3_reassembly_init(session_v3_reassembly *reassembly);

/* Wipes and frees every partial message (the session's end). */
void session_v3_reassembly_wipe(session_v3_reassembly *reassembly);

/* Receives a frame: V3-FRAME-2's steps 1 to 5, V3-FRAG-2's checks of its
 * record, then the frame is accepted (V3-FRAME-2 step 6) and the record
 * taken. A message delivered is *message (a secure_alloc buffer the caller
 * frees) of *message_length bytes; a fragment kept leaves *message NULL.
 * A refusal changes nothing; so does TUNNEL_ERR_NO_MEMORY. */
tunnel_error session_v3_receive(session_v3_receiver *receiver, session_v3_reassembly *reassembly,
                                const uint8_t *frame, size_t frame_length, uint8_t **message,
                                size_t *message_length);

#endif
