#include "channel_v3_operation.h"

#include "adapter_io.h"
#include "secure_memory.h"
#include "steps.h"

/* A channel with its operation's steps: steps_run hands its step function
 * one pointer. */
typedef struct {
    const channel_v3_steps *steps;
    void *channel;
} running_channel;

static const char *run_step(void *context, const json_t *step, json_t *out)
{
    const running_channel *running = context;
    return channel_v3_run_step(running->steps, running->channel, step, out);
}

/* The channel is wiped also after a start that failed: it may have filled
 * part of the channel with keys. */
static const char *run_channel(const channel_v3_operation *operation, const void *request,
                               const json_t *steps, json_t *output)
{
    void *channel = secure_alloc(operation->channel_size);
    if (channel == NULL) {
        return ADAPTER_INTERNAL_ERROR;
    }
    const char *error = operation->start(channel, request, output);
    if (error == NULL) {
        running_channel running = {.steps = operation->steps, .channel = channel};
        error = steps_run(steps, output, run_step, &running);
    }
    operation->wipe(channel);
    secure_free(channel);
    return error;
}

const char *channel_v3_operation_run(const channel_v3_operation *operation, const json_t *input,
                                     json_t *output)
{
    const json_t *steps;
    void *request = NULL;
    const char *error = steps_of(input, &steps);
    if (error == NULL) {
        request = secure_alloc(operation->request_size);
        error = request == NULL ? ADAPTER_INTERNAL_ERROR : operation->read_request(input, request);
    }
    if (error == NULL) {
        error = run_channel(operation, request, steps, output);
    }
    secure_free(request);
    return error;
}

const char *channel_v3_set_message_one(json_t *output, tunnel_error status,
                                       const uint8_t *message_1, size_t length)
{
    if (status != TUNNEL_OK) {
        return tunnel_error_code(status);
    }
    return output_set_hex(output, "messageOne", message_1, length) ? NULL : ADAPTER_INTERNAL_ERROR;
}
