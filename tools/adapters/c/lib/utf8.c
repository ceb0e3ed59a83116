#include "utf8.h"

size_t utf8_sequence_length(const uint8_t *bytes, size_t available)
{
    uint8_t lead = bytes[0];
    if (lead < 0x80) {
        return 1;
    }
    size_t needed;
    uint8_t second_low = 0x80;
    uint8_t second_high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
        needed = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        needed = 3;
        if (lead == 0xe0) {
            second_low = 0xa0; /* no overlong forms */
        } else if (lead == 0xed) {
            second_high = 0x9f; /* no UTF-16 surrogates */
        }
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        needed = 4;
        if (lead == 0xf0) {
            second_low = 0x90;
        } else if (lead == 0xf4) {
            second_high = 0x8f; /* nothing above U+10FFFF */
        }
    } else {
        return 0; /* a continuation byte, an overlong lead 0xc0/0xc1, or 0xf5..0xff */
    }
    if (available < needed || bytes[1] < second_low || bytes[1] > second_high) {
        return 0;
    }
    for (size_t i = 2; i < needed; i++) {
        if ((bytes[i] & 0xc0) != 0x80) {
            return 0;
        }
    }
    return needed;
}

bool utf8_is_valid(const uint8_t *bytes, size_t length)
{
    size_t i = 0;
    while (i < length) {
        size_t n = utf8_sequence_length(bytes + i, length - i);
        if (n == 0) {
            return false;
        }
        i += n;
    }
    return true;
}

size_t utf8_encode(uint32_t code_point, uint8_t *out)
{
    if (code_point < 0x80) {
        out[0] = (uint8_t)code_point;
        return 1;
    }
    if (code_point < 0x800) {
        out[0] = (uint8_t)(0xc0 | (code_point >> 6));
        out[1] = (uint8_t)(0x80 | (code_point & 0x3f));
        return 2;
    }
    if (code_point < 0x10000) {
        out[0] = (uint8_t)(0xe0 | (code_point >> 12));
        out[1] = (uint8_t)(0x80 | ((code_point >> 6) & 0x3f));
        out[2] = (uint8_t)(0x80 | (code_point & 0x3f));
        return 3;
    }
    out[0] = (uint8_t)(0xf0 | (code_point >> 18));
    out[1] = (uint8_t)(0x80 | ((code_point >> 12) & 0x3f));
    out[2] = (uint8_t)(0x80 | ((code_point >> 6) & 0x3f));
    out[3] = (uint8_t)(0x80 | (code_point & 0x3f));
    return 4;
}
