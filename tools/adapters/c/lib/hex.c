#include "hex.h"

static const char HEX_DIGITS[] = "0123456789abcdef";

void hex_encode(const uint8_t *bytes, size_t length, char *out)
{
    for (size_t i = 0; i < length; i++) {
        out[2 * i] = HEX_DIGITS[bytes[i] >> 4];
        out[2 * i + 1] = HEX_DIGITS[bytes[i] & 0x0f];
    }
    out[2 * length] = '\0';
}

int hex_digit_value(uint8_t c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/* Lowercase only: the adapter protocol has one spelling per byte string. */
static int lowercase_digit_value(char c)
{
    return c >= 'A' && c <= 'F' ? -1 : hex_digit_value((uint8_t)c);
}

bool hex_decode(const char *text, size_t text_length, uint8_t *out)
{
    if (text_length % 2 != 0) {
        return false;
    }
    for (size_t i = 0; i < text_length; i += 2) {
        int high = lowercase_digit_value(text[i]);
        int low = lowercase_digit_value(text[i + 1]);
        if (high < 0 || low < 0) {
            return false;
        }
        out[i / 2] = (uint8_t)((high << 4) | low);
    }
    return true;
}
