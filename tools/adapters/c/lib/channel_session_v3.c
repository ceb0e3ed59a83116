#include "channel_session_v3.h"

#include <sodium.h>
#include <string.h>

#include "secure_memory.h"

void channel_session_v3_start(channel_session_v3 *channel, bool device, session_v3_start start,
                              const uint8_t device_to_core[SESSION_V3_KEY_LENGTH],
                              const uint8_t core_to_device[SESSION_V3_KEY_LENGTH], uint64_t now)
{
    channel_session_v3_end(channel);
    session_v3_init(&channel->session, device, start, device_to_core, core_to_device, now);
    channel->active = true;
}

void channel_session_v3_end(channel_session_v3 *channel)
{
    session_v3_reassembly_wipe(&channel->reassembly);
    sodium_memzero(channel, sizeof *channel);
}

tunnel_error channel_session_v3_receive(channel_session_v3 *channel, const uint8_t *frame,
                                        size_t frame_length, channel_delivery_v3 *delivery)
{
    memset(delivery, 0, sizeof *delivery);
    if (!channel->active) {
        return TUNNEL_ERR_NO_SESSION;
    }
    tunnel_error status = session_v3_receive(&channel->session.receiver, &channel->reassembly,
                                             frame, frame_length, &delivery->message,
                                             &delivery->length);
    delivery->accepted = status == TUNNEL_OK;
    return status;
}

void channel_delivery_v3_release(channel_delivery_v3 *delivery)
{
    secure_free(delivery->message);
    memset(delivery, 0, sizeof *delivery);
}

tunnel_error channel_session_v3_send_begin(channel_session_v3 *channel, const uint8_t *message,
                                           size_t length, uint64_t now, channel_sending_v3 *sending)
{
    memset(sending, 0, sizeof *sending);
    if (!channel->active) {
        return TUNNEL_ERR_NO_SESSION;
    }
    tunnel_error status = session_v3_send_begin(&channel->session.sender, &channel->fragmenter,
                                                message, length, now, &sending->outgoing);
    if (status == TUNNEL_OK) {
        sending->channel = channel;
        sending->now = now;
    }
    return status;
}

bool channel_sending_v3_more(const channel_sending_v3 *sending)
{
    return sending->outgoing.next < sending->outgoing.count;
}

tunnel_error channel_sending_v3_next(channel_sending_v3 *sending, uint8_t *frame,
                                     size_t *frame_length)
{
    return session_v3_send_next(&sending->channel->session.sender, &sending->outgoing, sending->now,
                                frame, frame_length);
}
