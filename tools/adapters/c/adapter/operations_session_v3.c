/* session-v3 (ADP-130 to ADP-132): one version 3 session of one role, driven
 * by seal, open and openMany steps on its frames and send, receive and
 * receiveGenerated steps on its messages (operations_session_v3_messages.c),
 * with the vectors' optional sendState and receiveState. Counters are
 * decimal strings (input_counter). */
#include <sodium.h>
#include <string.h>

#include "adapter_io.h"
#include "core_step_io.h"
#include "operations.h"
#include "secure_memory.h"
#include "session_v3.h"
#include "session_v3_steps.h"
#include "steps.h"

/* ADP-131's bounds: a million frames, and a stride of at most eight epochs. */
#define OPEN_MANY_MAX_COUNT 1048576u
#define OPEN_MANY_MAX_STRIDE (SESSION_V3_MAX_EPOCHS_AHEAD * SESSION_V3_EPOCH_LENGTH)

static const char *const KINDS[] = {"seal", "open",    "openMany",
                                    "send", "receive", "receiveGenerated"};

/* {plaintext, now} -> {frame} */
static const char *run_seal(session_v3_steps *context, const json_t *body, json_t *out,
                            tunnel_error *status)
{
    uint8_t *content = NULL;
    uint8_t *frame = NULL;
    size_t content_length = 0;
    size_t frame_length = 0;
    uint64_t now = 0;
    const char *error = input_bytes(body, "plaintext", &content, &content_length);
    if (error == NULL) {
        error = input_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL) {
        /* Room for a frame only when one can be built; longer content is the
         * sender's plaintext_too_large. */
        bool fits = content_length <= SESSION_V3_MAX_CONTENT;
        frame = secure_alloc(fits ? session_v3_frame_length(content_length) : 0);
        if (frame == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    if (error == NULL) {
        *status = session_v3_sender_seal(&context->session.sender, content, content_length, now,
                                         frame, &frame_length);
        if (*status == TUNNEL_OK && !output_set_hex(out, "frame", frame, frame_length)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    secure_free(content);
    secure_free(frame);
    return error;
}

/* {frame} -> {plaintext}: the content, without its length and padding. */
static const char *run_open(session_v3_steps *context, const json_t *body, json_t *out,
                            tunnel_error *status)
{
    uint8_t *frame = NULL;
    uint8_t *content = NULL;
    size_t frame_length = 0;
    size_t content_length = 0;
    const char *error = input_bytes(body, "frame", &frame, &frame_length);
    if (error == NULL) {
        content = secure_alloc(frame_length);
        if (content == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    if (error == NULL) {
        *status = session_v3_receiver_open(&context->session.receiver, frame, frame_length, content,
                                           &content_length);
        if (*status == TUNNEL_OK && !output_set_hex(out, "plaintext", content, content_length)) {
            error = ADAPTER_INTERNAL_ERROR;
        }
    }
    secure_free(frame);
    secure_free(content);
    return error;
}

/* A frame of the other role with empty content at counter, as its sender
 * builds it (V3-FRAME-1): 0x16, the counter, and the 32-byte bucket of the
 * length field 0 and 30 zero bytes, sealed. */
static void seal_empty(session_v3_steps *context, uint64_t counter,
                       uint8_t frame[SESSION_V3_MIN_FRAME])
{
    uint8_t key[SESSION_V3_KEY_LENGTH];
    session_v3_peer_key(context, session_v3_epoch(counter), key);
    session_v3_seal_frame(key, counter, NULL, 0, frame);
    sodium_memzero(key, sizeof key);
}

/* An openMany step's {from, count, stride}: count at most 1,048,576,
 * stride 1 to 524,288 (ADP-131). */
static const char *input_open_many(const json_t *body, uint64_t *from, uint64_t *count,
                                   uint64_t *stride)
{
    const char *error = input_counter(body, "from", from);
    if (error == NULL) {
        error = input_integer(body, "count", OPEN_MANY_MAX_COUNT, count);
    }
    if (error == NULL) {
        error = input_integer(body, "stride", OPEN_MANY_MAX_STRIDE, stride);
    }
    if (error == NULL && *stride == 0) {
        error = ADAPTER_BAD_REQUEST;
    }
    return error;
}

/* The peer's counters of one step, [from, last], after the previous
 * step's last (or from its first counter when none): ADP-131's bounds. The
 * epochs count from the previous step's last counter, or from the epoch of
 * the peer's starting key (H's with receiveState), so the sealer derives at
 * most 8 keys per frame. */
static bool counters_fit(uint64_t first, uint64_t first_epoch, bool any, uint64_t last,
                         uint64_t from, uint64_t count, uint64_t stride)
{
    uint64_t base_epoch = any ? session_v3_epoch(last) : first_epoch;
    /* (count - 1) * stride is below 2^40: no overflow. */
    return (any ? from > last : from >= first) &&
           session_v3_epoch(from) - base_epoch <= SESSION_V3_MAX_EPOCHS_AHEAD &&
           from != UINT64_MAX && (count - 1u) * stride <= UINT64_MAX - 1u - from;
}

/* ADP-131's bounds over every openMany and receiveGenerated step of the
 * request, before any step runs: for each step that makes the peer seal
 * (count not 0; a generated message of at most 16 MiB), its first counter is
 * above the previous such step's last (the first: at or above the peer's
 * first counter), its epoch is at most 8 above that counter's, and its last
 * counter is at most 2^64 - 2. A receiveGenerated step takes the next
 * counters, one per record. So the peer's counters increase and it derives
 * at most 8 keys per frame. A step of no known kind is bad_request here
 * already. */
static const char *check_counters(const session_v3_steps *context, const json_t *steps)
{
    uint64_t last = 0;
    bool any = false;
    for (size_t i = 0; i < json_array_size(steps); i++) {
        const char *kind = NULL;
        const json_t *body = NULL;
        const char *error = steps_kind(json_array_get(steps, i), KINDS,
                                       sizeof KINDS / sizeof KINDS[0], &kind, &body);
        uint64_t from = 0;
        uint64_t count = 0;
        uint64_t stride = 1;
        if (error == NULL && strcmp(kind, "openMany") == 0) {
            error = input_open_many(body, &from, &count, &stride);
        } else if (error == NULL && strcmp(kind, "receiveGenerated") == 0) {
            error = session_v3_generated_frames(body, &count);
            from = any ? last + 1u : context->peer_first; /* last <= 2^64 - 2 */
        }
        if (error != NULL) {
            return error;
        }
        if (count == 0) {
            continue;
        }
        if (!counters_fit(context->peer_first, context->peer_epoch, any, last, from, count,
                          stride)) {
            return ADAPTER_BAD_REQUEST;
        }
        last = from + (count - 1u) * stride;
        any = true;
    }
    return NULL;
}

/* {from, count, stride} -> {opened} or {opened, error} (ADP-131); the
 * bounds were checked by check_open_many. */
static const char *run_open_many(session_v3_steps *context, const json_t *body, json_t *out)
{
    uint64_t from = 0;
    uint64_t count = 0;
    uint64_t stride = 0;
    const char *error = input_open_many(body, &from, &count, &stride);
    if (error != NULL) {
        return error;
    }
    uint8_t frame[SESSION_V3_MIN_FRAME];
    uint8_t content[SESSION_V3_MIN_FRAME];
    size_t content_length = 0;
    tunnel_error status = TUNNEL_OK;
    uint64_t opened = 0;
    for (; opened < count; opened++) {
        seal_empty(context, from + opened * stride, frame);
        status = session_v3_receiver_open(&context->session.receiver, frame, sizeof frame, content,
                                          &content_length);
        if (status != TUNNEL_OK) {
            break;
        }
    }
    if (count > 0) {
        context->peer_next = from + (count - 1u) * stride + 1u; /* bounded: <= 2^64 - 1 */
    }
    if (json_object_set_new(out, "opened", json_integer((json_int_t)opened)) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return status == TUNNEL_OK ? NULL : core_step_set_error(out, status);
}

static const char *run_step(void *context, const json_t *step, json_t *out)
{
    const char *kind = NULL;
    const json_t *body = NULL;
    const char *error = steps_kind(step, KINDS, sizeof KINDS / sizeof KINDS[0], &kind, &body);
    if (error != NULL) {
        return error;
    }
    if (strcmp(kind, "openMany") == 0) {
        return run_open_many(context, body, out);
    }
    if (strcmp(kind, "send") == 0) {
        return session_v3_run_send(context, body, out);
    }
    if (strcmp(kind, "receive") == 0) {
        return session_v3_run_receive(context, body, out);
    }
    if (strcmp(kind, "receiveGenerated") == 0) {
        return session_v3_run_receive_generated(context, body, out);
    }
    tunnel_error status = TUNNEL_OK;
    error = strcmp(kind, "seal") == 0 ? run_seal(context, body, out, &status)
                                      : run_open(context, body, out, &status);
    if (error == NULL && status != TUNNEL_OK) {
        error = core_step_set_error(out, status);
    }
    return error;
}

/* "pairing" or "reconnection": the handshake that started the session. */
static const char *input_start(const json_t *input, session_v3_start *start)
{
    const json_t *value = json_object_get(input, "handshake");
    if (json_string_equals(value, "pairing")) {
        *start = SESSION_V3_AFTER_PAIRING;
    } else if (json_string_equals(value, "reconnection")) {
        *start = SESSION_V3_AFTER_RECONNECTION;
    } else {
        return ADAPTER_BAD_REQUEST;
    }
    return NULL;
}

/* An optional state object {counter_name: c, "key": 32 bytes}; *present
 * false when it is absent or null. */
static const char *input_state(const json_t *input, const char *name, const char *counter_name,
                               bool *present, uint64_t *counter, uint8_t key[32])
{
    const json_t *state = json_object_get(input, name);
    *present = !(state == NULL || json_is_null(state));
    if (!*present) {
        return NULL;
    }
    if (!json_is_object(state)) {
        return ADAPTER_BAD_REQUEST;
    }
    const char *error = input_counter(state, counter_name, counter);
    return error != NULL ? error : input_fixed(state, "key", key, 32);
}

/* The inputs of ADP-130, read and checked before the session is built. */
typedef struct {
    tunnel_role role;
    session_v3_start start;
    uint8_t device_to_core[SESSION_V3_KEY_LENGTH];
    uint8_t core_to_device[SESSION_V3_KEY_LENGTH];
    uint64_t started_at;
    bool has_send_state;
    uint64_t send_counter;
    uint8_t send_key[SESSION_V3_KEY_LENGTH];
    bool has_receive_state;
    uint64_t receive_highest;
    uint8_t receive_key[SESSION_V3_KEY_LENGTH];
} session_v3_input;

static const char *read_input(const json_t *input, session_v3_input *in)
{
    const char *error = input_role(input, &in->role);
    if (error == NULL) {
        error = input_start(input, &in->start);
    }
    if (error == NULL) {
        error = input_fixed(input, "deviceToCore", in->device_to_core, SESSION_V3_KEY_LENGTH);
    }
    if (error == NULL) {
        error = input_fixed(input, "coreToDevice", in->core_to_device, SESSION_V3_KEY_LENGTH);
    }
    if (error == NULL) {
        error = input_integer(input, "startedAt", JSON_SAFE_INTEGER_MAX, &in->started_at);
    }
    if (error == NULL) {
        error = input_state(input, "sendState", "counter", &in->has_send_state, &in->send_counter,
                            in->send_key);
    }
    if (error == NULL) {
        error = input_state(input, "receiveState", "highest", &in->has_receive_state,
                            &in->receive_highest, in->receive_key);
    }
    return error;
}

/* The session of the inputs; false (bad_request, ADP-130) when sendState's
 * counter or receiveState's H is 2^64 - 1 (no sender seals there,
 * V3-SESS-2), or when receiveState asks for a receiver that would need the
 * previous epoch's key. */
static bool build(session_v3_steps *context, const session_v3_input *in)
{
    if ((in->has_send_state && in->send_counter == SESSION_V3_RESERVED_COUNTER) ||
        (in->has_receive_state && in->receive_highest == SESSION_V3_RESERVED_COUNTER)) {
        return false;
    }
    bool device = in->role == ROLE_DEVICE;
    session_v3_init(&context->session, device, in->start, in->device_to_core, in->core_to_device,
                    in->started_at);
    /* openMany's sealer is the other role: it seals with the key this
     * session opens with. */
    session_v3_reassembly_init(&context->reassembly);
    context->fragmenter.next_id = 0;
    context->peer_fragmenter.next_id = 0;
    context->peer_epoch = 0;
    context->peer_first = session_v3_first_counter(in->start, !device);
    memcpy(context->peer_key, device ? in->core_to_device : in->device_to_core,
           SESSION_V3_KEY_LENGTH);
    if (in->has_send_state) {
        session_v3_sender_init(&context->session.sender, in->send_key, in->send_counter,
                               in->started_at);
    }
    if (in->has_receive_state) {
        if (!session_v3_receiver_set(&context->session.receiver, in->receive_highest,
                                     in->receive_key)) {
            return false;
        }
        context->peer_epoch = session_v3_epoch(in->receive_highest);
        context->peer_first = in->receive_highest + 1u; /* highest <= 2^64 - 2 */
        memcpy(context->peer_key, in->receive_key, SESSION_V3_KEY_LENGTH);
    }
    context->peer_next = context->peer_first;
    return true;
}

const char *op_session_v3(const json_t *input, json_t *output)
{
    const json_t *steps;
    session_v3_input in;
    sodium_memzero(&in, sizeof in);
    const char *error = steps_of(input, &steps);
    if (error == NULL) {
        error = read_input(input, &in);
    }
    if (error == NULL) {
        /* The session's keys live in wiped heap memory. */
        session_v3_steps *context = secure_alloc(sizeof *context);
        if (context == NULL) {
            error = ADAPTER_INTERNAL_ERROR;
        } else {
            session_v3_reassembly_init(&context->reassembly);
            error = build(context, &in) ? check_counters(context, steps) : ADAPTER_BAD_REQUEST;
            if (error == NULL) {
                error = steps_run(steps, output, run_step, context);
            }
            session_v3_reassembly_wipe(&context->reassembly);
            sodium_memzero(context, sizeof *context);
            secure_free(context);
        }
    }
    sodium_memzero(&in, sizeof in);
    return error;
}
