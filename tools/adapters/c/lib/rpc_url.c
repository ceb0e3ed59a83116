#include "rpc_url.h"

#include <string.h>

#define DNS_NAME_MAX_LENGTH 253u
#define DNS_LABEL_MAX_LENGTH 63u

static bool is_alpha(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(uint8_t c)
{
    return c >= '0' && c <= '9';
}

static bool is_hex_digit(uint8_t c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static uint8_t ascii_lower(uint8_t c)
{
    return c >= 'A' && c <= 'Z' ? (uint8_t)(c + ('a' - 'A')) : c;
}

static bool equals_ignoring_case(const uint8_t *text, size_t length, const char *literal)
{
    if (length != strlen(literal)) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        if (ascii_lower(text[i]) != (uint8_t)literal[i]) {
            return false;
        }
    }
    return true;
}

static bool all_digits(const uint8_t *text, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        if (!is_digit(text[i])) {
            return false;
        }
    }
    return true;
}

/* dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35:
 * 0 to 255, no leading zero. */
static bool is_dec_octet(const uint8_t *text, size_t length)
{
    if (length == 0 || length > 3 || !all_digits(text, length)) {
        return false;
    }
    if (length > 1 && text[0] == '0') {
        return false;
    }
    unsigned value = 0;
    for (size_t i = 0; i < length; i++) {
        value = value * 10 + (unsigned)(text[i] - '0');
    }
    return value <= 255;
}

static bool is_ipv4(const uint8_t *text, size_t length)
{
    size_t parts = 0;
    size_t start = 0;
    for (size_t i = 0; i <= length; i++) {
        if (i == length || text[i] == '.') {
            if (!is_dec_octet(text + start, i - start)) {
                return false;
            }
            parts++;
            start = i + 1;
        }
    }
    return parts == 4;
}

/* h16 = 1*4HEXDIG */
static bool is_h16(const uint8_t *text, size_t length)
{
    if (length == 0 || length > 4) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        if (!is_hex_digit(text[i])) {
            return false;
        }
    }
    return true;
}

/* Counts the 16-bit groups of a ':'-separated run of h16 pieces; when
 * ipv4_last is true the last piece may be an IPv4 address (two groups).
 * Returns -1 when a piece is neither. An empty run has no groups. */
static int count_groups(const uint8_t *text, size_t length, bool ipv4_last)
{
    if (length == 0) {
        return 0;
    }
    int groups = 0;
    size_t start = 0;
    for (size_t i = 0; i <= length; i++) {
        if (i == length || text[i] == ':') {
            const uint8_t *piece = text + start;
            size_t piece_length = i - start;
            if (is_h16(piece, piece_length)) {
                groups += 1;
            } else if (i == length && ipv4_last && is_ipv4(piece, piece_length)) {
                groups += 2;
            } else {
                return -1;
            }
            start = i + 1;
        }
    }
    return groups;
}

/* RFC 3986 section 3.2.2 IPv6address: eight groups, or at most seven around
 * one "::"; an IPv4 address may stand for the last two groups. */
static bool is_ipv6(const uint8_t *text, size_t length)
{
    size_t gap = length;
    for (size_t i = 0; i + 1 < length; i++) {
        if (text[i] == ':' && text[i + 1] == ':') {
            gap = i;
            break;
        }
    }
    if (gap == length) {
        return count_groups(text, length, true) == 8;
    }
    int left = count_groups(text, gap, false);
    int right = count_groups(text + gap + 2, length - gap - 2, true);
    return left >= 0 && right >= 0 && left + right <= 7;
}

/* label = let-dig [ *61( let-dig / "-" ) let-dig ] */
static bool is_label(const uint8_t *text, size_t length)
{
    if (length == 0 || length > DNS_LABEL_MAX_LENGTH) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        bool let_dig = is_alpha(text[i]) || is_digit(text[i]);
        bool at_edge = i == 0 || i == length - 1;
        if (!let_dig && (at_edge || text[i] != '-')) {
            return false;
        }
    }
    return true;
}

/* A last label that WHATWG's host parser would read as an IPv4 number:
 * decimal digits only, or "0x" followed by hex digits only (none included:
 * WHATWG reads a bare "0x" as 0). */
static bool looks_numeric(const uint8_t *label, size_t length)
{
    if (all_digits(label, length)) {
        return true;
    }
    if (length >= 2 && label[0] == '0' && (label[1] == 'x' || label[1] == 'X')) {
        for (size_t i = 2; i < length; i++) {
            if (!is_hex_digit(label[i])) {
                return false;
            }
        }
        return true;
    }
    return false;
}

static bool is_dns_name(const uint8_t *text, size_t length)
{
    if (length == 0 || length > DNS_NAME_MAX_LENGTH) {
        return false;
    }
    size_t start = 0;
    for (size_t i = 0; i <= length; i++) {
        if (i == length || text[i] == '.') {
            if (!is_label(text + start, i - start)) {
                return false; /* also an empty label: "a..b", a trailing dot */
            }
            if (i == length && looks_numeric(text + start, i - start)) {
                return false;
            }
            start = i + 1;
        }
    }
    return true;
}

/* rpc-port = 1*5DIGIT, value 1 to 65535 */
static bool is_port(const uint8_t *text, size_t length)
{
    if (length == 0 || length > 5 || !all_digits(text, length)) {
        return false;
    }
    unsigned long value = 0;
    for (size_t i = 0; i < length; i++) {
        value = value * 10 + (unsigned long)(text[i] - '0');
    }
    return value >= 1 && value <= 65535;
}

/* authority = host [ ":" port ], no user information. */
static bool is_authority(const uint8_t *text, size_t length)
{
    if (length > 0 && text[0] == '[') {
        const uint8_t *close = memchr(text, ']', length);
        if (close == NULL) {
            return false;
        }
        size_t host_end = (size_t)(close - text) + 1;
        if (!is_ipv6(text + 1, host_end - 2)) {
            return false; /* also a zone id ("%25") or an IPvFuture ("v1.x") */
        }
        if (host_end == length) {
            return true;
        }
        return text[host_end] == ':' && is_port(text + host_end + 1, length - host_end - 1);
    }
    const uint8_t *colon = memchr(text, ':', length);
    size_t host_length = colon == NULL ? length : (size_t)(colon - text);
    if (!is_ipv4(text, host_length) && !is_dns_name(text, host_length)) {
        return false; /* '@' is in neither, so user information fails here */
    }
    return colon == NULL || is_port(colon + 1, length - host_length - 1);
}

/* pchar = unreserved / pct-encoded / sub-delims / ":" / "@"; extra lists
 * the further characters allowed at this position ("/" and "?").
 * Returns the length of the pchar at text, or 0. */
static size_t pchar_length(const uint8_t *text, size_t available, const char *extra)
{
    uint8_t c = text[0];
    if (c == '%') {
        return available >= 3 && is_hex_digit(text[1]) && is_hex_digit(text[2]) ? 3 : 0;
    }
    if (is_alpha(c) || is_digit(c) || (c != 0 && strchr("-._~!$&'()*+,;=:@", c) != NULL) ||
        (c != 0 && strchr(extra, c) != NULL)) {
        return 1;
    }
    return 0;
}

bool rpc_url_is_valid(const uint8_t *text, size_t length)
{
    size_t position = 0;
    if (length >= 7 && equals_ignoring_case(text, 4, "http") && memcmp(text + 4, "://", 3) == 0) {
        position = 7;
    } else if (length >= 8 && equals_ignoring_case(text, 5, "https") &&
               memcmp(text + 5, "://", 3) == 0) {
        position = 8;
    } else {
        return false;
    }
    size_t authority_start = position;
    while (position < length && text[position] != '/' && text[position] != '?') {
        position++;
    }
    if (!is_authority(text + authority_start, position - authority_start)) {
        return false;
    }
    /* path-abempty: segments of pchar, each after a "/", up to the query */
    while (position < length && text[position] != '?') {
        size_t n = pchar_length(text + position, length - position, "/");
        if (n == 0) {
            return false;
        }
        position += n;
    }
    if (position < length) {
        position++; /* the "?" */
        while (position < length) {
            size_t n = pchar_length(text + position, length - position, "/?");
            if (n == 0) {
                return false; /* a '#' (fragment), space, non-ASCII, ... */
            }
            position += n;
        }
    }
    return true;
}
