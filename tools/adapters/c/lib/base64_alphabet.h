#ifndef OPENHUMAN_BASE64_ALPHABET_H
#define OPENHUMAN_BASE64_ALPHABET_H

/*
 * The 6-bit value of one character of a base64 alphabet, or -1 when it is not in it. The two
 * alphabets of RFC 4648 share A-Z, a-z and 0-9 (values 0 to 61) and differ in the last two:
 * '+' '/' for standard base64 (section 4, the envelope's chunks), '-' '_' for base64url
 * (section 5, the QR payload and the relay's frames).
 */
static inline int base64_sextet(unsigned char c, unsigned char char62, unsigned char char63)
{
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    return c == char62 ? 62 : c == char63 ? 63 : -1;
}

#endif
