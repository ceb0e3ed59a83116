#include "standard_base64.h"

#include "base64_alphabet.h"

#include <sodium.h>

size_t standard_base64_encoded_length(size_t length)
{
    return (length + 2) / 3 * 4;
}

void standard_base64_encode(const uint8_t *bytes, size_t length, char *out)
{
    (void)sodium_bin2base64(out, standard_base64_encoded_length(length) + 1, bytes, length,
                            sodium_base64_VARIANT_ORIGINAL);
}

/* The 6-bit value of a standard base64 character, or -1. */
static int value_of(uint8_t c)
{
    return base64_sextet(c, '+', '/');
}

bool standard_base64_decode(const uint8_t *text, size_t text_length, uint8_t *out,
                            size_t *out_length)
{
    if (text_length % 4 != 0) {
        return false;
    }
    size_t padding = 0;
    if (text_length > 0 && text[text_length - 1] == '=') {
        padding = text[text_length - 2] == '=' ? 2 : 1;
    }
    size_t data_end = text_length - padding;
    size_t written = 0;
    for (size_t i = 0; i < text_length; i += 4) {
        uint32_t group = 0;
        for (size_t k = 0; k < 4; k++) {
            int v = i + k < data_end ? value_of(text[i + k]) : 0;
            if (v < 0) {
                return false;
            }
            group = (group << 6) | (uint32_t)v;
        }
        out[written++] = (uint8_t)(group >> 16);
        out[written++] = (uint8_t)(group >> 8);
        out[written++] = (uint8_t)group;
    }
    /* Unused bits of the last data character must be zero (canonical form). */
    if ((padding == 1 && (value_of(text[data_end - 1]) & 0x03) != 0) ||
        (padding == 2 && (value_of(text[data_end - 1]) & 0x0f) != 0)) {
        return false;
    }
    *out_length = written - padding;
    return true;
}
