#include "chunk_splitter.h"

#include "envelope.h"

envelope_status chunk_split_check(const uint8_t *id, size_t id_length, size_t message_length)
{
    if (!envelope_is_request_id(id, id_length)) {
        return ENV_BAD_REQUEST_ID;
    }
    return message_length > ENVELOPE_MAX_MESSAGE ? ENV_MESSAGE_TOO_LARGE : ENVELOPE_OK;
}

size_t chunk_split_count(size_t message_length)
{
    if (message_length <= SESSION_MAX_PLAINTEXT) {
        return 1;
    }
    return (message_length + ENVELOPE_PIECE - 1) / ENVELOPE_PIECE;
}

envelope_status chunk_split_plaintext(const uint8_t *id, size_t id_length, const uint8_t *message,
                                      size_t message_length, size_t index, byte_buffer *out)
{
    if (message_length <= SESSION_MAX_PLAINTEXT) {
        byte_buffer_append(out, message, message_length);
        return out->failed ? ENV_NO_MEMORY : ENVELOPE_OK;
    }
    size_t start = index * ENVELOPE_PIECE;
    size_t end = start + ENVELOPE_PIECE < message_length ? start + ENVELOPE_PIECE : message_length;
    return envelope_encode_chunk(id, id_length, (int64_t)index,
                                 (int64_t)chunk_split_count(message_length), message + start,
                                 end - start, out);
}
