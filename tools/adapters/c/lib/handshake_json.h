/* The JSON plaintexts of the handshake (0x03) and the ack (0x04).
 * Senders emit one exact byte form (HS-2, ACK-2); receivers accept any JSON
 * text that meets JSON-1..7. */
#ifndef OPENHUMAN_HANDSHAKE_JSON_H
#define OPENHUMAN_HANDSHAKE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

/* {"device_pubkey":"<43>","client_ephemeral_pubkey":"<43>"} */
#define HANDSHAKE_PLAINTEXT_LENGTH 135u
/* {"kind":"handshake_ack","server_ephemeral_pubkey":"<43>"} */
#define ACK_PLAINTEXT_LENGTH 96u

/* Writes the exact HS-2 byte form (HANDSHAKE_PLAINTEXT_LENGTH bytes, no NUL). */
void handshake_plaintext_build(const uint8_t device_public[32],
                               const uint8_t client_ephemeral_public[32], uint8_t *out);

/* Writes the exact ACK-2 byte form (ACK_PLAINTEXT_LENGTH bytes, no NUL). */
void ack_plaintext_build(const uint8_t server_ephemeral_public[32], uint8_t *out);

/* Receiver rules for a handshake plaintext: JSON-1 (UTF-8 JSON object) ->
 * bad_handshake_json, JSON-2 (duplicate top-level name) -> duplicate_field,
 * then device_pubkey and client_ephemeral_pubkey, each completely (JSON-7):
 * missing_field, bad_field_type, bad_base64url, bad_key_length. */
tunnel_error handshake_plaintext_parse(const uint8_t *plaintext, size_t length,
                                       uint8_t device_public[32],
                                       uint8_t client_ephemeral_public[32]);

/* Receiver rules for an ack plaintext: JSON-1, JSON-2, then kind (string
 * equal to "handshake_ack", else bad_field_value), then
 * server_ephemeral_pubkey as a key member. */
tunnel_error ack_plaintext_parse(const uint8_t *plaintext, size_t length,
                                 uint8_t server_ephemeral_public[32]);

#endif
