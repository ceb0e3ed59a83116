#include "core_gate.h"

#include <string.h>

/* AUTH-3: in every grant, answered by the layer with {"ok":true}. */
static bool is_ping(const char *method)
{
    return strcmp(method, "openhuman.ping") == 0 || strcmp(method, "core.ping") == 0;
}

static bool contains(const method_set *set, const char *method)
{
    size_t length = strlen(method);
    for (size_t i = 0; i < set->count; i++) {
        if (set->lengths[i] == length && memcmp(set->names[i], method, length) == 0) {
            return true;
        }
    }
    return false;
}

void core_gate_init(core_gate *gate, method_set grant, method_set methods)
{
    gate->grant = grant;
    gate->methods = methods;
    reassembler_init(&gate->chunks, ROLE_CORE);
    id_set_init(&gate->accepted);
    id_set_init(&gate->previous);
    gate->accepted_count = 0;
    gate->granted_at = 0;
}

void core_gate_release(core_gate *gate)
{
    reassembler_release(&gate->chunks);
    id_set_release(&gate->accepted);
    id_set_release(&gate->previous);
}

void core_gate_start_session(core_gate *gate)
{
    id_set_release(&gate->previous);
    gate->previous = gate->accepted;
    id_set_init(&gate->accepted);
    gate->accepted_count = 0;
    reassembler_release(&gate->chunks);
    reassembler_init(&gate->chunks, ROLE_CORE);
}

/* What the core did with id, if it remembers it at now (RPC-2); 0 if not. */
static uint8_t remembered(const core_gate *gate, const char *id, int64_t now)
{
    uint8_t done;
    int64_t at;
    if (id_set_find(&gate->accepted, id, &done, &at)) {
        return done;
    }
    if (id_set_find(&gate->previous, id, &done, &at) &&
        now <= envelope_deadline(at, CORE_RETRY_WINDOW_MS)) {
        return done;
    }
    return 0;
}

/* The admit check of one receive: the step's time in, a remembered id out. */
typedef struct {
    const core_gate *gate;
    int64_t now;
    uint8_t done;
    char request_id[ENVELOPE_MAX_REQUEST_ID + 1];
} admission;

/* RPC-2 before a chunk may start a partial message: a used id buffers
 * nothing and is answered from memory. */
static envelope_status admit(void *context, const char *request_id)
{
    admission *check = context;
    check->done = remembered(check->gate, request_id, check->now);
    if (check->done == 0) {
        return ENVELOPE_OK;
    }
    strncpy(check->request_id, request_id, ENVELOPE_MAX_REQUEST_ID);
    return ENV_DUPLICATE_REQUEST_ID;
}

/* The layer's answer for what it did, the same each time; a dispatched
 * request's duplicate learns duplicate_request_id (RPC-2). */
static envelope_status answer(const char *request_id, uint8_t done, core_decision *out)
{
    const uint8_t *id = (const uint8_t *)request_id;
    size_t id_length = strlen(request_id);
    out->kind = DECISION_REPLY;
    strncpy(out->reply_id, request_id, ENVELOPE_MAX_REQUEST_ID);
    if (done == DONE_PINGED) {
        static const uint8_t PING_RESULT[] = "{\"ok\":true}";
        return envelope_encode_value(id, id_length, KIND_RESPONSE, 0, PING_RESULT,
                                     sizeof PING_RESULT - 1, &out->reply);
    }
    const char *code = done == DONE_NOT_ALLOWED      ? ENV_METHOD_NOT_ALLOWED
                       : done == DONE_UNKNOWN_METHOD ? ENV_UNKNOWN_METHOD
                                                     : ENV_DUPLICATE_REQUEST_ID;
    return envelope_encode_error(id, id_length, (const uint8_t *)code, strlen(code), NULL, 0,
                                 &out->reply);
}

/* RPC-6: the grant first, so a device learns nothing about methods outside
 * it; then the ping; then existence. */
static uint8_t decide(const core_gate *gate, int64_t now, const envelope *request)
{
    /* AUTH-5: a lapsed grant holds only the pings. */
    bool lapsed = now > envelope_deadline(gate->granted_at, ENVELOPE_GRANT_LIFETIME_MS);
    if ((lapsed || !contains(&gate->grant, request->method)) && !is_ping(request->method)) {
        return DONE_NOT_ALLOWED;
    }
    if (is_ping(request->method)) {
        return DONE_PINGED;
    }
    return contains(&gate->methods, request->method) ? DONE_DISPATCHED : DONE_UNKNOWN_METHOD;
}

static envelope_status accept_request(core_gate *gate, int64_t now, core_decision *out)
{
    const envelope *request = &out->received.envelope;
    const char *id = request->request_id;
    /* Only requests pass a core's parser (ENV-6 step 4). */
    uint8_t known = remembered(gate, id, now);
    if (known != 0) {
        return answer(id, known, out);
    }
    if (reassembler_is_reassembling(&gate->chunks, id)) {
        return ENV_DUPLICATE_REQUEST_ID; /* nothing done with it yet: no answer */
    }
    if (gate->accepted_count >= ENVELOPE_MAX_REQUESTS) {
        return ENV_TOO_MANY_REQUESTS;
    }
    uint8_t done = decide(gate, now, request);
    if (!id_set_insert(&gate->accepted, id, done, now)) {
        return ENV_NO_MEMORY;
    }
    gate->accepted_count++;
    if (done == DONE_DISPATCHED) {
        out->kind = DECISION_DISPATCH;
        return ENVELOPE_OK;
    }
    return answer(id, done, out);
}

envelope_status core_gate_receive(core_gate *gate, const uint8_t *plaintext, size_t length,
                                  int64_t now, core_decision *out)
{
    memset(out, 0, sizeof *out);
    byte_buffer_init(&out->reply);
    admission check = {gate, now, 0, {0}};
    envelope_status status = reassembler_receive(&gate->chunks, plaintext, length, now, admit,
                                                 &check, &out->received);
    if (status != ENVELOPE_OK && check.done != 0) {
        status = answer(check.request_id, check.done, out);
        if (status != ENVELOPE_OK) {
            core_decision_release(out);
        }
        return status;
    }
    if (status != ENVELOPE_OK) {
        return status;
    }
    if (!out->received.complete) {
        out->kind = DECISION_PARTIAL;
        return ENVELOPE_OK;
    }
    status = accept_request(gate, now, out);
    if (status != ENVELOPE_OK) {
        core_decision_release(out);
    }
    return status;
}

void core_decision_release(core_decision *decision)
{
    reassembly_release(&decision->received);
    byte_buffer_release(&decision->reply);
}
