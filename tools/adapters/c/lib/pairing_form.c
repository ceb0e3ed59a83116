#include "pairing_form.h"

#include "hex.h"
#include "utf8.h"

/* URLSearchParams: ASCII alphanumerics and "*-._" stand for themselves. */
static bool is_form_literal(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '*' ||
           c == '-' || c == '.' || c == '_';
}

size_t pairing_form_encoded_length(byte_view value)
{
    size_t length = 0;
    for (size_t i = 0; i < value.length; i++) {
        length += is_form_literal(value.bytes[i]) || value.bytes[i] == ' ' ? 1 : 3;
    }
    return length;
}

uint8_t *pairing_form_encode(byte_view value, uint8_t *out)
{
    static const char UPPER_HEX[] = "0123456789ABCDEF";
    for (size_t i = 0; i < value.length; i++) {
        uint8_t c = value.bytes[i];
        if (is_form_literal(c)) {
            *out++ = c;
        } else if (c == ' ') {
            *out++ = '+';
        } else {
            *out++ = '%';
            *out++ = (uint8_t)UPPER_HEX[c >> 4];
            *out++ = (uint8_t)UPPER_HEX[c & 0x0f];
        }
    }
    return out;
}

pairing_error pairing_form_decode(const uint8_t *text, size_t length, uint8_t *out,
                                  byte_view *value)
{
    size_t written = 0;
    for (size_t i = 0; i < length; i++) {
        uint8_t c = text[i];
        if (c == '+') {
            out[written++] = ' ';
        } else if (c == '%') {
            int high = length - i >= 3 ? hex_digit_value(text[i + 1]) : -1;
            int low = length - i >= 3 ? hex_digit_value(text[i + 2]) : -1;
            if (high < 0 || low < 0) {
                return QR_BAD_PERCENT_ENCODING;
            }
            out[written++] = (uint8_t)((high << 4) | low);
            i += 2;
        } else {
            out[written++] = c;
        }
    }
    if (!utf8_is_valid(out, written)) {
        return QR_BAD_UTF8;
    }
    value->bytes = out;
    value->length = written;
    return QR_OK;
}
