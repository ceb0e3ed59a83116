#include "reconnect_v3.h"

#include <string.h>

void reconnect_v3_handshake_init(noise_handshake *handshake, bool device, const uint8_t *prologue,
                                 size_t prologue_length, const uint8_t reconnect_psk[32],
                                 const uint8_t static_private[32],
                                 const uint8_t ephemeral_private[32],
                                 const uint8_t remote_static[32])
{
    /* V3-NOISE-1: the device starts every handshake; KK gives both sides the
     * peer's static key before message 1. */
    noise_handshake_init(handshake, NOISE_KKPSK2, device, prologue, prologue_length, reconnect_psk,
                         static_private, ephemeral_private, remote_static);
}

void reconnect_v3_session_from(const noise_handshake *handshake, reconnect_v3_session *session)
{
    memcpy(session->handshake_hash, handshake->symmetric.h, sizeof session->handshake_hash);
    noise_handshake_split(handshake, &session->device_to_core, &session->core_to_device);
}
