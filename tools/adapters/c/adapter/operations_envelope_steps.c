/* The envelope operations that run steps against one receiver (kit section
 * 2.5, ADP-62 to ADP-64): envelope-reassemble, envelope-core and
 * envelope-device. A protocol error is that step's result and the next step
 * runs; an unreadable step fails the whole request (bad_request). */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "adapter_io.h"
#include "chunk_splitter.h"
#include "core_gate.h"
#include "device_requests.h"
#include "envelope_io.h"
#include "operations.h"
#include "reassembler.h"
#include "secure_memory.h"
#include "steps.h"

/* The last generated message of the request, so the 457 splitOf steps of a
 * 16 MiB message build it once; one at a time keeps memory to one message. */
typedef struct {
    char *request_id;
    uint8_t seed[32];
    size_t length;
    uint8_t *message;
} message_cache;

static void cache_release(message_cache *cache)
{
    free(cache->request_id);
    secure_free(cache->message);
    memset(cache, 0, sizeof *cache);
}

static const char *cached_generated(const json_t *split, message_cache *cache)
{
    const json_t *id = json_object_get(split, "requestId");
    const json_t *generated = json_object_get(split, "generated");
    uint8_t seed[32];
    uint64_t length;
    if (!json_is_string(id) || !json_is_object(generated) ||
        input_fixed(generated, "seed", seed, sizeof seed) != NULL ||
        input_integer(generated, "length", JSON_SAFE_INTEGER_MAX, &length) != NULL) {
        return ADAPTER_BAD_REQUEST;
    }
    if (cache->message != NULL && strcmp(cache->request_id, json_string_value(id)) == 0 &&
        strlen(cache->request_id) == json_string_length(id) &&
        memcmp(cache->seed, seed, sizeof seed) == 0 && cache->length == length) {
        return NULL;
    }
    cache_release(cache);
    cache->request_id = malloc(json_string_length(id) + 1);
    if (cache->request_id == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    memcpy(cache->request_id, json_string_value(id), json_string_length(id) + 1);
    memcpy(cache->seed, seed, sizeof seed);
    return input_generated(generated, id, &cache->message, &cache->length);
}

/* The plaintext of a step: "plaintext" in hex, or "splitOf" {requestId,
 * generated, index}: that plaintext of the adapter's own split (ADP-62).
 * A split refusal is the step's protocol result (*status). */
static const char *step_plaintext(const json_t *step, message_cache *cache, byte_buffer *out,
                                  envelope_status *status)
{
    *status = ENVELOPE_OK;
    const json_t *split = json_object_get(step, "splitOf");
    if (split == NULL) {
        uint8_t *bytes = NULL;
        size_t length = 0;
        const char *error = input_bytes(step, "plaintext", &bytes, &length);
        if (error == NULL) {
            byte_buffer_append(out, bytes, length);
            error = out->failed ? ADAPTER_INTERNAL_ERROR : NULL;
        }
        secure_free(bytes);
        return error;
    }
    uint64_t index;
    const char *error = json_is_object(split) ? cached_generated(split, cache)
                                              : ADAPTER_BAD_REQUEST;
    if (error == NULL) {
        error = input_integer(split, "index", JSON_SAFE_INTEGER_MAX, &index);
    }
    if (error != NULL) {
        return error;
    }
    const uint8_t *id = (const uint8_t *)cache->request_id;
    size_t id_length = strlen(cache->request_id);
    *status = chunk_split_check(id, id_length, cache->length);
    if (*status != ENVELOPE_OK) {
        return NULL;
    }
    if (index >= chunk_split_count(cache->length)) {
        return ADAPTER_BAD_REQUEST; /* beyond the split */
    }
    *status = chunk_split_plaintext(id, id_length, cache->message, cache->length, (size_t)index,
                                    out);
    return NULL;
}

/* What a reassemble, core or device step does with its plaintext. */
typedef const char *(*step_handler)(void *receiver, const uint8_t *plaintext, size_t length,
                                    int64_t now, json_t *result, envelope_status *status);

static const char *set_error(json_t *result, envelope_status status)
{
    if (strcmp(status, ENV_NO_MEMORY) == 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return steps_set_error(result, status);
}

/* What a pingMany or newSession step does (envelope-core only, ADP-65,
 * ADP-68), given the whole step; NULL where the operation has no such step. */
typedef const char *(*many_handler)(void *receiver, const json_t *many, int64_t now,
                                    json_t *result);

/* One receiver's steps: its reassembler (chunks), what a step does with its
 * plaintext, and with a pingMany (NULL where the operation has none). */
typedef struct {
    reassembler *chunks;
    void *receiver;
    step_handler handler;
    many_handler many;
    message_cache cache;
} receiver_steps;

/* Runs one step {plaintext | splitOf, now}, or {pingMany, now} where many is
 * given, against the receiver: expiry first (CHUNK-5), then the handler. */
static const char *receiver_step(void *context, const json_t *step, json_t *result)
{
    receiver_steps *steps = context;
    int64_t now;
    byte_buffer plaintext;
    byte_buffer_init(&plaintext);
    envelope_status status = ENVELOPE_OK;
    const char *error = json_is_object(step) ? NULL : ADAPTER_BAD_REQUEST;
    if (error == NULL) {
        error = input_natural(step, "now", &now);
    }
    const json_t *ping_many = steps->many != NULL && error == NULL &&
                                      (json_object_get(step, "pingMany") != NULL ||
                                       json_object_get(step, "newSession") != NULL)
                                  ? step
                                  : NULL;
    if (error == NULL && ping_many == NULL) {
        error = step_plaintext(step, &steps->cache, &plaintext, &status);
    }
    if (error == NULL) {
        char expired[ENVELOPE_MAX_PARTIALS][ENVELOPE_MAX_REQUEST_ID + 1];
        size_t count = reassembler_expire(steps->chunks, now, expired);
        error = output_ids(result, "expired", (const char(*)[ENVELOPE_MAX_REQUEST_ID + 1]) expired,
                           count);
    }
    if (error == NULL && ping_many != NULL) {
        error = steps->many(steps->receiver, ping_many, now, result);
    } else if (error == NULL && status == ENVELOPE_OK) {
        error = steps->handler(steps->receiver, plaintext.data, plaintext.length, now, result,
                               &status);
    }
    if (error == NULL && status != ENVELOPE_OK) {
        error = set_error(result, status);
    }
    byte_buffer_release(&plaintext);
    return error;
}

/* Runs the input's steps against one receiver (see receiver_step). */
static const char *run_steps(const json_t *input, json_t *output, reassembler *chunks,
                             void *receiver, step_handler handler, many_handler many)
{
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error != NULL) {
        return error;
    }
    receiver_steps context = {chunks, receiver, handler, many, {0}};
    error = steps_run(steps, output, receiver_step, &context);
    cache_release(&context.cache);
    return error;
}

/* --- envelope-reassemble (ADP-62) --- */

typedef struct {
    reassembler chunks;
    bool digest;
} reassemble_receiver;

static const char *reassemble_step(void *receiver, const uint8_t *plaintext, size_t length,
                                   int64_t now, json_t *result, envelope_status *status)
{
    reassemble_receiver *self = receiver;
    reassembly received;
    *status = reassembler_receive(&self->chunks, plaintext, length, now, NULL, NULL, &received);
    if (*status != ENVELOPE_OK) {
        return NULL;
    }
    const char *error = NULL;
    if (!received.complete) {
        error = output_partial(result, &received);
    } else if (self->digest) {
        uint8_t digest[crypto_hash_sha256_BYTES];
        crypto_hash_sha256(digest, received.message, received.message_length);
        if (json_object_set_new(result, "length",
                                json_integer((json_int_t)received.message_length)) != 0 ||
            !output_set_hex(result, "sha256", digest, sizeof digest)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    } else if (!output_set_hex(result, "message", received.message, received.message_length)) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    reassembly_release(&received);
    return error;
}

const char *op_envelope_reassemble(const json_t *input, json_t *output)
{
    reassemble_receiver receiver;
    tunnel_role role;
    const char *error = input_role(input, &role);
    if (error == NULL) {
        error = input_optional_bool(input, "digest", &receiver.digest);
    }
    if (error != NULL) {
        return error;
    }
    reassembler_init(&receiver.chunks, role);
    error = run_steps(input, output, &receiver.chunks, &receiver, reassemble_step, NULL);
    reassembler_release(&receiver.chunks);
    return error;
}

/* --- envelope-core (ADP-63) --- */

static const char *core_step(void *receiver, const uint8_t *plaintext, size_t length, int64_t now,
                             json_t *result, envelope_status *status)
{
    core_gate *gate = receiver;
    core_decision decision;
    *status = core_gate_receive(gate, plaintext, length, now, &decision);
    if (*status != ENVELOPE_OK) {
        return NULL;
    }
    const char *error = NULL;
    const envelope *request = &decision.received.envelope;
    if (decision.kind == DECISION_PARTIAL) {
        error = output_partial(result, &decision.received);
    } else if (decision.kind == DECISION_REPLY) {
        error = output_split(result, "reply", decision.reply_id, decision.reply.data,
                             decision.reply.length);
    } else {
        json_t *dispatch = json_pack("{s:s,s:s,s:b}", "requestId", request->request_id, "method",
                                     request->method, "stream", request->stream);
        error = dispatch == NULL || json_object_set_new(result, "dispatch", dispatch) != 0
                    ? ADAPTER_INTERNAL_ERROR
                    : output_json_value(dispatch, "params", request->value, request->value_length);
    }
    core_decision_release(&decision);
    return error;
}

/* The largest pingMany count: the requests RPC-2 allows a session. */
#define PING_MANY_MAXIMUM (INT64_C(1) << 20)

/* pingMany (ADP-65): count whole openhuman.ping requests with the ids
 * prefix + 0, prefix + 1, ... received in order by the gate, stopping at the
 * first refusal. The prefix is checked only for being a string: an id it
 * makes invalid is the gate's to refuse. */
static const char *core_ping_many(void *receiver, const json_t *step, int64_t now, json_t *result)
{
    const json_t *new_session = json_object_get(step, "newSession");
    if (new_session != NULL) {
        /* ADP-68: the next session of the same channel. */
        if (!json_is_true(new_session)) {
            return ADAPTER_BAD_REQUEST;
        }
        core_gate_start_session(receiver);
        return NULL;
    }
    const json_t *many = json_object_get(step, "pingMany");
    const char *prefix;
    size_t prefix_length;
    int64_t count;
    const char *error = json_is_object(many) ? input_string(many, "prefix", &prefix, &prefix_length)
                                             : ADAPTER_BAD_REQUEST;
    if (error == NULL) {
        error = input_natural(many, "count", &count);
    }
    if (error == NULL && count > PING_MANY_MAXIMUM) {
        error = ADAPTER_BAD_REQUEST;
    }
    if (error != NULL) {
        return error;
    }
    static const char head[] = "{\"requestId\":\"";
    static const char tail[] =
        "\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"openhuman.ping\"}}";
    byte_buffer plaintext;
    byte_buffer_init(&plaintext);
    int64_t accepted = 0;
    envelope_status status = ENVELOPE_OK;
    for (; accepted < count; accepted++) {
        plaintext.length = 0;
        byte_buffer_append_text(&plaintext, head);
        byte_buffer_append(&plaintext, prefix, prefix_length);
        byte_buffer_append_decimal(&plaintext, (uint64_t)accepted);
        byte_buffer_append_text(&plaintext, tail);
        if (plaintext.failed) {
            error = ADAPTER_INTERNAL_ERROR;
            break;
        }
        core_decision decision;
        status = core_gate_receive(receiver, plaintext.data, plaintext.length, now, &decision);
        if (status != ENVELOPE_OK) {
            break;
        }
        core_decision_release(&decision);
    }
    byte_buffer_release(&plaintext);
    if (error == NULL &&
        json_object_set_new(result, "accepted", json_integer((json_int_t)accepted)) != 0) {
        error = ADAPTER_INTERNAL_ERROR;
    }
    if (error == NULL && status != ENVELOPE_OK) {
        error = set_error(result, status);
    }
    return error;
}

/* A method_set over a JSON array of strings; names and lengths are
 * allocated and freed by the caller. */
static const char *input_method_set(const json_t *input, const char *name, method_set *set,
                                    const char ***names, size_t **lengths)
{
    const json_t *array = json_object_get(input, name);
    if (!json_is_array(array)) {
        return ADAPTER_BAD_REQUEST;
    }
    size_t count = json_array_size(array);
    *names = calloc(count + 1, sizeof **names);
    *lengths = calloc(count + 1, sizeof **lengths);
    if (*names == NULL || *lengths == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    for (size_t i = 0; i < count; i++) {
        const json_t *element = json_array_get(array, i);
        if (!json_is_string(element)) {
            return ADAPTER_BAD_REQUEST;
        }
        (*names)[i] = json_string_value(element);
        (*lengths)[i] = json_string_length(element);
    }
    set->names = *names;
    set->lengths = *lengths;
    set->count = count;
    return NULL;
}

const char *op_envelope_core(const json_t *input, json_t *output)
{
    method_set grant;
    method_set methods;
    const char **names[2] = {NULL, NULL};
    size_t *lengths[2] = {NULL, NULL};
    const char *error = input_method_set(input, "grant", &grant, &names[0], &lengths[0]);
    if (error == NULL) {
        error = input_method_set(input, "methods", &methods, &names[1], &lengths[1]);
    }
    /* ADP-66: requests the session accepted before the first step. */
    uint64_t accepted_before = 0;
    if (error == NULL && json_object_get(input, "acceptedBefore") != NULL) {
        error = input_integer(input, "acceptedBefore", (uint64_t)PING_MANY_MAXIMUM,
                              &accepted_before);
    }
    /* ADP-67: when the grant was made, for AUTH-5's lapse. */
    uint64_t granted_at = 0;
    if (error == NULL && json_object_get(input, "grantedAt") != NULL) {
        error = input_integer(input, "grantedAt", JSON_SAFE_INTEGER_MAX, &granted_at);
    }
    if (error == NULL) {
        core_gate gate;
        core_gate_init(&gate, grant, methods);
        gate.accepted_count = (size_t)accepted_before;
        gate.granted_at = (int64_t)granted_at;
        error = run_steps(input, output, &gate.chunks, &gate, core_step, core_ping_many);
        core_gate_release(&gate);
    }
    for (size_t i = 0; i < 2; i++) {
        free((void *)names[i]);
        free(lengths[i]);
    }
    return error;
}

/* --- envelope-device (ADP-64) --- */

static const char *device_send(device_requests *device, const json_t *send, int64_t now,
                               json_t *result, envelope_status *status)
{
    const char *id;
    const char *method;
    size_t id_length;
    size_t method_length;
    uint8_t *params = NULL;
    size_t params_length = 0;
    bool stream;
    int64_t timeout;
    const json_t *params_member = json_object_get(send, "params");
    const char *error = json_is_object(send) ? input_string(send, "requestId", &id, &id_length)
                                             : ADAPTER_BAD_REQUEST;
    if (error == NULL) {
        error = input_string(send, "method", &method, &method_length);
    }
    if (error == NULL && params_member != NULL && !json_is_null(params_member)) {
        error = input_bytes(send, "params", &params, &params_length);
    }
    if (error == NULL) {
        error = input_optional_bool(send, "stream", &stream);
    }
    if (error == NULL) {
        error = input_natural(send, "timeout", &timeout);
    }
    byte_buffer message;
    byte_buffer_init(&message);
    if (error == NULL) {
        *status = device_requests_send(device, (const uint8_t *)id, id_length,
                                       (const uint8_t *)method, method_length, params,
                                       params_length, stream, timeout, now, &message);
    }
    if (error == NULL && *status == ENVELOPE_OK) {
        char request_id[ENVELOPE_MAX_REQUEST_ID + 1] = {0};
        memcpy(request_id, id, id_length);
        error = output_split(result, "plaintexts", request_id, message.data, message.length);
    }
    byte_buffer_release(&message);
    secure_free(params);
    return error;
}

static const char *output_event(json_t *result, const envelope *answer)
{
    json_t *event = json_object();
    if (event == NULL || json_object_set_new(result, "event", event) != 0 ||
        json_object_set_new(event, "requestId", json_string(answer->request_id)) != 0 ||
        json_object_set_new(event, "kind", json_string(envelope_kind_name(answer->kind))) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    if (answer->kind == KIND_ERROR) {
        json_t *detail = answer->has_detail
                             ? json_stringn((const char *)answer->detail, answer->detail_length)
                             : json_null();
        return json_object_set_new(event, "code", json_string(answer->code)) != 0 ||
                       json_object_set_new(event, "detail", detail) != 0
                   ? ADAPTER_INTERNAL_ERROR
                   : NULL;
    }
    if (answer->kind != KIND_RESPONSE &&
        json_object_set_new(event, "seq", json_integer((json_int_t)answer->seq)) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return output_json_value(event, "payload", answer->value, answer->value_length);
}

static const char *device_receive(device_requests *device, const json_t *step, int64_t now,
                                  json_t *result, envelope_status *status)
{
    uint8_t *plaintext = NULL;
    size_t length = 0;
    const char *error = input_bytes(step, "receive", &plaintext, &length);
    if (error != NULL) {
        return error;
    }
    reassembly received;
    *status = device_requests_receive(device, plaintext, length, now, &received);
    if (*status == ENVELOPE_OK) {
        error = received.complete ? output_event(result, &received.envelope)
                                  : output_partial(result, &received);
        reassembly_release(&received);
    }
    secure_free(plaintext);
    return error;
}

/* Runs one step: expiry (RPC-5, CHUNK-5), then the action. */
static const char *device_step(void *context, const json_t *step, json_t *result)
{
    device_requests *device = context;
    int64_t now;
    const json_t *send = json_object_get(step, "send");
    const json_t *receive = json_object_get(step, "receive");
    const json_t *tick = json_object_get(step, "tick");
    const json_t *signal = json_object_get(step, "signal");
    if (!json_is_object(step) ||
        (send != NULL) + (receive != NULL) + (tick != NULL) + (signal != NULL) != 1) {
        return ADAPTER_BAD_REQUEST;
    }
    /* A relay event (chapter 12) reaching the requests: SIG-DEV-4 lets none of
     * them fail on it, so once its shape is read it changes nothing. */
    if (signal != NULL &&
        (!json_is_object(signal) || !json_is_string(json_object_get(signal, "event")) ||
         !json_is_object(json_object_get(signal, "data")))) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = input_natural(step, "now", &now);
    if (error != NULL) {
        return error;
    }
    id_list timed_out;
    char expired[ENVELOPE_MAX_PARTIALS][ENVELOPE_MAX_REQUEST_ID + 1];
    if (!device_requests_expire(device, now, &timed_out)) {
        return ADAPTER_INTERNAL_ERROR;
    }
    size_t expired_count = reassembler_expire(&device->chunks, now, expired);
    error = output_ids(result, "timedOut",
                       (const char(*)[ENVELOPE_MAX_REQUEST_ID + 1]) timed_out.ids, timed_out.count);
    if (error == NULL) {
        error = output_ids(result, "expired", (const char(*)[ENVELOPE_MAX_REQUEST_ID + 1]) expired,
                           expired_count);
    }
    envelope_status status = ENVELOPE_OK;
    if (error == NULL && send != NULL) {
        error = device_send(device, send, now, result, &status);
    } else if (error == NULL && receive != NULL) {
        error = device_receive(device, step, now, result, &status);
    }
    if (error == NULL && status != ENVELOPE_OK) {
        error = set_error(result, status);
    }
    id_list_release(&timed_out);
    return error;
}

const char *op_envelope_device(const json_t *input, json_t *output)
{
    const json_t *steps;
    const char *error = steps_of(input, &steps);
    if (error != NULL) {
        return error;
    }
    device_requests device;
    device_requests_init(&device);
    error = steps_run(steps, output, device_step, &device);
    device_requests_release(&device);
    return error;
}
