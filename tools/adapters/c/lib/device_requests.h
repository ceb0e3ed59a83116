/* The device's side of the envelope layer for one session: pending
 * requests, their deadlines, stream order and reassembly of chunked answers
 * (ENV-5, RPC-4, RPC-5, STREAM-2).
 *
 * An answer is delivered only to a request that waits for it: a late,
 * unknown or replayed answer is unknown_request and changes nothing, and the
 * first chunk of such an answer is refused before it is buffered, so a core
 * cannot make the phone hold data nobody awaits. */
#ifndef OPENHUMAN_DEVICE_REQUESTS_H
#define OPENHUMAN_DEVICE_REQUESTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "byte_buffer.h"
#include "id_set.h"
#include "reassembler.h"

typedef struct {
    char request_id[ENVELOPE_MAX_REQUEST_ID + 1];
    bool stream;
    int64_t timeout;
    int64_t deadline;
    uint64_t next_seq;
} pending_request;

typedef struct {
    reassembler chunks;
    pending_request *pending;
    size_t pending_count;
    size_t pending_capacity;
} device_requests;

/* Ids, NUL-terminated, sorted by byte value. */
typedef struct {
    char (*ids)[ENVELOPE_MAX_REQUEST_ID + 1];
    size_t count;
} id_list;

void device_requests_init(device_requests *device);
void device_requests_release(device_requests *device);

/* RPC-5 before each step: removes every request whose deadline is before now
 * (failed with request_timeout) into timed_out (release with id_list_release);
 * false when out of memory. */
bool device_requests_expire(device_requests *device, int64_t now, id_list *timed_out);
void id_list_release(id_list *list);

/* Encodes a request (ENV-2) and records it as pending with deadline
 * now + timeout; out receives the message, which the caller splits. */
envelope_status device_requests_send(device_requests *device, const uint8_t *id, size_t id_length,
                                     const uint8_t *method, size_t method_length,
                                     const uint8_t *params, size_t params_length, bool stream,
                                     int64_t timeout, int64_t now, byte_buffer *out);

/* Reads one frame plaintext (which must outlive out). On success out is a
 * kept chunk or an answer for a pending request (out->envelope). A stream
 * envelope for a request that asked for no stream, or out of order, removes
 * that request and returns not_streaming or stream_out_of_order. Release
 * out with reassembly_release on success. */
envelope_status device_requests_receive(device_requests *device, const uint8_t *plaintext,
                                        size_t length, int64_t now, reassembly *out);

#endif
