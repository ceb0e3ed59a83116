#include "session_v3_padding.h"

#include <string.h>

/* V3-PAD-1's buckets: the powers of two from 32 to 32,768, then the rest of
 * a full frame, so the largest messages are never padded. */
static const size_t BUCKETS[] = {32u,   64u,   128u,  256u,   512u,   1024u,
                                 2048u, 4096u, 8192u, 16384u, 32768u, SESSION_V3_MAX_PADDED};
#define BUCKET_COUNT (sizeof BUCKETS / sizeof BUCKETS[0])

bool session_v3_is_bucket(size_t length)
{
    for (size_t i = 0; i < BUCKET_COUNT; i++) {
        if (BUCKETS[i] == length) {
            return true;
        }
    }
    return false;
}

size_t session_v3_padded_length(size_t content_length)
{
    for (size_t i = 0; i < BUCKET_COUNT; i++) {
        if (content_length + 2u <= BUCKETS[i]) {
            return BUCKETS[i];
        }
    }
    return SESSION_V3_MAX_PADDED; /* unreachable under the caller's check */
}

void session_v3_pad(const uint8_t *content, size_t content_length, uint8_t *padded)
{
    size_t length = session_v3_padded_length(content_length);
    padded[0] = (uint8_t)(content_length >> 8);
    padded[1] = (uint8_t)content_length;
    if (content_length > 0) {
        memcpy(padded + 2, content, content_length);
    }
    memset(padded + 2 + content_length, 0, length - 2 - content_length);
}

tunnel_error session_v3_unpad(const uint8_t *padded, size_t length, const uint8_t **content,
                              size_t *content_length)
{
    if (length < 2) {
        return TUNNEL_ERR_BAD_PADDING; /* no bucket is this short; a guard, not a rule */
    }
    size_t n = (size_t)padded[0] << 8 | padded[1];
    if (n > length - 2) {
        return TUNNEL_ERR_BAD_PADDING;
    }
    /* The plaintext is authenticated, so an early exit leaks nothing the
     * sender did not choose. */
    for (size_t i = 2 + n; i < length; i++) {
        if (padded[i] != 0) {
            return TUNNEL_ERR_BAD_PADDING;
        }
    }
    *content = padded + 2;
    *content_length = n;
    return TUNNEL_OK;
}
