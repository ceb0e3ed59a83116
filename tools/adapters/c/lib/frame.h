/* The type octet registry (TYPE-1..5) and the size limits (SIZE-1, SIZE-2)
 * shared by every receiver. */
#ifndef OPENHUMAN_FRAME_H
#define OPENHUMAN_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

#define FRAME_TYPE_LEGACY 0x01u    /* v1 frames: re-pair required */
#define FRAME_TYPE_SESSION 0x02u   /* session frame, both directions */
#define FRAME_TYPE_HANDSHAKE 0x03u /* device -> core */
#define FRAME_TYPE_ACK 0x04u       /* core -> device */

/* The relay caps a frame's base64url text at 65,536 characters. */
#define FRAME_MAX_LENGTH 49152u

#define SESSION_FRAME_OVERHEAD 41u /* type + 24-byte nonce + 16-byte tag */
#define SESSION_MAX_PLAINTEXT (FRAME_MAX_LENGTH - SESSION_FRAME_OVERHEAD)
#define HANDSHAKE_MIN_LENGTH 73u /* type + eph pub + nonce + tag */
#define ACK_MIN_LENGTH 41u       /* type + nonce + tag */

/* The shape checks every receiver runs first, in this order: empty -> empty_frame;
 * 0x01 -> legacy_frame; another registered type than accepted_type ->
 * unexpected_type; an unregistered type -> unsupported_type; length <
 * min_length -> frame_too_short; length > 49,152 -> frame_too_large. */
tunnel_error frame_check_shape(const uint8_t *message, size_t length, uint8_t accepted_type,
                               size_t min_length);

#endif
