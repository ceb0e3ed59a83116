#include "pairing_envelope.h"

#include <stdbool.h>
#include <string.h>

/* QR-PARSE-3: RFC 3986 characters less "[" and "]". */
static bool is_payload_character(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != 0 && strchr("-._~!$&'()*+,;=:@/?#%", c) != NULL);
}

static bool equals_ignoring_case(const uint8_t *text, size_t length, const char *literal)
{
    if (length != strlen(literal)) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        uint8_t c = text[i] >= 'A' && text[i] <= 'Z' ? (uint8_t)(text[i] + 32) : text[i];
        if (c != (uint8_t)literal[i]) {
            return false;
        }
    }
    return true;
}

pairing_error pairing_envelope_read(const uint8_t *payload, size_t length, size_t *query)
{
    if (length > PAIRING_PAYLOAD_MAX_LENGTH) {
        return QR_TOO_LONG;
    }
    for (size_t i = 0; i < length; i++) {
        if (!is_payload_character(payload[i])) {
            return QR_BAD_CHARACTER;
        }
    }
    const uint8_t *colon = memchr(payload, ':', length);
    if (colon == NULL || !equals_ignoring_case(payload, (size_t)(colon - payload), "openhuman")) {
        return QR_BAD_SCHEME;
    }
    size_t position = (size_t)(colon - payload) + 1;
    if (length - position < 2 || payload[position] != '/' || payload[position + 1] != '/') {
        return QR_BAD_HOST;
    }
    position += 2;
    size_t authority = position;
    while (position < length && payload[position] != '/' && payload[position] != '?' &&
           payload[position] != '#') {
        position++;
    }
    if (!equals_ignoring_case(payload + authority, position - authority, "pair")) {
        return QR_BAD_HOST;
    }
    if (position < length && payload[position] == '/') {
        return QR_BAD_PATH;
    }
    if (memchr(payload, '#', length) != NULL) {
        return QR_FRAGMENT;
    }
    if (position == length) {
        return QR_MISSING_QUERY;
    }
    *query = position + 1; /* payload[position] is the '?' */
    return QR_OK;
}
