#include "reassembler.h"

#include <stdlib.h>
#include <string.h>

#include "secure_memory.h"

int64_t envelope_deadline(int64_t now, int64_t delta)
{
    return now > INT64_MAX - delta ? INT64_MAX : now + delta;
}

void reassembler_init(reassembler *receiver, tunnel_role role)
{
    memset(receiver, 0, sizeof *receiver);
    receiver->role = role;
}

static void drop(partial_message *partial)
{
    if (partial->pieces != NULL) {
        for (size_t seq = 0; seq < partial->total; seq++) {
            secure_free(partial->pieces[seq]);
        }
    }
    free(partial->pieces);
    memset(partial, 0, sizeof *partial);
}

void reassembler_release(reassembler *receiver)
{
    for (size_t i = 0; i < ENVELOPE_MAX_PARTIALS; i++) {
        drop(&receiver->partials[i]);
    }
}

static partial_message *find(reassembler *receiver, const char *request_id)
{
    for (size_t i = 0; i < ENVELOPE_MAX_PARTIALS; i++) {
        partial_message *partial = &receiver->partials[i];
        if (partial->in_use && strcmp(partial->request_id, request_id) == 0) {
            return partial;
        }
    }
    return NULL;
}

bool reassembler_is_reassembling(const reassembler *receiver, const char *request_id)
{
    for (size_t i = 0; i < ENVELOPE_MAX_PARTIALS; i++) {
        const partial_message *partial = &receiver->partials[i];
        if (partial->in_use && strcmp(partial->request_id, request_id) == 0) {
            return true;
        }
    }
    return false;
}

static int compare_ids(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

size_t reassembler_expire(reassembler *receiver, int64_t now,
                          char expired[ENVELOPE_MAX_PARTIALS][ENVELOPE_MAX_REQUEST_ID + 1])
{
    size_t count = 0;
    for (size_t i = 0; i < ENVELOPE_MAX_PARTIALS; i++) {
        partial_message *partial = &receiver->partials[i];
        if (partial->in_use && partial->deadline < now) {
            memcpy(expired[count++], partial->request_id, sizeof partial->request_id);
            drop(partial);
        }
    }
    qsort(expired, count, sizeof expired[0], compare_ids);
    return count;
}

/* Keeps a copy of exactly the piece's bytes; false when out of memory. */
static bool store(partial_message *partial, size_t seq, const uint8_t *piece, size_t length)
{
    uint8_t *copy = secure_alloc(length);
    if (copy == NULL) {
        return false;
    }
    memcpy(copy, piece, length);
    partial->pieces[seq] = copy;
    partial->received_count++;
    partial->received_bytes += length;
    return true;
}

/* The pieces in seq order, joined into one buffer of the message's length;
 * NULL when out of memory. */
static uint8_t *join(const partial_message *partial)
{
    uint8_t *message = secure_alloc(partial->received_bytes);
    if (message == NULL) {
        return NULL;
    }
    for (size_t seq = 0; seq < partial->total; seq++) {
        size_t length = seq == partial->total - 1
                            ? partial->received_bytes - (partial->total - 1) * ENVELOPE_PIECE
                            : ENVELOPE_PIECE;
        memcpy(message + seq * ENVELOPE_PIECE, partial->pieces[seq], length);
    }
    return message;
}

/* CHUNK-6: the reassembled bytes must be an envelope, not a chunk, of the
 * chunks' request id. Takes ownership of message. */
static envelope_status complete(reassembler *receiver, uint8_t *message, size_t length,
                                const char *request_id, reassembly *out)
{
    envelope_status status = envelope_parse(message, length, receiver->role, &out->envelope);
    if (status == ENVELOPE_OK && out->envelope.kind == KIND_CHUNK) {
        status = ENV_NESTED_CHUNK;
    } else if (status == ENVELOPE_OK && strcmp(out->envelope.request_id, request_id) != 0) {
        status = ENV_CHUNK_REQUEST_ID_MISMATCH;
    }
    if (status != ENVELOPE_OK) {
        envelope_release(&out->envelope);
        secure_free(message);
        return status;
    }
    out->complete = true;
    out->owned_message = message;
    out->message = message;
    out->message_length = length;
    return ENVELOPE_OK;
}

static envelope_status keep_partial(partial_message *partial, const envelope *chunk,
                                    reassembly *out)
{
    memcpy(out->request_id, chunk->request_id, sizeof out->request_id);
    out->received = partial->received_count;
    out->total = partial->total;
    return ENVELOPE_OK;
}

/* A chunk of a message already being reassembled. */
static envelope_status continue_partial(reassembler *receiver, partial_message *partial,
                                        const envelope *chunk, reassembly *out)
{
    if (partial->total != chunk->total) {
        return ENV_CHUNK_TOTAL_MISMATCH;
    }
    if (partial->pieces[chunk->seq] != NULL) {
        return ENV_DUPLICATE_CHUNK;
    }
    if (!store(partial, (size_t)chunk->seq, chunk->data, chunk->data_length)) {
        return ENV_NO_MEMORY;
    }
    if (partial->received_count < partial->total) {
        return keep_partial(partial, chunk, out);
    }
    uint8_t *message = join(partial);
    size_t length = partial->received_bytes;
    drop(partial);
    if (message == NULL) {
        return ENV_NO_MEMORY;
    }
    return complete(receiver, message, length, chunk->request_id, out);
}

/* A chunk of a message not yet being reassembled. */
static envelope_status start_partial(reassembler *receiver, const envelope *chunk, int64_t now,
                                     reassembly *out)
{
    /* CHUNK-4: only the first piece starts a message. */
    if (chunk->seq != 0) {
        return ENV_FIRST_CHUNK_MISSING;
    }
    if (chunk->total == 1) {
        uint8_t *message = secure_alloc(chunk->data_length);
        if (message == NULL) {
            return ENV_NO_MEMORY;
        }
        memcpy(message, chunk->data, chunk->data_length);
        return complete(receiver, message, chunk->data_length, chunk->request_id, out);
    }
    partial_message *partial = NULL;
    for (size_t i = 0; i < ENVELOPE_MAX_PARTIALS && partial == NULL; i++) {
        if (!receiver->partials[i].in_use) {
            partial = &receiver->partials[i];
        }
    }
    if (partial == NULL) {
        return ENV_TOO_MANY_PARTIALS;
    }
    partial->total = (size_t)chunk->total;
    partial->pieces = calloc(partial->total, sizeof *partial->pieces);
    if (partial->pieces == NULL || !store(partial, 0, chunk->data, chunk->data_length)) {
        drop(partial);
        return ENV_NO_MEMORY;
    }
    partial->in_use = true;
    memcpy(partial->request_id, chunk->request_id, sizeof partial->request_id);
    partial->deadline = envelope_deadline(now, ENVELOPE_CHUNK_TIMEOUT_MS);
    return keep_partial(partial, chunk, out);
}

envelope_status reassembler_receive(reassembler *receiver, const uint8_t *plaintext, size_t length,
                                    int64_t now, reassembler_admit admit, void *context,
                                    reassembly *out)
{
    memset(out, 0, sizeof *out);
    envelope chunk;
    envelope_status status = envelope_parse(plaintext, length, receiver->role, &chunk);
    if (status != ENVELOPE_OK) {
        return status;
    }
    if (chunk.kind != KIND_CHUNK) {
        out->complete = true;
        out->envelope = chunk;
        out->message = plaintext;
        out->message_length = length;
        return ENVELOPE_OK;
    }
    partial_message *partial = find(receiver, chunk.request_id);
    if (partial != NULL) {
        status = continue_partial(receiver, partial, &chunk, out);
    } else {
        status = admit == NULL ? ENVELOPE_OK : admit(context, chunk.request_id);
        if (status == ENVELOPE_OK) {
            status = start_partial(receiver, &chunk, now, out);
        }
    }
    envelope_release(&chunk);
    return status;
}

void reassembly_release(reassembly *result)
{
    envelope_release(&result->envelope);
    secure_free(result->owned_message);
    memset(result, 0, sizeof *result);
}
