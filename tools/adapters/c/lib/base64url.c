#include "base64url.h"

#include "base64_alphabet.h"

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

size_t base64url_encoded_length(size_t length)
{
    size_t remainder = length % 3;
    return (length / 3) * 4 + (remainder == 0 ? 0 : remainder + 1);
}

void base64url_encode(const uint8_t *bytes, size_t length, char *out)
{
    size_t in = 0;
    size_t o = 0;
    while (length - in >= 3) {
        uint32_t group = ((uint32_t)bytes[in] << 16) | ((uint32_t)bytes[in + 1] << 8) |
                         bytes[in + 2];
        out[o++] = ALPHABET[(group >> 18) & 63];
        out[o++] = ALPHABET[(group >> 12) & 63];
        out[o++] = ALPHABET[(group >> 6) & 63];
        out[o++] = ALPHABET[group & 63];
        in += 3;
    }
    if (length - in == 1) {
        uint32_t group = (uint32_t)bytes[in] << 16;
        out[o++] = ALPHABET[(group >> 18) & 63];
        out[o++] = ALPHABET[(group >> 12) & 63];
    } else if (length - in == 2) {
        uint32_t group = ((uint32_t)bytes[in] << 16) | ((uint32_t)bytes[in + 1] << 8);
        out[o++] = ALPHABET[(group >> 18) & 63];
        out[o++] = ALPHABET[(group >> 12) & 63];
        out[o++] = ALPHABET[(group >> 6) & 63];
    }
    out[o] = '\0';
}

/* The 6-bit value of a base64url character, or -1. */
static int sextet_value(char c)
{
    return base64_sextet((unsigned char)c, '-', '_');
}

tunnel_error base64url_decode(const char *text, size_t text_length, uint8_t *out,
                              size_t *decoded_length)
{
    size_t tail = text_length % 4;
    if (tail == 1) {
        return TUNNEL_ERR_BAD_BASE64URL;
    }
    for (size_t i = 0; i < text_length; i++) {
        if (sextet_value(text[i]) < 0) {
            return TUNNEL_ERR_BAD_BASE64URL;
        }
    }
    /* A final group of 2 characters carries 8 bits (4 unused), one of 3
     * carries 16 (2 unused). Unused bits must be zero, or several texts
     * would decode to the same bytes. */
    if (tail == 2 && (sextet_value(text[text_length - 1]) & 0x0f) != 0) {
        return TUNNEL_ERR_BAD_BASE64URL;
    }
    if (tail == 3 && (sextet_value(text[text_length - 1]) & 0x03) != 0) {
        return TUNNEL_ERR_BAD_BASE64URL;
    }
    *decoded_length = (text_length / 4) * 3 + (tail == 0 ? 0 : tail - 1);
    if (out == NULL) {
        return TUNNEL_OK;
    }
    size_t o = 0;
    uint32_t accumulator = 0;
    unsigned bits = 0;
    for (size_t i = 0; i < text_length; i++) {
        accumulator = (accumulator << 6) | (uint32_t)sextet_value(text[i]);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (uint8_t)((accumulator >> bits) & 0xff);
        }
        accumulator &= (1u << bits) - 1u;
    }
    return TUNNEL_OK;
}

tunnel_error base64url_decode_key(const char *text, size_t text_length, uint8_t out[32])
{
    size_t length = 0;
    tunnel_error error = base64url_decode(text, text_length, NULL, &length);
    if (error != TUNNEL_OK) {
        return error;
    }
    if (length != 32) {
        return TUNNEL_ERR_BAD_KEY_LENGTH;
    }
    return base64url_decode(text, text_length, out, &length);
}
