#include "core_reconnect_v3.h"

#include <sodium.h>
#include <string.h>

#include "key_log.h"

void core_reconnect_v3_init(core_reconnect_v3 *channel, const uint8_t core_static_private[32],
                            const char *cid, size_t cid_length, const uint8_t device_public[32],
                            const uint8_t reconnect_psk[32])
{
    sodium_memzero(channel, sizeof *channel);
    memcpy(channel->core_static_private, core_static_private, 32);
    channel->prologue_length = pairing_v3_prologue(cid, cid_length, channel->prologue);
    memcpy(channel->device_public, device_public, 32);
    memcpy(channel->reconnect_psk, reconnect_psk, 32);
}

void core_reconnect_v3_wipe(core_reconnect_v3 *channel)
{
    channel_session_v3_end(&channel->session);
    sodium_memzero(channel, sizeof *channel);
}

/* V3-RECON-2 step 1: the octet. On a paired channel only 0x13, 0x15 and
 * 0x16 come from the device; the pairing's and version 2's octets and the
 * core's own 0x14 are registered but not due, and a version 2 handshake is
 * named as such (V3-BIND-1). */
static tunnel_error check_type(const uint8_t *message, size_t length)
{
    if (length == 0) {
        return TUNNEL_ERR_EMPTY_FRAME;
    }
    switch (message[0]) {
    case PAIRING_V3_TYPE_LEGACY: return TUNNEL_ERR_LEGACY_FRAME;
    case PAIRING_V3_TYPE_V2_HANDSHAKE: return TUNNEL_ERR_VERSION_MISMATCH;
    case PAIRING_V3_TYPE_SESSION:
    case PAIRING_V3_TYPE_V2_ACK:
    case PAIRING_V3_TYPE_MESSAGE_1:
    case PAIRING_V3_TYPE_MESSAGE_2:
    case PAIRING_V3_TYPE_RECORD:
    case RECONNECT_V3_TYPE_MESSAGE_2: return TUNNEL_ERR_UNEXPECTED_TYPE;
    case RECONNECT_V3_TYPE_MESSAGE_1:
    case RECONNECT_V3_TYPE_CONFIRMATION:
    case SESSION_V3_TYPE: return TUNNEL_OK;
    default: return TUNNEL_ERR_UNSUPPORTED_TYPE;
    }
}

/* handshake_replayed: the e of the current session's message 1 or of the
 * pending one's. An older e is answered (the core keeps no list), since its
 * sender cannot confirm. The keys are public, so memcmp. */
static bool replayed(const core_reconnect_v3 *channel, const uint8_t device_ephemeral[32])
{
    return (channel->session.active &&
            memcmp(channel->current_ephemeral, device_ephemeral, 32) == 0) ||
           (channel->has_pending &&
            memcmp(channel->pending.device_ephemeral, device_ephemeral, 32) == 0);
}

/* The Noise part of message 1: the read (auth_failed, low_order_key), then
 * message 2 into send; only when both pass does the exchange replace the
 * pending one. The current session is not touched (V3-RECON-3). */
static tunnel_error answer_message_1(core_reconnect_v3 *channel, noise_handshake *handshake,
                                     const uint8_t *message, reconnect_v3_send *send)
{
    uint8_t payload[1]; /* the payload is empty: its 16 bytes are its tag */
    size_t payload_length = 0;
    tunnel_error status = noise_handshake_read(
        handshake, message + 1, RECONNECT_V3_MESSAGE_1_LENGTH - 1, payload, &payload_length);
    if (status != TUNNEL_OK) {
        return status;
    }
    send->bytes[0] = RECONNECT_V3_TYPE_MESSAGE_2;
    status = noise_handshake_write(handshake, NULL, 0, send->bytes + 1);
    if (status != TUNNEL_OK) {
        return status;
    }
    send->length = RECONNECT_V3_MESSAGE_2_LENGTH;
    sodium_memzero(&channel->pending, sizeof channel->pending);
    reconnect_v3_session_from(handshake, &channel->pending.session);
    memcpy(channel->pending.device_ephemeral, handshake->re, 32);
    channel->has_pending = true;
    key_log_reconnect_v3(handshake->re, channel->pending.session.device_to_core.k,
                         channel->pending.session.core_to_device.k);
    return TUNNEL_OK;
}

/* V3-RECON-2 step 2. */
static tunnel_error receive_message_1(core_reconnect_v3 *channel, const uint8_t *message,
                                      size_t length, uint64_t now, const uint8_t *core_ephemeral,
                                      reconnect_v3_send *send)
{
    tunnel_error status = pairing_v3_check_length(length, RECONNECT_V3_MESSAGE_1_LENGTH);
    if (status == TUNNEL_OK) {
        status = handshake_rate_take(&channel->rate, now); /* before the first X25519 */
    }
    if (status == TUNNEL_OK && replayed(channel, message + 1)) {
        status = TUNNEL_ERR_HANDSHAKE_REPLAYED;
    }
    if (status != TUNNEL_OK) {
        return status;
    }
    /* ADP-128: the step's ephemeral key when it gives one; a fresh one for
     * every answer otherwise. */
    uint8_t ephemeral[32];
    if (core_ephemeral != NULL) {
        memcpy(ephemeral, core_ephemeral, sizeof ephemeral);
    } else {
        randombytes_buf(ephemeral, sizeof ephemeral);
    }
    noise_handshake handshake;
    reconnect_v3_handshake_init(&handshake, false, channel->prologue, channel->prologue_length,
                                channel->reconnect_psk, channel->core_static_private, ephemeral,
                                channel->device_public);
    status = answer_message_1(channel, &handshake, message, send);
    sodium_memzero(&handshake, sizeof handshake);
    sodium_memzero(ephemeral, sizeof ephemeral);
    return status;
}

/* V3-RECON-2 step 3: the device's first transport message of the pending
 * session, empty, at counter 0. It opens only under keys that the device's
 * private keys derived, so it commits at now: the pending reconnection
 * becomes the current session, its counters after the confirmation
 * (V3-SESS-1) and its first epoch starting now (V3-CHAN-1), and the
 * previous session's keys go with it. */
static tunnel_error receive_confirmation(core_reconnect_v3 *channel, const uint8_t *message,
                                         size_t length, uint64_t now)
{
    if (!channel->has_pending) {
        return TUNNEL_ERR_UNEXPECTED_TYPE; /* nothing to confirm */
    }
    tunnel_error status = pairing_v3_check_length(length, RECONNECT_V3_CONFIRMATION_LENGTH);
    if (status != TUNNEL_OK) {
        return status;
    }
    uint8_t plaintext[1];
    size_t plaintext_length = 0;
    status = noise_cipher_decrypt(&channel->pending.session.device_to_core, NULL, 0, message + 1,
                                  RECONNECT_V3_CONFIRMATION_LENGTH - 1, plaintext,
                                  &plaintext_length);
    if (status != TUNNEL_OK) {
        return status; /* auth_failed, the counter as it was */
    }
    const core_reconnection_v3 *pending = &channel->pending;
    channel_session_v3_start(&channel->session, false, SESSION_V3_AFTER_RECONNECTION,
                             pending->session.device_to_core.k, pending->session.core_to_device.k,
                             now);
    memcpy(channel->current_hash, pending->session.handshake_hash, 32);
    memcpy(channel->current_ephemeral, pending->device_ephemeral, 32);
    sodium_memzero(&channel->pending, sizeof channel->pending);
    channel->has_pending = false;
    return TUNNEL_OK;
}

tunnel_error core_reconnect_v3_receive(core_reconnect_v3 *channel, const uint8_t *message,
                                       size_t length, uint64_t now, const uint8_t *core_ephemeral,
                                       reconnect_v3_send *send, channel_delivery_v3 *delivery)
{
    send->length = 0;
    memset(delivery, 0, sizeof *delivery);
    tunnel_error status = check_type(message, length);
    if (status != TUNNEL_OK) {
        return status;
    }
    switch (message[0]) {
    case RECONNECT_V3_TYPE_MESSAGE_1:
        return receive_message_1(channel, message, length, now, core_ephemeral, send);
    case RECONNECT_V3_TYPE_CONFIRMATION: return receive_confirmation(channel, message, length, now);
    default: /* 0x16: the current session alone (V3-CHAN-1, V3-RECON-3) */
        return channel_session_v3_receive(&channel->session, message, length, delivery);
    }
}
