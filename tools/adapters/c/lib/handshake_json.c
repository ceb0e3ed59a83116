#include "handshake_json.h"

#include <string.h>

#include "base64url.h"
#include "strict_json.h"

#define KEY_TEXT_LENGTH 43u

static const char HS_PREFIX[] = "{\"device_pubkey\":\"";
static const char HS_MIDDLE[] = "\",\"client_ephemeral_pubkey\":\"";
static const char ACK_PREFIX[] = "{\"kind\":\"handshake_ack\",\"server_ephemeral_pubkey\":\"";
static const char SUFFIX[] = "\"}";
static const char ACK_KIND[] = "handshake_ack";

_Static_assert(sizeof HS_PREFIX - 1 + KEY_TEXT_LENGTH + sizeof HS_MIDDLE - 1 + KEY_TEXT_LENGTH +
                       sizeof SUFFIX - 1 ==
                   HANDSHAKE_PLAINTEXT_LENGTH,
               "handshake plaintext length");
_Static_assert(sizeof ACK_PREFIX - 1 + KEY_TEXT_LENGTH + sizeof SUFFIX - 1 == ACK_PLAINTEXT_LENGTH,
               "ack plaintext length");

/* Appends text (without its NUL) at out and returns the position after it. */
static uint8_t *append_text(uint8_t *out, const char *text, size_t length)
{
    memcpy(out, text, length);
    return out + length;
}

static uint8_t *append_key(uint8_t *out, const uint8_t key[32])
{
    char text[KEY_TEXT_LENGTH + 1];
    base64url_encode(key, 32, text);
    return append_text(out, text, KEY_TEXT_LENGTH);
}

void handshake_plaintext_build(const uint8_t device_public[32],
                               const uint8_t client_ephemeral_public[32], uint8_t *out)
{
    out = append_text(out, HS_PREFIX, sizeof HS_PREFIX - 1);
    out = append_key(out, device_public);
    out = append_text(out, HS_MIDDLE, sizeof HS_MIDDLE - 1);
    out = append_key(out, client_ephemeral_public);
    (void)append_text(out, SUFFIX, sizeof SUFFIX - 1);
}

void ack_plaintext_build(const uint8_t server_ephemeral_public[32], uint8_t *out)
{
    out = append_text(out, ACK_PREFIX, sizeof ACK_PREFIX - 1);
    out = append_key(out, server_ephemeral_public);
    (void)append_text(out, SUFFIX, sizeof SUFFIX - 1);
}

/* JSON-3, JSON-4 and JSON-6 for one required key member. */
static tunnel_error key_member(const strict_json_object *object, const char *name, uint8_t key[32])
{
    const strict_json_member *member = strict_json_find(object, name);
    if (member == NULL) {
        return TUNNEL_ERR_MISSING_FIELD;
    }
    if (!member->is_string) {
        return TUNNEL_ERR_BAD_FIELD_TYPE;
    }
    return base64url_decode_key((const char *)member->value, member->value_length, key);
}

tunnel_error handshake_plaintext_parse(const uint8_t *plaintext, size_t length,
                                       uint8_t device_public[32],
                                       uint8_t client_ephemeral_public[32])
{
    strict_json_object object;
    tunnel_error error = strict_json_parse_object(plaintext, length, &object);
    if (error != TUNNEL_OK) {
        return error;
    }
    error = key_member(&object, "device_pubkey", device_public);
    if (error == TUNNEL_OK) {
        error = key_member(&object, "client_ephemeral_pubkey", client_ephemeral_public);
    }
    strict_json_free(&object);
    return error;
}

tunnel_error ack_plaintext_parse(const uint8_t *plaintext, size_t length,
                                 uint8_t server_ephemeral_public[32])
{
    strict_json_object object;
    tunnel_error error = strict_json_parse_object(plaintext, length, &object);
    if (error != TUNNEL_OK) {
        return error;
    }
    const strict_json_member *kind = strict_json_find(&object, "kind");
    if (kind == NULL) {
        error = TUNNEL_ERR_MISSING_FIELD;
    } else if (!kind->is_string) {
        error = TUNNEL_ERR_BAD_FIELD_TYPE;
    } else if (kind->value_length != sizeof ACK_KIND - 1 ||
               memcmp(kind->value, ACK_KIND, sizeof ACK_KIND - 1) != 0) {
        error = TUNNEL_ERR_BAD_FIELD_VALUE;
    } else {
        error = key_member(&object, "server_ephemeral_pubkey", server_ephemeral_public);
    }
    strict_json_free(&object);
    return error;
}
