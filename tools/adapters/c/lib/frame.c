#include "frame.h"

tunnel_error frame_check_shape(const uint8_t *message, size_t length, uint8_t accepted_type,
                               size_t min_length)
{
    if (length == 0) {
        return TUNNEL_ERR_EMPTY_FRAME;
    }
    uint8_t type = message[0];
    if (type == FRAME_TYPE_LEGACY) {
        return TUNNEL_ERR_LEGACY_FRAME;
    }
    if (type != accepted_type) {
        return type >= FRAME_TYPE_SESSION && type <= FRAME_TYPE_ACK ? TUNNEL_ERR_UNEXPECTED_TYPE
                                                                    : TUNNEL_ERR_UNSUPPORTED_TYPE;
    }
    if (length < min_length) {
        return TUNNEL_ERR_FRAME_TOO_SHORT;
    }
    if (length > FRAME_MAX_LENGTH) {
        return TUNNEL_ERR_FRAME_TOO_LARGE;
    }
    return TUNNEL_OK;
}
