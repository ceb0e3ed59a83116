#include "channel_json.h"

#include <string.h>

#include "adapter_io.h"

/* channel = {"state":"pending","expiresAt":int}
 *         | {"state":"paired","devicePublicKey":hex,"lastHandshakeEphemeral":hex|null}
 *         | {"state":"revoked"} */
const char *read_channel(const json_t *input, channel_state *channel)
{
    const json_t *object = json_object_get(input, "channel");
    const json_t *state = json_object_get(object, "state");
    memset(channel, 0, sizeof *channel);
    if (json_string_equals(state, "pending")) {
        channel->status = CHANNEL_PENDING;
        return input_integer(object, "expiresAt", JSON_SAFE_INTEGER_MAX, &channel->expires_at);
    }
    if (json_string_equals(state, "paired")) {
        channel->status = CHANNEL_PAIRED;
        const char *error = input_fixed(object, "devicePublicKey", channel->device_public, 32);
        if (error == NULL) {
            error = input_optional_fixed(object, "lastHandshakeEphemeral",
                                         channel->last_handshake_ephemeral, 32,
                                         &channel->has_last_handshake_ephemeral);
        }
        return error;
    }
    if (json_string_equals(state, "revoked")) {
        channel->status = CHANNEL_REVOKED;
        return NULL;
    }
    return ADAPTER_BAD_REQUEST;
}

static bool set_time(json_t *object, const char *name, uint64_t seconds)
{
    return seconds <= (uint64_t)INT64_MAX &&
           json_object_set_new(object, name, json_integer((json_int_t)seconds)) == 0;
}

static bool set_device(json_t *object, const channel_state *channel)
{
    return output_set_hex(object, "devicePublicKey", channel->device_public, 32) &&
           output_set_hex_or_null(
               object, "lastHandshakeEphemeral",
               channel->has_last_handshake_ephemeral ? channel->last_handshake_ephemeral : NULL,
               32);
}

json_t *channel_json(const channel_state *channel)
{
    json_t *object = json_object();
    if (object == NULL) {
        return NULL;
    }
    bool ok;
    switch (channel->status) {
    case CHANNEL_PENDING:
        ok = json_object_set_new(object, "state", json_string("pending")) == 0 &&
             set_time(object, "expiresAt", channel->expires_at);
        break;
    case CHANNEL_CONFIRMING:
        ok = json_object_set_new(object, "state", json_string("confirming")) == 0 &&
             set_device(object, channel) && set_time(object, "deadline", channel->deadline);
        break;
    case CHANNEL_PAIRED:
        ok = json_object_set_new(object, "state", json_string("paired")) == 0 &&
             set_device(object, channel);
        break;
    case CHANNEL_REVOKED:
    default: ok = json_object_set_new(object, "state", json_string("revoked")) == 0; break;
    }
    if (!ok) {
        json_decref(object);
        return NULL;
    }
    return object;
}
