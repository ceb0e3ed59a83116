/* The six kinds (11.1) and the word syntaxes of request ids (ENV-4), method
 * names (RPC-1) and error codes (ENV-8): short ASCII words, so an id can be
 * compared, logged and hashed without any Unicode question. */
#include <string.h>

#include "envelope.h"

static const char *const KIND_NAMES[] = {"request",      "response",   "error",
                                         "stream-chunk", "stream-end", "chunk"};

const char *envelope_kind_name(envelope_kind kind)
{
    return KIND_NAMES[kind];
}

bool envelope_kind_from_name(const uint8_t *name, size_t length, envelope_kind *kind)
{
    for (size_t i = 0; i < sizeof KIND_NAMES / sizeof KIND_NAMES[0]; i++) {
        if (strlen(KIND_NAMES[i]) == length && memcmp(KIND_NAMES[i], name, length) == 0) {
            *kind = (envelope_kind)i;
            return true;
        }
    }
    return false;
}

static bool is_lower(uint8_t c)
{
    return c >= 'a' && c <= 'z';
}

static bool is_digit(uint8_t c)
{
    return c >= '0' && c <= '9';
}

static bool is_word(uint8_t c)
{
    return is_lower(c) || is_digit(c) || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}

bool envelope_is_request_id(const uint8_t *text, size_t length)
{
    if (length < 1 || length > ENVELOPE_MAX_REQUEST_ID) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        if (!is_word(text[i])) {
            return false;
        }
    }
    return true;
}

bool envelope_is_method(const uint8_t *text, size_t length)
{
    if (length < 1 || length > ENVELOPE_MAX_METHOD) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        if (!is_word(text[i]) && text[i] != '.') {
            return false;
        }
    }
    return true;
}

bool envelope_is_error_code(const uint8_t *text, size_t length)
{
    if (length < 1 || length > ENVELOPE_MAX_CODE || !is_lower(text[0])) {
        return false;
    }
    for (size_t i = 1; i < length; i++) {
        if (!is_lower(text[i]) && !is_digit(text[i]) && text[i] != '_') {
            return false;
        }
    }
    return true;
}
