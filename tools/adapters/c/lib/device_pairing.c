#include "device_pairing.h"

#include <sodium.h>
#include <string.h>

#include "frame.h"

static void become_idle(device_pairing *pairing)
{
    if (pairing->phase == DEVICE_ESTABLISHED) {
        session_cipher_wipe(&pairing->session);
    }
    sodium_memzero(pairing->client_ephemeral_private, sizeof pairing->client_ephemeral_private);
    pairing->deadline = 0;
    pairing->phase = DEVICE_IDLE;
}

void device_pairing_init(device_pairing *pairing, const uint8_t core_static_public[32],
                         const uint8_t device_static_private[32], int64_t ack_timeout)
{
    memset(pairing, 0, sizeof *pairing);
    memcpy(pairing->core_static_public, core_static_public, 32);
    memcpy(pairing->device_static_private, device_static_private, 32);
    pairing->ack_timeout = ack_timeout;
    pairing->phase = DEVICE_IDLE;
}

void device_pairing_wipe(device_pairing *pairing)
{
    become_idle(pairing);
    sodium_memzero(pairing, sizeof *pairing);
}

void device_pairing_expire(device_pairing *pairing, int64_t now)
{
    if (pairing->phase == DEVICE_AWAITING_ACK && now > pairing->deadline) {
        become_idle(pairing);
    }
}

tunnel_error device_pairing_start(device_pairing *pairing,
                                  const uint8_t handshake_ephemeral_private[32],
                                  const uint8_t client_ephemeral_private[32],
                                  const uint8_t nonce[24], int64_t now,
                                  uint8_t frame[HANDSHAKE_FRAME_LENGTH])
{
    become_idle(pairing);
    tunnel_error status = device_handshake_start(
        pairing->core_static_public, pairing->device_static_private, handshake_ephemeral_private,
        client_ephemeral_private, nonce, frame);
    if (status != TUNNEL_OK) {
        return status;
    }
    memcpy(pairing->client_ephemeral_private, client_ephemeral_private, 32);
    pairing->deadline = now + pairing->ack_timeout; /* both at most 2^53 - 1: no overflow */
    pairing->phase = DEVICE_AWAITING_ACK;
    return TUNNEL_OK;
}

tunnel_error device_pairing_receive(device_pairing *pairing, const uint8_t *message, size_t length,
                                    int64_t now, bool *established, session_keys *keys,
                                    uint8_t *plaintext, size_t *plaintext_length)
{
    *established = false;
    device_pairing_expire(pairing, now);
    switch (pairing->phase) {
    case DEVICE_IDLE: {
        /* Nothing is accepted in idle. The type octet alone is checked, with
         * 0x03 standing for "taken by no one" (a device never takes a
         * handshake), so every registered type is unexpected_type. */
        tunnel_error status = frame_check_shape(message, length > 0 ? 1 : 0, FRAME_TYPE_HANDSHAKE,
                                                1);
        return status != TUNNEL_OK ? status : TUNNEL_ERR_UNEXPECTED_TYPE;
    }
    case DEVICE_AWAITING_ACK: {
        tunnel_error status = device_handshake_finish(message, length, pairing->core_static_public,
                                                      pairing->device_static_private,
                                                      pairing->client_ephemeral_private, keys);
        if (status != TUNNEL_OK) {
            return status;
        }
        become_idle(pairing);
        session_cipher_init(&pairing->session, ROLE_DEVICE, keys);
        pairing->phase = DEVICE_ESTABLISHED;
        *established = true;
        return TUNNEL_OK;
    }
    case DEVICE_ESTABLISHED:
    default:
        return session_cipher_open(&pairing->session, message, length, plaintext, plaintext_length);
    }
}

const char *device_phase_name(device_phase phase)
{
    switch (phase) {
    case DEVICE_AWAITING_ACK: return "awaiting-ack";
    case DEVICE_ESTABLISHED: return "established";
    case DEVICE_IDLE:
    default: return "idle";
    }
}
