#include "device_reconnect_v3.h"

#include <sodium.h>
#include <stdbool.h>
#include <string.h>

#include "key_log.h"
#include "pairing_v3.h"

tunnel_error device_reconnect_v3_start(device_reconnect_v3 *device, const uint8_t core_public[32],
                                       const char *cid, size_t cid_length,
                                       const uint8_t reconnect_psk[32],
                                       const uint8_t device_static_private[32],
                                       const uint8_t device_ephemeral[32],
                                       uint8_t message_1[RECONNECT_V3_MESSAGE_1_LENGTH])
{
    sodium_memzero(device, sizeof *device);
    device->state = DEVICE_RECONNECT_V3_AWAITING;
    uint8_t prologue[PAIRING_V3_PROLOGUE_MAX_LENGTH];
    size_t prologue_length = pairing_v3_prologue(cid, cid_length, prologue);
    reconnect_v3_handshake_init(&device->handshake, true, prologue, prologue_length, reconnect_psk,
                                device_static_private, device_ephemeral, core_public);
    message_1[0] = RECONNECT_V3_TYPE_MESSAGE_1;
    tunnel_error status = noise_handshake_write(&device->handshake, NULL, 0, message_1 + 1);
    if (status != TUNNEL_OK) {
        device_reconnect_v3_wipe(device);
    }
    return status;
}

void device_reconnect_v3_wipe(device_reconnect_v3 *device)
{
    channel_session_v3_end(&device->session);
    sodium_memzero(device, sizeof *device);
}

/* The version 3 octets and version 2's that a phone knows (0x02 to 0x04,
 * 0x10 to 0x16): a registered message that is not due is unexpected_type,
 * any other octet unsupported_type. */
static bool registered(uint8_t type)
{
    return (type >= PAIRING_V3_TYPE_SESSION && type <= PAIRING_V3_TYPE_V2_ACK) ||
           (type >= PAIRING_V3_TYPE_MESSAGE_1 && type <= SESSION_V3_TYPE);
}

/* V3-RECON-4's octet checks, before the size. The one message due is
 * message 2 while awaiting; a connected phone takes no second one, and its
 * session's 0x16 was routed before these checks. */
static tunnel_error check_type(const device_reconnect_v3 *device, const uint8_t *message,
                               size_t length)
{
    if (length == 0) {
        return TUNNEL_ERR_EMPTY_FRAME;
    }
    uint8_t type = message[0];
    if (type == PAIRING_V3_TYPE_LEGACY) {
        return TUNNEL_ERR_LEGACY_FRAME;
    }
    if (!registered(type)) {
        return TUNNEL_ERR_UNSUPPORTED_TYPE;
    }
    return type == RECONNECT_V3_TYPE_MESSAGE_2 && device->state == DEVICE_RECONNECT_V3_AWAITING
               ? TUNNEL_OK
               : TUNNEL_ERR_UNEXPECTED_TYPE;
}

/* The key confirmation (V3-RECON-1): the session's first device-to-core
 * transport message, empty, so counter 0. */
static tunnel_error send_confirmation(reconnect_v3_session *session, reconnect_v3_send *send)
{
    send->bytes[0] = RECONNECT_V3_TYPE_CONFIRMATION;
    tunnel_error status = noise_cipher_encrypt(&session->device_to_core, NULL, 0, NULL, 0,
                                               send->bytes + 1);
    if (status == TUNNEL_OK) {
        send->length = RECONNECT_V3_CONFIRMATION_LENGTH;
    }
    return status;
}

/* Message 2, read by a copy of the handshake: a refusal wipes only the copy
 * and the phone still waits for the genuine one (V3-RECON-4). One that
 * passes starts the session at now, its counters after the confirmation
 * (V3-SESS-1). */
static tunnel_error receive_message_2(device_reconnect_v3 *device, const uint8_t *message,
                                      uint64_t now, reconnect_v3_send *send)
{
    noise_handshake handshake = device->handshake;
    uint8_t payload[1]; /* the payload is empty: its 16 bytes are its tag */
    size_t payload_length = 0;
    tunnel_error status = noise_handshake_read(
        &handshake, message + 1, RECONNECT_V3_MESSAGE_2_LENGTH - 1, payload, &payload_length);
    if (status == TUNNEL_OK) {
        reconnect_v3_session session;
        reconnect_v3_session_from(&handshake, &session);
        key_log_reconnect_v3(handshake.e_public, session.device_to_core.k,
                             session.core_to_device.k);
        status = send_confirmation(&session, send);
        if (status == TUNNEL_OK) {
            /* The new session replaces the handshake and any earlier keys. */
            device_reconnect_v3_wipe(device);
            memcpy(device->session_hash, session.handshake_hash, sizeof device->session_hash);
            channel_session_v3_start(&device->session, true, SESSION_V3_AFTER_RECONNECTION,
                                     session.device_to_core.k, session.core_to_device.k, now);
            device->state = DEVICE_RECONNECT_V3_CONNECTED;
        }
        sodium_memzero(&session, sizeof session);
    }
    sodium_memzero(&handshake, sizeof handshake);
    return status;
}

tunnel_error device_reconnect_v3_receive(device_reconnect_v3 *device, const uint8_t *message,
                                         size_t length, uint64_t now, reconnect_v3_send *send,
                                         channel_delivery_v3 *delivery)
{
    send->length = 0;
    memset(delivery, 0, sizeof *delivery);
    /* After empty and 0x01: a connected phone's 0x16 goes to its session. */
    if (length > 0 && message[0] == SESSION_V3_TYPE && device->session.active) {
        return channel_session_v3_receive(&device->session, message, length, delivery);
    }
    tunnel_error status = check_type(device, message, length);
    if (status == TUNNEL_OK) {
        status = pairing_v3_check_length(length, RECONNECT_V3_MESSAGE_2_LENGTH);
    }
    return status == TUNNEL_OK ? receive_message_2(device, message, now, send) : status;
}
