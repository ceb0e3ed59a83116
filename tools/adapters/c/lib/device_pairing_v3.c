#include "device_pairing_v3.h"

#include "key_log.h"
#include "reconnect_v3.h"

#include <sodium.h>
#include <string.h>

/* Every secret goes; what is left says only that the pairing failed. */
static void fail(device_pairing_v3 *device)
{
    device_pairing_v3_wipe(device);
    device->state = DEVICE_PAIRING_V3_FAILED;
}

tunnel_error device_pairing_v3_start(device_pairing_v3 *device, const uint8_t core_public[32],
                                     const char *cid, size_t cid_length,
                                     const uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH],
                                     const uint8_t device_static_private[32],
                                     const uint8_t device_ephemeral[32],
                                     const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                                     uint8_t message_1[PAIRING_V3_MESSAGE_1_LENGTH])
{
    sodium_memzero(device, sizeof *device);
    device->state = DEVICE_PAIRING_V3_AWAITING;
    memcpy(device->core_public, core_public, 32);
    memcpy(device->device_nonce, device_nonce, PAIRING_V3_NONCE_LENGTH);
    uint8_t prologue[PAIRING_V3_PROLOGUE_MAX_LENGTH];
    size_t prologue_length = pairing_v3_prologue(cid, cid_length, prologue);
    uint8_t psk[32];
    pairing_v3_psk(pairing_secret, cid, cid_length, psk);
    noise_handshake_init(&device->handshake, NOISE_IKPSK1, true, prologue, prologue_length, psk,
                         device_static_private, device_ephemeral, core_public);
    sodium_memzero(psk, sizeof psk);
    /* V3-COMMIT-1: message 1's payload binds N_D before the core says anything. */
    uint8_t commitment[32];
    pairing_v3_commitment(device_nonce, commitment);
    message_1[0] = PAIRING_V3_TYPE_MESSAGE_1;
    tunnel_error status = noise_handshake_write(&device->handshake, commitment, sizeof commitment,
                                                message_1 + 1);
    if (status != TUNNEL_OK) {
        fail(device);
    } else {
        key_log_pairing_v3_message_one(&device->handshake, device->handshake.e_public);
    }
    return status;
}

void device_pairing_v3_wipe(device_pairing_v3 *device)
{
    channel_session_v3_end(&device->session);
    sodium_memzero(device, sizeof *device);
}

/* V3-CONFIRM-2: both confirmations are made, at now; the phone keeps the
 * core's key and the reconnection psk (V3-PSK-2), the records' transport
 * keys become the session, its counters after the records (V3-SESS-1) and
 * its first epoch starting now (V3-CHAN-3), and the pairing's other secrets
 * go. */
static void commit(device_pairing_v3 *device, uint64_t now)
{
    uint8_t core_public[32];
    uint8_t reconnect_psk[32];
    uint8_t device_to_core[SESSION_V3_KEY_LENGTH];
    uint8_t core_to_device[SESSION_V3_KEY_LENGTH];
    memcpy(core_public, device->core_public, 32);
    pairing_v3_reconnect_psk(device->handshake_hash, device->device_nonce, device->core_nonce,
                             reconnect_psk);
    memcpy(device_to_core, device->device_to_core.k, sizeof device_to_core);
    memcpy(core_to_device, device->core_to_device.k, sizeof core_to_device);
    device_pairing_v3_wipe(device);
    device->state = DEVICE_PAIRING_V3_PAIRED;
    memcpy(device->core_public, core_public, 32);
    memcpy(device->reconnect_psk, reconnect_psk, 32);
    channel_session_v3_start(&device->session, true, SESSION_V3_AFTER_PAIRING, device_to_core,
                             core_to_device, now);
    sodium_memzero(reconnect_psk, sizeof reconnect_psk);
    sodium_memzero(device_to_core, sizeof device_to_core);
    sodium_memzero(core_to_device, sizeof core_to_device);
}

/* One of the device's records (V3-MSG-1): 32 bytes under its transport key,
 * counters from 0 (the reveal is 0, the user's answer 1). */
static tunnel_error send_record(device_pairing_v3 *device, const uint8_t plaintext[32],
                                device_pairing_v3_send *send)
{
    send->bytes[0] = PAIRING_V3_TYPE_RECORD;
    tunnel_error status = noise_cipher_encrypt(&device->device_to_core, NULL, 0, plaintext, 32,
                                               send->bytes + 1);
    if (status == TUNNEL_OK) {
        send->length = PAIRING_V3_RECORD_LENGTH;
    }
    return status;
}

/* TYPE-2, TYPE-3, TYPE-4 and TYPE-5 for the phone: it takes 0x11, 0x12 and
 * 0x16, and every other octet version 3 registers (version 2's included,
 * the core's own 0x10 and the reconnection's) is unexpected_type. */
static tunnel_error check_type(const uint8_t *message, size_t length)
{
    if (length == 0) {
        return TUNNEL_ERR_EMPTY_FRAME;
    }
    switch (message[0]) {
    case PAIRING_V3_TYPE_LEGACY: return TUNNEL_ERR_LEGACY_FRAME;
    case PAIRING_V3_TYPE_SESSION:
    case PAIRING_V3_TYPE_V2_HANDSHAKE:
    case PAIRING_V3_TYPE_V2_ACK:
    case PAIRING_V3_TYPE_MESSAGE_1:
    case RECONNECT_V3_TYPE_MESSAGE_1:
    case RECONNECT_V3_TYPE_MESSAGE_2:
    case RECONNECT_V3_TYPE_CONFIRMATION: return TUNNEL_ERR_UNEXPECTED_TYPE;
    case PAIRING_V3_TYPE_MESSAGE_2:
    case PAIRING_V3_TYPE_RECORD:
    case SESSION_V3_TYPE: return TUNNEL_OK;
    default: return TUNNEL_ERR_UNSUPPORTED_TYPE;
    }
}

/* V3-DEV-1: the one octet the phone's turn takes (0 when it takes none):
 * message 2 while awaiting, then the core's one record while the code is on
 * screen, then, once paired, the session's frames (V3-CHAN-3). */
static uint8_t due_type(const device_pairing_v3 *device)
{
    switch (device->state) {
    case DEVICE_PAIRING_V3_AWAITING: return PAIRING_V3_TYPE_MESSAGE_2;
    case DEVICE_PAIRING_V3_CONFIRMING: return device->core_confirmed ? 0 : PAIRING_V3_TYPE_RECORD;
    case DEVICE_PAIRING_V3_PAIRED: return SESSION_V3_TYPE;
    case DEVICE_PAIRING_V3_FAILED:
    default: return 0;
    }
}

/* Message 2, read by a copy of the handshake: only a message that passes
 * its tags moves the phone on, to the reveal of N_D (V3-COMMIT-1) and the
 * code from this handshake's h (V3-SAS-1). */
static tunnel_error receive_message_2(device_pairing_v3 *device, const uint8_t *message,
                                      device_pairing_v3_send *send)
{
    noise_handshake handshake = device->handshake;
    uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH];
    size_t core_nonce_length = 0;
    tunnel_error status = noise_handshake_read(
        &handshake, message + 1, PAIRING_V3_MESSAGE_2_LENGTH - 1, core_nonce, &core_nonce_length);
    if (status == TUNNEL_OK) {
        noise_handshake_split(&handshake, &device->device_to_core, &device->core_to_device);
        key_log_pairing_v3_message_two(&handshake, handshake.e_public, device->device_to_core.k,
                                       device->core_to_device.k);
        memcpy(device->handshake_hash, handshake.symmetric.h, 32);
        memcpy(device->core_nonce, core_nonce, PAIRING_V3_NONCE_LENGTH);
        sodium_memzero(&device->handshake, sizeof device->handshake);
        pairing_v3_code(device->handshake_hash, device->device_nonce, device->core_nonce,
                        device->code);
        status = send_record(device, device->device_nonce, send);
        if (status == TUNNEL_OK) {
            device->state = DEVICE_PAIRING_V3_CONFIRMING;
        } else {
            fail(device);
        }
    }
    sodium_memzero(&handshake, sizeof handshake);
    sodium_memzero(core_nonce, sizeof core_nonce);
    return status;
}

/* V3-CONFIRM-1: the core's one record is its user's Yes or No for this
 * handshake's code; anything else under the right key fails the pairing
 * too, since only the core could have sealed it. */
static tunnel_error receive_core_answer(device_pairing_v3 *device, const uint8_t *message,
                                        uint64_t now)
{
    uint8_t answer[32];
    size_t answer_length = 0;
    tunnel_error status = noise_cipher_decrypt(&device->core_to_device, NULL, 0, message + 1,
                                               PAIRING_V3_RECORD_LENGTH - 1, answer,
                                               &answer_length);
    if (status != TUNNEL_OK) {
        return status; /* auth_failed: the counter and the state as they were */
    }
    uint8_t yes[32];
    uint8_t no[32];
    pairing_v3_confirmation(PAIRING_V3_CORE, device->handshake_hash, device->code, yes);
    pairing_v3_rejection(PAIRING_V3_CORE, device->handshake_hash, no);
    if (sodium_memcmp(answer, yes, 32) == 0) {
        device->core_confirmed = true;
        if (device->device_confirmed) {
            commit(device, now);
        }
    } else if (sodium_memcmp(answer, no, 32) == 0) {
        fail(device);
    } else {
        fail(device);
        status = TUNNEL_ERR_CONFIRMATION_MISMATCH;
    }
    sodium_memzero(answer, sizeof answer);
    sodium_memzero(yes, sizeof yes);
    return status;
}

tunnel_error device_pairing_v3_receive(device_pairing_v3 *device, const uint8_t *message,
                                       size_t length, uint64_t now, device_pairing_v3_send *send,
                                       channel_delivery_v3 *delivery)
{
    send->length = 0;
    memset(delivery, 0, sizeof *delivery);
    tunnel_error status = check_type(message, length);
    if (status != TUNNEL_OK) {
        return status;
    }
    if (message[0] != due_type(device)) {
        return TUNNEL_ERR_UNEXPECTED_TYPE;
    }
    switch (message[0]) {
    case PAIRING_V3_TYPE_MESSAGE_2:
        status = pairing_v3_check_length(length, PAIRING_V3_MESSAGE_2_LENGTH);
        return status == TUNNEL_OK ? receive_message_2(device, message, send) : status;
    case PAIRING_V3_TYPE_RECORD:
        status = pairing_v3_check_length(length, PAIRING_V3_RECORD_LENGTH);
        return status == TUNNEL_OK ? receive_core_answer(device, message, now) : status;
    default: return channel_session_v3_receive(&device->session, message, length, delivery);
    }
}

/* The phone's dialog asks only while the code is on screen and its user
 * has not answered. */
static bool asking(const device_pairing_v3 *device)
{
    return device->state == DEVICE_PAIRING_V3_CONFIRMING && !device->device_confirmed;
}

tunnel_error device_pairing_v3_match(device_pairing_v3 *device, const char *code,
                                     size_t code_length, uint64_t now, device_pairing_v3_send *send)
{
    send->length = 0;
    if (!asking(device)) {
        return TUNNEL_ERR_NOT_CONFIRMING;
    }
    /* R3-4: a Match for another code than the one on screen changes nothing. */
    if (code_length != SAS_DIGITS || memcmp(code, device->code, SAS_DIGITS) != 0) {
        return TUNNEL_ERR_STALE_CONFIRMATION;
    }
    uint8_t match[32];
    pairing_v3_confirmation(PAIRING_V3_DEVICE, device->handshake_hash, device->code, match);
    tunnel_error status = send_record(device, match, send);
    sodium_memzero(match, sizeof match);
    if (status == TUNNEL_OK) {
        device->device_confirmed = true;
        if (device->core_confirmed) {
            commit(device, now);
        }
    }
    return status;
}

tunnel_error device_pairing_v3_refuse(device_pairing_v3 *device, device_pairing_v3_send *send)
{
    send->length = 0;
    /* Before message 2 the phone has no keys to send a record under: its
     * user's No ends the pairing and sends nothing, as the desktop's No
     * before the reveal does (V3-CONFIRM-1). */
    if (device->state == DEVICE_PAIRING_V3_AWAITING) {
        fail(device);
        return TUNNEL_OK;
    }
    if (!asking(device)) {
        return TUNNEL_ERR_NOT_CONFIRMING;
    }
    uint8_t no[32];
    pairing_v3_rejection(PAIRING_V3_DEVICE, device->handshake_hash, no);
    tunnel_error status = send_record(device, no, send);
    fail(device);
    return status;
}
