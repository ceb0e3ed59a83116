/* The state of one session-v3 request (ADP-130 to ADP-132), shared by its
 * frame steps (operations_session_v3.c: seal, open, openMany) and its
 * message steps (operations_session_v3_messages.c: send, receive,
 * receiveGenerated). */
#ifndef OPENHUMAN_SESSION_V3_STEPS_H
#define OPENHUMAN_SESSION_V3_STEPS_H

#include <jansson.h>
#include <stdint.h>

#include "session_v3.h"
#include "session_v3_records.h"

/* The session, its messages, and the one sender of the other role that
 * seals the frames of every openMany and receiveGenerated step (ADP-131):
 * its key chain starts at the other direction's key of epoch 0, or
 * receiveState's key at H's epoch, and only moves forward, since its
 * counters increase (checked before any step runs), at most 8 epochs from
 * one frame to the next. */
typedef struct {
    session_v3 session;
    session_v3_fragmenter fragmenter;
    session_v3_reassembly reassembly;
    uint64_t peer_epoch; /* the epoch of peer_key */
    uint8_t peer_key[SESSION_V3_KEY_LENGTH];
    uint64_t peer_first; /* the other role's first counter, or H + 1 */
    uint64_t peer_next;  /* receiveGenerated's first counter */
    session_v3_fragmenter peer_fragmenter;
} session_v3_steps;

/* The other role's key of epoch, into key: the chain moved forward to it. */
void session_v3_peer_key(session_v3_steps *context, uint64_t epoch,
                         uint8_t key[SESSION_V3_KEY_LENGTH]);

/* The number of frames a receiveGenerated step g makes the peer seal: 0
 * for a message above 16 MiB (the sender refuses it), else its records.
 * bad_request when g is not ADP-61's generated message. */
const char *session_v3_generated_frames(const json_t *generated, uint64_t *frames);

/* {message | generated, now} -> {frames: [hex...]} or {frames: n, sha256} */
const char *session_v3_run_send(session_v3_steps *context, const json_t *body, json_t *out);

/* {frame} -> {message: {length, sha256} | null} */
const char *session_v3_run_receive(session_v3_steps *context, const json_t *body, json_t *out);

/* g -> {frames: n, message} or {frames: k, error} */
const char *session_v3_run_receive_generated(session_v3_steps *context, const json_t *generated,
                                             json_t *out);

#endif
