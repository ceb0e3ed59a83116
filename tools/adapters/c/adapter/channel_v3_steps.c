#include "channel_v3_steps.h"

#include <string.h>

#include "adapter_io.h"
#include "core_step_io.h"
#include "secure_memory.h"
#include "steps.h"

const char *channel_v3_append_sent(json_t *sent, const uint8_t *bytes, size_t length)
{
    return length > 0 ? output_append_hex(sent, bytes, length) : NULL;
}

/* out["send"] comes first, empty, so that every step has it, also one
 * refused or sending nothing. */
static const char *start_sent(json_t *out, json_t **sent)
{
    *sent = json_array();
    return *sent != NULL && json_object_set_new(out, "send", *sent) == 0 ? NULL
                                                                         : ADAPTER_INTERNAL_ERROR;
}

/* Seals every record of the message, each frame appended to sent. */
static const char *append_frames(channel_sending_v3 *sending, json_t *sent, tunnel_error *status)
{
    uint8_t *frame = secure_alloc(SESSION_V3_MAX_FRAME);
    const char *error = frame == NULL ? ADAPTER_INTERNAL_ERROR : NULL;
    while (error == NULL && *status == TUNNEL_OK && channel_sending_v3_more(sending)) {
        size_t frame_length = 0;
        *status = channel_sending_v3_next(sending, frame, &frame_length);
        if (*status == TUNNEL_OK) {
            error = output_append_hex(sent, frame, frame_length);
        }
    }
    secure_free(frame);
    return error;
}

/* {message, now}: begun by begin on channel, its frames appended to sent;
 * a refusal goes to *status, with nothing sent. */
static const char *run_send(const json_t *body, channel_v3_send_begin begin, void *channel,
                            json_t *sent, tunnel_error *status)
{
    uint8_t *message = NULL;
    size_t length = 0;
    uint64_t now = 0;
    const char *error = input_bounded_bytes(body, "message", ADAPTER_SEND_MAX_MESSAGE, &message,
                                            &length);
    if (error == NULL) {
        error = input_integer(body, "now", JSON_SAFE_INTEGER_MAX, &now);
    }
    if (error == NULL) {
        channel_sending_v3 sending;
        *status = begin(channel, message, length, now, &sending);
        error = append_frames(&sending, sent, status);
    }
    secure_free(message);
    return error;
}

/* out["delivered"] when the step's frame was accepted: [hex(message)], or []
 * for a fragment kept; nothing for any other step. */
static const char *set_delivered(json_t *out, const channel_delivery_v3 *delivery)
{
    if (!delivery->accepted) {
        return NULL;
    }
    json_t *delivered = json_array();
    if (delivered == NULL || json_object_set_new(out, "delivered", delivered) != 0) {
        return ADAPTER_INTERNAL_ERROR;
    }
    return delivery->message != NULL
               ? output_append_hex(delivered, delivery->message, delivery->length)
               : NULL;
}

const char *channel_v3_run_step(const channel_v3_steps *steps, void *channel, const json_t *step,
                                json_t *out)
{
    const char *kind = NULL;
    const json_t *body = NULL;
    channel_v3_outcome outcome = {.sent = NULL, .delivery = {0}, .status = TUNNEL_OK};
    const char *error = steps_kind(step, steps->kinds, steps->kind_count, &kind, &body);
    if (error == NULL) {
        error = start_sent(out, &outcome.sent);
    }
    if (error == NULL) {
        error = strcmp(kind, "send") == 0
                    ? run_send(body, steps->begin_send, channel, outcome.sent, &outcome.status)
                    : steps->run_kind(channel, kind, body, &outcome);
    }
    if (error == NULL && outcome.status != TUNNEL_OK) {
        error = core_step_set_error(out, outcome.status);
    }
    if (error == NULL) {
        error = set_delivered(out, &outcome.delivery);
    }
    if (error == NULL) {
        error = steps->set_result(channel, out);
    }
    channel_delivery_v3_release(&outcome.delivery);
    return error;
}
