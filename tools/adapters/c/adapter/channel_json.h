/* The channel state as the adapter protocol writes it (chapter 11): read
 * for handshake-core and core-channel, written after every step. */
#ifndef OPENHUMAN_CHANNEL_JSON_H
#define OPENHUMAN_CHANNEL_JSON_H

#include <jansson.h>

#include "handshake_core.h"

/* input["channel"]: pending, paired or revoked; anything else (also
 * "confirming", which is never restored, CONFIRM-6) is bad_request. */
const char *read_channel(const json_t *input, channel_state *channel);

/* The channel in the protocol form, confirming included; NULL when out of
 * memory or a time does not fit a JSON integer. */
json_t *channel_json(const channel_state *channel);

#endif
