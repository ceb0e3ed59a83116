#include "device_requests.h"

#include <stdlib.h>
#include <string.h>

void device_requests_init(device_requests *device)
{
    memset(device, 0, sizeof *device);
    reassembler_init(&device->chunks, ROLE_DEVICE);
}

void device_requests_release(device_requests *device)
{
    reassembler_release(&device->chunks);
    free(device->pending);
    memset(device, 0, sizeof *device);
}

static pending_request *find(device_requests *device, const char *request_id)
{
    for (size_t i = 0; i < device->pending_count; i++) {
        if (strcmp(device->pending[i].request_id, request_id) == 0) {
            return &device->pending[i];
        }
    }
    return NULL;
}

static void remove_pending(device_requests *device, pending_request *request)
{
    *request = device->pending[--device->pending_count];
}

static int compare_ids(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

bool device_requests_expire(device_requests *device, int64_t now, id_list *timed_out)
{
    memset(timed_out, 0, sizeof *timed_out);
    size_t due = 0;
    for (size_t i = 0; i < device->pending_count; i++) {
        due += device->pending[i].deadline < now;
    }
    if (due == 0) {
        return true;
    }
    timed_out->ids = malloc(due * sizeof timed_out->ids[0]);
    if (timed_out->ids == NULL) {
        return false;
    }
    for (size_t i = 0; i < device->pending_count;) {
        if (device->pending[i].deadline < now) {
            memcpy(timed_out->ids[timed_out->count++], device->pending[i].request_id,
                   sizeof timed_out->ids[0]);
            remove_pending(device, &device->pending[i]);
        } else {
            i++;
        }
    }
    qsort(timed_out->ids, timed_out->count, sizeof timed_out->ids[0], compare_ids);
    return true;
}

void id_list_release(id_list *list)
{
    free(list->ids);
    memset(list, 0, sizeof *list);
}

envelope_status device_requests_send(device_requests *device, const uint8_t *id, size_t id_length,
                                     const uint8_t *method, size_t method_length,
                                     const uint8_t *params, size_t params_length, bool stream,
                                     int64_t timeout, int64_t now, byte_buffer *out)
{
    char request_id[ENVELOPE_MAX_REQUEST_ID + 1] = {0};
    if (envelope_is_request_id(id, id_length)) {
        memcpy(request_id, id, id_length);
        if (find(device, request_id) != NULL) {
            return ENV_DUPLICATE_REQUEST_ID; /* ENV-5: a retry reuses its id, never while pending */
        }
    }
    envelope_status status = envelope_encode_request(id, id_length, method, method_length, params,
                                                     params_length, stream, out);
    if (status != ENVELOPE_OK) {
        return status;
    }
    if (out->length > ENVELOPE_MAX_MESSAGE) {
        return ENV_MESSAGE_TOO_LARGE; /* CHUNK-1: refused before anything is sent */
    }
    if (device->pending_count == device->pending_capacity) {
        size_t grown = device->pending_capacity == 0 ? 8 : 2 * device->pending_capacity;
        pending_request *pending = realloc(device->pending, grown * sizeof *pending);
        if (pending == NULL) {
            return ENV_NO_MEMORY;
        }
        device->pending = pending;
        device->pending_capacity = grown;
    }
    pending_request *request = &device->pending[device->pending_count++];
    memset(request, 0, sizeof *request);
    memcpy(request->request_id, request_id, sizeof request_id);
    request->stream = stream;
    request->timeout = timeout;
    request->deadline = envelope_deadline(now, timeout);
    return ENVELOPE_OK;
}

/* RPC-4 before a chunk may start a partial message. */
static envelope_status admit(void *context, const char *request_id)
{
    return find(context, request_id) != NULL ? ENVELOPE_OK : ENV_UNKNOWN_REQUEST;
}

/* RPC-4, STREAM-2 for a complete answer. */
static envelope_status deliver(device_requests *device, const envelope *answer, int64_t now)
{
    pending_request *request = find(device, answer->request_id);
    if (request == NULL) {
        return ENV_UNKNOWN_REQUEST;
    }
    if (answer->kind == KIND_RESPONSE || answer->kind == KIND_ERROR) {
        remove_pending(device, request);
        return ENVELOPE_OK;
    }
    /* stream-chunk or stream-end: a device's parser refuses requests. */
    envelope_status refusal = !request->stream                   ? ENV_NOT_STREAMING
                              : answer->seq != request->next_seq ? ENV_STREAM_OUT_OF_ORDER
                                                                 : ENVELOPE_OK;
    if (refusal != ENVELOPE_OK || answer->kind == KIND_STREAM_END) {
        remove_pending(device, request); /* ended, or failed (STREAM-2) */
        return refusal;
    }
    request->next_seq++;
    request->deadline = envelope_deadline(now, request->timeout);
    return ENVELOPE_OK;
}

envelope_status device_requests_receive(device_requests *device, const uint8_t *plaintext,
                                        size_t length, int64_t now, reassembly *out)
{
    envelope_status status = reassembler_receive(&device->chunks, plaintext, length, now, admit,
                                                 device, out);
    if (status != ENVELOPE_OK || !out->complete) {
        return status;
    }
    status = deliver(device, &out->envelope, now);
    if (status != ENVELOPE_OK) {
        reassembly_release(out);
    }
    return status;
}
