#include "channel_v3_steps.h"

#include "adapter_io.h"
#include "secure_memory.h"

const char *channel_v3_start_sent(json_t *out, json_t **sent)
{
    *sent = json_array();
    return *sent != NULL && json_object_set_new(out, "send", *sent) == 0 ? NULL
                                                                         : ADAPTER_INTERNAL_ERROR;
}

const char *channel_v3_append_sent(json_t *sent, const uint8_t *bytes, size_t length)
{
    return length > 0 ? output_append_hex(sent, bytes, length) : NULL;
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

const char *channel_v3_run_send(const json_t *body, channel_v3_send_begin begin, void *context,
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
        *status = begin(context, message, length, now, &sending);
        error = append_frames(&sending, sent, status);
    }
    secure_free(message);
    return error;
}

const char *channel_v3_set_delivered(json_t *out, const channel_delivery_v3 *delivery)
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
