/* A version 3 channel operation from its request to its steps' results, as
 * pairing-v3-core, pairing-v3-device, reconnect-v3-core and
 * reconnect-v3-device share it: the request is read whole before the channel
 * starts, so a malformed one is bad_request whatever starting would give;
 * the request and the channel hold private keys and secrets, so both live in
 * secure_alloc memory and are wiped when freed, the channel even on a path
 * that forgets its own wipe; then the steps run (channel_v3_steps.h). */
#ifndef OPENHUMAN_CHANNEL_V3_OPERATION_H
#define OPENHUMAN_CHANNEL_V3_OPERATION_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "channel_v3_steps.h"
#include "tunnel_error.h"

/* Reads input's members besides steps into request. NULL or bad_request. */
typedef const char *(*channel_v3_read_request)(const json_t *input, void *request);

/* Makes channel from request; a phone also sets output's messageOne
 * (channel_v3_set_message_one). A code ends the request. */
typedef const char *(*channel_v3_start)(void *channel, const void *request, json_t *output);

/* Erases what the channel holds, once it has started (even when its start
 * failed). */
typedef void (*channel_v3_wipe)(void *channel);

/* What sets one operation apart. */
typedef struct {
    size_t request_size;
    channel_v3_read_request read_request;
    size_t channel_size;
    channel_v3_start start;
    const channel_v3_steps *steps;
    channel_v3_wipe wipe;
} channel_v3_operation;

/* Runs operation on input {steps, ...} into output (operation_handler). */
const char *channel_v3_operation_run(const channel_v3_operation *operation, const json_t *input,
                                     json_t *output);

/* A phone's start, after building message 1 (length bytes) with status:
 * message 1 as output's messageOne; one that cannot be built
 * (low_order_key) is the answer to the whole request. */
const char *channel_v3_set_message_one(json_t *output, tunnel_error status,
                                       const uint8_t *message_1, size_t length);

#endif
