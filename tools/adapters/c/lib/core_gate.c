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
    gate->accepted_count = 0;
    gate->granted_at = 0;
}

void core_gate_release(core_gate *gate)
{
    reassembler_release(&gate->chunks);
    id_set_release(&gate->accepted);
}

/* RPC-2 before a chunk may start a partial message: a used id buffers
 * nothing. */
static envelope_status admit(void *context, const char *request_id)
{
    const core_gate *gate = context;
    return id_set_contains(&gate->accepted, request_id) ? ENV_DUPLICATE_REQUEST_ID : ENVELOPE_OK;
}

/* RPC-6: the grant first, so a device learns nothing about methods outside
 * it; then the ping; then existence. */
static envelope_status decide(const core_gate *gate, int64_t now, core_decision *out)
{
    const envelope *request = &out->received.envelope;
    const uint8_t *id = (const uint8_t *)request->request_id;
    size_t id_length = strlen(request->request_id);
    const char *refusal = NULL;
    /* AUTH-5: a lapsed grant holds only the pings. */
    bool lapsed = now > envelope_deadline(gate->granted_at, ENVELOPE_GRANT_LIFETIME_MS);
    if ((lapsed || !contains(&gate->grant, request->method)) && !is_ping(request->method)) {
        refusal = ENV_METHOD_NOT_ALLOWED;
    } else if (is_ping(request->method)) {
        static const uint8_t PING_RESULT[] = "{\"ok\":true}";
        out->kind = DECISION_REPLY;
        return envelope_encode_value(id, id_length, KIND_RESPONSE, 0, PING_RESULT,
                                     sizeof PING_RESULT - 1, &out->reply);
    } else if (!contains(&gate->methods, request->method)) {
        refusal = ENV_UNKNOWN_METHOD;
    }
    if (refusal != NULL) {
        out->kind = DECISION_REPLY;
        return envelope_encode_error(id, id_length, (const uint8_t *)refusal, strlen(refusal), NULL,
                                     0, &out->reply);
    }
    out->kind = DECISION_DISPATCH;
    return ENVELOPE_OK;
}

static envelope_status accept_request(core_gate *gate, int64_t now, core_decision *out)
{
    const char *id = out->received.envelope.request_id;
    /* Only requests pass a core's parser (ENV-6 step 4). */
    if (id_set_contains(&gate->accepted, id) || reassembler_is_reassembling(&gate->chunks, id)) {
        return ENV_DUPLICATE_REQUEST_ID;
    }
    if (gate->accepted_count >= ENVELOPE_MAX_REQUESTS) {
        return ENV_TOO_MANY_REQUESTS;
    }
    if (!id_set_insert(&gate->accepted, id)) {
        return ENV_NO_MEMORY;
    }
    gate->accepted_count++;
    return decide(gate, now, out);
}

envelope_status core_gate_receive(core_gate *gate, const uint8_t *plaintext, size_t length,
                                  int64_t now, core_decision *out)
{
    memset(out, 0, sizeof *out);
    byte_buffer_init(&out->reply);
    envelope_status status = reassembler_receive(&gate->chunks, plaintext, length, now, admit, gate,
                                                 &out->received);
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
