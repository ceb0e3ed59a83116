/* What both sides of a version 3 reconnection share (V3-RECON-1): the three
 * messages' octets and fixed sizes, the KKpsk2 handshake as the channel
 * binds it, and the session a passed message 2 gives.
 *
 * A reconnection is Noise_KKpsk2 with both static keys known beforehand
 * (the device's from the pairing, the core's the QR's cpk), the channel's
 * prologue (V3-PRO-1) and the psk the pairing stored (V3-PSK-2), then one
 * empty transport message from the device, the key confirmation, which
 * shows the core that the device derived the session's keys (a replayed
 * message 1 is answered, but its sender can derive no key). */
#ifndef OPENHUMAN_RECONNECT_V3_H
#define OPENHUMAN_RECONNECT_V3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "noise.h"

/* V3-RECON-1's octets, after the pairing's 0x10 to 0x12 (pairing_v3.h). */
enum {
    RECONNECT_V3_TYPE_MESSAGE_1 = 0x13,
    RECONNECT_V3_TYPE_MESSAGE_2 = 0x14,
    RECONNECT_V3_TYPE_CONFIRMATION = 0x15
};

/* Each is its octet and one Noise message with an empty payload, so a size
 * is refused before any DH (pairing_v3_check_length). */
#define RECONNECT_V3_MESSAGE_1_LENGTH 49u    /* 0x13 || e || tag */
#define RECONNECT_V3_MESSAGE_2_LENGTH 49u    /* 0x14 || e || tag */
#define RECONNECT_V3_CONFIRMATION_LENGTH 17u /* 0x15 || the tag of nothing */

/* What a party sends because of one step: at most one message, none longer
 * than message 2. length 0: nothing. */
typedef struct {
    uint8_t bytes[RECONNECT_V3_MESSAGE_2_LENGTH];
    size_t length;
} reconnect_v3_send;

/* A session that a reconnection established: its final handshake hash h
 * (the session's name in the adapter's answers) and Split()'s two
 * CipherStates, the initiator's (the device's) first. */
typedef struct {
    uint8_t handshake_hash[32];
    noise_cipher_state device_to_core;
    noise_cipher_state core_to_device;
} reconnect_v3_session;

/* The KKpsk2 HandshakeState of one side (device: the initiator) for the
 * channel whose prologue is given (pairing_v3_prologue), with the stored
 * reconnection psk, this side's static and ephemeral private keys and the
 * peer's static public key. */
void reconnect_v3_handshake_init(noise_handshake *handshake, bool device, const uint8_t *prologue,
                                 size_t prologue_length, const uint8_t reconnect_psk[32],
                                 const uint8_t static_private[32],
                                 const uint8_t ephemeral_private[32],
                                 const uint8_t remote_static[32]);

/* The session of a handshake through both messages: GetHandshakeHash and
 * Split(), each CipherState at counter 0. */
void reconnect_v3_session_from(const noise_handshake *handshake, reconnect_v3_session *session);

#endif
