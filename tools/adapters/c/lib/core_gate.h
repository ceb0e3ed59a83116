/* The core's side of the envelope layer for one channel: reassembly, the
 * request-id memory of RPC-2 (the current session's, and the previous
 * session's for the retry window) and the dispatch decision of RPC-6 under
 * the device's grant (AUTH-1 to AUTH-5). A remembered id is never
 * dispatched again: it is answered from what the core did (RPC-2).
 *
 * It decides; it does not run methods. The ping and every refusal the layer
 * answers itself, so a method outside the grant never reaches application
 * code. */
#ifndef OPENHUMAN_CORE_GATE_H
#define OPENHUMAN_CORE_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "byte_buffer.h"
#include "id_set.h"
#include "reassembler.h"

/* Method names, compared exactly (borrowed, not NUL-terminated). */
typedef struct {
    const char *const *names;
    const size_t *lengths;
    size_t count;
} method_set;

typedef struct {
    method_set grant;   /* the device's grant (AUTH-1) */
    method_set methods; /* what the core implements */
    reassembler chunks;
    id_set accepted; /* every request id accepted in the session, with its done_kind */
    id_set previous; /* the previous session's, kept CORE_RETRY_WINDOW_MS */
    /* requests counted against RPC-2's bound: the ids above plus any the
     * session accepted before this gate saw it (ADP-66) */
    size_t accepted_count;
    /* when the user last granted the grant at the desktop, on the now clock:
     * beyond the pings it lapses ENVELOPE_GRANT_LIFETIME_MS later (AUTH-5) */
    int64_t granted_at;
} core_gate;

/* RPC-2: how long a request of the previous session is remembered. */
#define CORE_RETRY_WINDOW_MS INT64_C(600000)

/* What the core did with an accepted request (RPC-2). */
typedef enum {
    DONE_PINGED = 1,
    DONE_NOT_ALLOWED,
    DONE_UNKNOWN_METHOD,
    DONE_DISPATCHED
} done_kind;

typedef enum {
    DECISION_DISPATCH, /* RPC-6 step 4: received.envelope's method runs */
    DECISION_REPLY,    /* the layer answers at once with reply (one message) */
    DECISION_PARTIAL   /* a chunk was kept (received.request_id ...) */
} decision_kind;

typedef struct {
    decision_kind kind;
    reassembly received;
    byte_buffer reply;                          /* the answer's message, before CHUNK-1 splits it */
    char reply_id[ENVELOPE_MAX_REQUEST_ID + 1]; /* the request id reply answers */
} core_decision;

void core_gate_init(core_gate *gate, method_set grant, method_set methods);
void core_gate_release(core_gate *gate);

/* A new session of the channel (SESS-1): the current session's ids become
 * the previous session's, the count and the partial messages end. */
void core_gate_start_session(core_gate *gate);

/* One frame plaintext (which must outlive out). On success release out with
 * core_decision_release. */
envelope_status core_gate_receive(core_gate *gate, const uint8_t *plaintext, size_t length,
                                  int64_t now, core_decision *out);

void core_decision_release(core_decision *decision);

#endif
