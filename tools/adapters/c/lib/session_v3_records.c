#include "session_v3_records.h"

#include <sodium.h>
#include <string.h>

#include "secure_memory.h"

/* The data of one fragment received, its own allocation (V3-FRAG-3). */
struct session_v3_piece {
    session_v3_piece *next;
    size_t length;
    uint8_t data[];
};

static void write_u32_be(uint8_t *out, uint32_t value)
{
    out[0] = (uint8_t)(value >> 24);
    out[1] = (uint8_t)(value >> 16);
    out[2] = (uint8_t)(value >> 8);
    out[3] = (uint8_t)value;
}

static uint32_t read_u32_be(const uint8_t *in)
{
    return (uint32_t)in[0] << 24 | (uint32_t)in[1] << 16 | (uint32_t)in[2] << 8 | (uint32_t)in[3];
}

/* --- sender ------------------------------------------------------------------------------- */

size_t session_v3_record_count(size_t length)
{
    if (length <= SESSION_V3_MAX_WHOLE) {
        return 1;
    }
    return (length + SESSION_V3_FRAGMENT_DATA - 1u) / SESSION_V3_FRAGMENT_DATA;
}

tunnel_error session_v3_outgoing_begin(session_v3_fragmenter *fragmenter, const uint8_t *message,
                                       size_t length, session_v3_outgoing *outgoing)
{
    memset(outgoing, 0, sizeof *outgoing);
    if (length > SESSION_V3_MAX_MESSAGE) {
        return TUNNEL_ERR_MESSAGE_TOO_LARGE;
    }
    outgoing->message = message;
    outgoing->length = length;
    outgoing->count = session_v3_record_count(length);
    if (outgoing->count > 1) {
        /* The number of messages fragmented before, modulo 2^32. */
        outgoing->id = fragmenter->next_id;
        fragmenter->next_id++;
    }
    return TUNNEL_OK;
}

size_t session_v3_outgoing_record(const session_v3_outgoing *outgoing, size_t index,
                                  uint8_t *record)
{
    if (outgoing->count == 1) {
        record[0] = SESSION_V3_RECORD_WHOLE;
        if (outgoing->length > 0) {
            memcpy(record + 1, outgoing->message, outgoing->length);
        }
        return 1u + outgoing->length;
    }
    size_t offset = index * SESSION_V3_FRAGMENT_DATA;
    size_t data = outgoing->length - offset;
    if (data > SESSION_V3_FRAGMENT_DATA) {
        data = SESSION_V3_FRAGMENT_DATA;
    }
    /* offset and length are at most 16 MiB: they fit 32 bits. */
    record[0] = SESSION_V3_RECORD_FRAGMENT;
    write_u32_be(record + 1, outgoing->id);
    write_u32_be(record + 5, (uint32_t)offset);
    write_u32_be(record + 9, (uint32_t)outgoing->length);
    memcpy(record + SESSION_V3_FRAGMENT_HEADER, outgoing->message + offset, data);
    return SESSION_V3_FRAGMENT_HEADER + data;
}

tunnel_error session_v3_send_begin(const session_v3_sender *sender,
                                   session_v3_fragmenter *fragmenter, const uint8_t *message,
                                   size_t length, uint64_t now, session_v3_outgoing *outgoing)
{
    memset(outgoing, 0, sizeof *outgoing);
    if (length > SESSION_V3_MAX_MESSAGE) {
        return TUNNEL_ERR_MESSAGE_TOO_LARGE;
    }
    if (!session_v3_sender_can_seal(sender, now, session_v3_record_count(length))) {
        return TUNNEL_ERR_SESSION_EXHAUSTED;
    }
    return session_v3_outgoing_begin(fragmenter, message, length, outgoing);
}

tunnel_error session_v3_send_next(session_v3_sender *sender, session_v3_outgoing *outgoing,
                                  uint64_t now, uint8_t *frame, size_t *frame_length)
{
    uint8_t record[SESSION_V3_MAX_CONTENT];
    size_t length = session_v3_outgoing_record(outgoing, outgoing->next, record);
    tunnel_error status = session_v3_sender_seal(sender, record, length, now, frame, frame_length);
    sodium_memzero(record, length);
    if (status == TUNNEL_OK) {
        outgoing->next++;
    }
    return status;
}

/* --- receiver ----------------------------------------------------------------------------- */

void session_v3_reassembly_init(session_v3_reassembly *reassembly)
{
    memset(reassembly, 0, sizeof *reassembly);
}

static void partial_free(session_v3_partial *partial)
{
    session_v3_piece *piece = partial->first;
    while (piece != NULL) {
        session_v3_piece *next = piece->next;
        secure_free(piece);
        piece = next;
    }
    memset(partial, 0, sizeof *partial);
}

void session_v3_reassembly_wipe(session_v3_reassembly *reassembly)
{
    for (size_t i = 0; i < SESSION_V3_MAX_PARTIALS; i++) {
        partial_free(&reassembly->partials[i]);
    }
}

/* What an accepted record does to the reassembly. */
typedef enum {
    RECORD_WHOLE,    /* delivers data */
    RECORD_START,    /* starts partial slot */
    RECORD_APPEND,   /* appends data to partial slot */
    RECORD_COMPLETE, /* appends data to partial slot and delivers its message */
} record_action;

typedef struct {
    record_action action;
    size_t slot;
    uint32_t id;
    uint32_t offset;
    uint32_t total;
    const uint8_t *data;
    size_t data_length;
} record_plan;

/* V3-FRAG-2 step 1 and 2: the record's shape and its fragment header. */
static tunnel_error check_shape(const uint8_t *record, size_t length, record_plan *plan)
{
    if (length == 0 ||
        (record[0] != SESSION_V3_RECORD_WHOLE && record[0] != SESSION_V3_RECORD_FRAGMENT) ||
        (record[0] == SESSION_V3_RECORD_FRAGMENT && length < SESSION_V3_FRAGMENT_HEADER + 1u)) {
        return TUNNEL_ERR_BAD_RECORD;
    }
    if (record[0] == SESSION_V3_RECORD_WHOLE) {
        plan->action = RECORD_WHOLE;
        plan->data = record + 1;
        plan->data_length = length - 1u;
        return TUNNEL_OK;
    }
    plan->id = read_u32_be(record + 1);
    plan->offset = read_u32_be(record + 5);
    plan->total = read_u32_be(record + 9);
    plan->data = record + SESSION_V3_FRAGMENT_HEADER;
    plan->data_length = length - SESSION_V3_FRAGMENT_HEADER;
    if (plan->total <= SESSION_V3_MAX_WHOLE) {
        return TUNNEL_ERR_BAD_FRAGMENT;
    }
    if (plan->total > SESSION_V3_MAX_MESSAGE) {
        return TUNNEL_ERR_MESSAGE_TOO_LARGE;
    }
    if ((uint64_t)plan->offset + plan->data_length > plan->total) {
        return TUNNEL_ERR_BAD_FRAGMENT;
    }
    return TUNNEL_OK;
}

/* V3-FRAG-2 steps 3 and 4, changing nothing. */
static tunnel_error check_order(const session_v3_reassembly *reassembly, record_plan *plan)
{
    size_t used = 0;
    size_t free_slot = SESSION_V3_MAX_PARTIALS;
    for (size_t i = 0; i < SESSION_V3_MAX_PARTIALS; i++) {
        const session_v3_partial *partial = &reassembly->partials[i];
        if (!partial->used) {
            free_slot = free_slot < i ? free_slot : i;
            continue;
        }
        used++;
        if (partial->id != plan->id) {
            continue;
        }
        if (partial->total != plan->total) {
            return TUNNEL_ERR_BAD_FRAGMENT;
        }
        if (plan->offset != partial->held) {
            return TUNNEL_ERR_FRAGMENT_OUT_OF_ORDER;
        }
        plan->slot = i;
        plan->action = (uint64_t)partial->held + plan->data_length == partial->total
                           ? RECORD_COMPLETE
                           : RECORD_APPEND;
        return TUNNEL_OK;
    }
    if (plan->offset != 0) {
        return TUNNEL_ERR_FRAGMENT_OUT_OF_ORDER;
    }
    if (used == SESSION_V3_MAX_PARTIALS) {
        return TUNNEL_ERR_TOO_MANY_PARTIALS;
    }
    /* total is above 49,124 and data at most 49,112 bytes: a first
     * fragment never completes its message. */
    plan->slot = free_slot;
    plan->action = RECORD_START;
    return TUNNEL_OK;
}

static tunnel_error check_record(const session_v3_reassembly *reassembly, const uint8_t *record,
                                 size_t length, record_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    tunnel_error status = check_shape(record, length, plan);
    if (status == TUNNEL_OK && record[0] == SESSION_V3_RECORD_FRAGMENT) {
        status = check_order(reassembly, plan);
    }
    return status;
}

/* The memory the plan needs, allocated before anything changes: the
 * delivered message, or the new piece. */
static tunnel_error allocate(const session_v3_reassembly *reassembly, const record_plan *plan,
                             uint8_t **message, session_v3_piece **piece)
{
    *message = NULL;
    *piece = NULL;
    if (plan->action == RECORD_WHOLE) {
        *message = secure_alloc(plan->data_length);
    } else if (plan->action == RECORD_COMPLETE) {
        *message = secure_alloc(reassembly->partials[plan->slot].total);
    } else {
        *piece = secure_alloc(sizeof **piece + plan->data_length);
    }
    return *message == NULL && *piece == NULL ? TUNNEL_ERR_NO_MEMORY : TUNNEL_OK;
}

/* Takes an accepted record: nothing here can fail. */
static void apply(session_v3_reassembly *reassembly, const record_plan *plan, uint8_t *message,
                  session_v3_piece *piece)
{
    session_v3_partial *partial = &reassembly->partials[plan->slot];
    if (plan->action == RECORD_WHOLE) {
        if (plan->data_length > 0) {
            memcpy(message, plan->data, plan->data_length);
        }
        return;
    }
    if (plan->action == RECORD_COMPLETE) {
        /* The message's own buffer, made now (V3-FRAG-3): the pieces, then
         * the last fragment's data; the partial message ends. */
        size_t at = 0;
        for (const session_v3_piece *p = partial->first; p != NULL; p = p->next) {
            memcpy(message + at, p->data, p->length);
            at += p->length;
        }
        memcpy(message + at, plan->data, plan->data_length);
        partial_free(partial);
        return;
    }
    piece->next = NULL;
    piece->length = plan->data_length;
    memcpy(piece->data, plan->data, plan->data_length);
    if (plan->action == RECORD_START) {
        partial->used = true;
        partial->id = plan->id;
        partial->total = plan->total;
        partial->held = 0;
        partial->first = piece;
    } else {
        partial->last->next = piece;
    }
    partial->last = piece;
    partial->held += (uint32_t)plan->data_length; /* at most total */
}

tunnel_error session_v3_receive(session_v3_receiver *receiver, session_v3_reassembly *reassembly,
                                const uint8_t *frame, size_t frame_length, uint8_t **message,
                                size_t *message_length)
{
    *message = NULL;
    *message_length = 0;
    uint8_t *content = secure_alloc(frame_length);
    if (content == NULL) {
        return TUNNEL_ERR_NO_MEMORY;
    }
    size_t content_length = 0;
    session_v3_opened opened;
    record_plan plan;
    uint8_t *delivered = NULL;
    session_v3_piece *piece = NULL;
    tunnel_error status = session_v3_receiver_check(receiver, frame, frame_length, content,
                                                    &content_length, &opened);
    if (status == TUNNEL_OK) {
        status = check_record(reassembly, content, content_length, &plan);
        if (status == TUNNEL_OK) {
            status = allocate(reassembly, &plan, &delivered, &piece);
        }
        if (status != TUNNEL_OK) {
            session_v3_opened_wipe(&opened); /* the counter is not recorded */
        }
    }
    if (status == TUNNEL_OK) {
        session_v3_receiver_accept(receiver, &opened);
        apply(reassembly, &plan, delivered, piece);
        if (delivered != NULL) {
            *message = delivered;
            *message_length = plan.action == RECORD_WHOLE ? plan.data_length : plan.total;
        }
    }
    secure_free(content);
    return status;
}
