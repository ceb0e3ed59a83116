#include "core_pairing_v3.h"

#include "key_log.h"
#include "reconnect_v3.h"

#include <sodium.h>
#include <string.h>

void core_pairing_v3_init(core_pairing_v3 *channel, const uint8_t core_static_private[32],
                          const char *cid, size_t cid_length,
                          const uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH],
                          uint64_t expires_at)
{
    sodium_memzero(channel, sizeof *channel);
    memcpy(channel->core_static_private, core_static_private, 32);
    channel->prologue_length = pairing_v3_prologue(cid, cid_length, channel->prologue);
    pairing_v3_psk(pairing_secret, cid, cid_length, channel->psk);
    channel->expires_at = expires_at;
    channel->status = CHANNEL_PENDING;
}

void core_pairing_v3_wipe(core_pairing_v3 *channel)
{
    channel_session_v3_end(&channel->session);
    sodium_memzero(channel, sizeof *channel);
}

static void drop_attempt(core_pairing_v3 *channel)
{
    sodium_memzero(&channel->attempt, sizeof channel->attempt);
    channel->has_attempt = false;
}

/* A revoked channel answers nothing again, so it keeps no secret of the
 * pairing: the attempt's keys and the QR's psk go. */
static void revoke(core_pairing_v3 *channel)
{
    channel->status = CHANNEL_REVOKED;
    drop_attempt(channel);
    sodium_memzero(channel->psk, sizeof channel->psk);
}

/* V3-CONFIRM-2: both confirmations are made, at now; the channel keeps the
 * device's key and the reconnection psk (V3-PSK-2), the attempt's transport
 * keys become the session, its counters after the records (V3-SESS-1) and
 * its first epoch starting now (V3-CHAN-1), and the attempt goes, as does
 * the QR's psk: ps is single-use (V3-PSK-1). */
static void commit(core_pairing_v3 *channel, uint64_t now)
{
    const pairing_v3_attempt *attempt = &channel->attempt;
    pairing_v3_reconnect_psk(attempt->handshake_hash, attempt->device_nonce, attempt->core_nonce,
                             channel->reconnect_psk);
    memcpy(channel->device_public, attempt->device_public, 32);
    channel_session_v3_start(&channel->session, false, SESSION_V3_AFTER_PAIRING,
                             attempt->device_to_core.k, attempt->core_to_device.k, now);
    channel->status = CHANNEL_PAIRED;
    drop_attempt(channel);
    sodium_memzero(channel->psk, sizeof channel->psk);
}

/* The deadline, first at every step: a confirming channel past it is revoked
 * (V3-CONFIRM-3). The QR code's exp is not applied here: a message meets it at
 * V3-CORE-1 step 2 and a tick revokes for it, so a message refused at step 1
 * changes nothing. */
static void apply_deadline(core_pairing_v3 *channel, uint64_t now)
{
    if (channel->status == CHANNEL_CONFIRMING && now >= channel->attempt.deadline) {
        revoke(channel);
    }
}

/* V3-CORE-1 step 1: the octet, before the channel is looked at. The device
 * sends 0x10, 0x12 and, once paired, 0x16 on this channel; every other
 * octet version 3 registers (version 2's, the core's own 0x11, the
 * reconnection's) is unexpected here. */
static tunnel_error check_type(const uint8_t *message, size_t length)
{
    if (length == 0) {
        return TUNNEL_ERR_EMPTY_FRAME;
    }
    switch (message[0]) {
    case PAIRING_V3_TYPE_LEGACY: return TUNNEL_ERR_LEGACY_FRAME;
    case PAIRING_V3_TYPE_V2_HANDSHAKE: return TUNNEL_ERR_VERSION_MISMATCH; /* V3-BIND-1 */
    case PAIRING_V3_TYPE_SESSION:
    case PAIRING_V3_TYPE_V2_ACK:
    case PAIRING_V3_TYPE_MESSAGE_2:
    case RECONNECT_V3_TYPE_MESSAGE_1:
    case RECONNECT_V3_TYPE_MESSAGE_2:
    case RECONNECT_V3_TYPE_CONFIRMATION: return TUNNEL_ERR_UNEXPECTED_TYPE;
    case PAIRING_V3_TYPE_MESSAGE_1:
    case PAIRING_V3_TYPE_RECORD:
    case SESSION_V3_TYPE: return TUNNEL_OK;
    default: return TUNNEL_ERR_UNSUPPORTED_TYPE;
    }
}

/* handshake_replayed for an ephemeral key a message 2 already answered: the
 * keys are public, so memcmp. */
static bool answered_before(const core_pairing_v3 *channel, const uint8_t ephemeral_public[32])
{
    for (size_t i = 0; i < channel->attempts; i++) {
        if (memcmp(channel->answered_ephemerals[i], ephemeral_public, 32) == 0) {
            return true;
        }
    }
    return false;
}

/* The Noise part of an accepted message 1: the read, the attempt limit,
 * message 2 with N_C into send, and the new attempt in place of any earlier
 * one (whose reveal has not come, or the channel would be confirming). */
static tunnel_error answer_message_1(core_pairing_v3 *channel, noise_handshake *handshake,
                                     const uint8_t *message, const uint8_t core_nonce[32],
                                     core_pairing_v3_send *send)
{
    uint8_t commitment[32];
    size_t commitment_length = 0;
    tunnel_error status = noise_handshake_read(
        handshake, message + 1, PAIRING_V3_MESSAGE_1_LENGTH - 1, commitment, &commitment_length);
    if (status != TUNNEL_OK) {
        return status;
    }
    if (channel->attempts == PAIRING_V3_ATTEMPT_LIMIT) {
        revoke(channel);
        return TUNNEL_ERR_TOO_MANY_ATTEMPTS;
    }
    send->bytes[0] = PAIRING_V3_TYPE_MESSAGE_2;
    status = noise_handshake_write(handshake, core_nonce, PAIRING_V3_NONCE_LENGTH, send->bytes + 1);
    if (status != TUNNEL_OK) {
        return status;
    }
    send->length = PAIRING_V3_MESSAGE_2_LENGTH;
    drop_attempt(channel);
    pairing_v3_attempt *attempt = &channel->attempt;
    noise_handshake_split(handshake, &attempt->device_to_core, &attempt->core_to_device);
    key_log_pairing_v3_message_one(handshake, handshake->re);
    key_log_pairing_v3_message_two(handshake, handshake->re, attempt->device_to_core.k,
                                   attempt->core_to_device.k);
    memcpy(attempt->device_public, handshake->rs, 32);
    memcpy(attempt->commitment, commitment, 32);
    memcpy(attempt->core_nonce, core_nonce, PAIRING_V3_NONCE_LENGTH);
    memcpy(attempt->handshake_hash, handshake->symmetric.h, 32);
    channel->has_attempt = true;
    memcpy(channel->answered_ephemerals[channel->attempts], handshake->re, 32);
    channel->attempts++;
    return TUNNEL_OK;
}

/* V3-CORE-1 step 3, after the type and the channel. */
static tunnel_error receive_message_1(core_pairing_v3 *channel, const uint8_t *message,
                                      size_t length, uint64_t now, const uint8_t *core_ephemeral,
                                      const uint8_t *core_nonce, core_pairing_v3_send *send)
{
    if (channel->status == CHANNEL_CONFIRMING) {
        return TUNNEL_ERR_PAIRING_UNCONFIRMED; /* its code is on screen */
    }
    tunnel_error status = pairing_v3_check_length(length, PAIRING_V3_MESSAGE_1_LENGTH);
    if (status == TUNNEL_OK) {
        status = handshake_rate_take(&channel->rate, now); /* before the first X25519 */
    }
    if (status == TUNNEL_OK && answered_before(channel, message + 1)) {
        status = TUNNEL_ERR_HANDSHAKE_REPLAYED;
    }
    if (status != TUNNEL_OK) {
        return status;
    }
    /* ADP-14: the step's ephemeral key and nonce when it gives them. */
    uint8_t ephemeral[32];
    uint8_t nonce[PAIRING_V3_NONCE_LENGTH];
    if (core_ephemeral != NULL) {
        memcpy(ephemeral, core_ephemeral, sizeof ephemeral);
    } else {
        randombytes_buf(ephemeral, sizeof ephemeral);
    }
    if (core_nonce != NULL) {
        memcpy(nonce, core_nonce, sizeof nonce);
    } else {
        randombytes_buf(nonce, sizeof nonce);
    }
    noise_handshake handshake;
    noise_handshake_init(&handshake, NOISE_IKPSK1, false, channel->prologue,
                         channel->prologue_length, channel->psk, channel->core_static_private,
                         ephemeral, NULL);
    status = answer_message_1(channel, &handshake, message, nonce, send);
    sodium_memzero(&handshake, sizeof handshake);
    sodium_memzero(ephemeral, sizeof ephemeral);
    sodium_memzero(nonce, sizeof nonce);
    return status;
}

/* V3-COMMIT-2: the first record is N_D, which must open the commitment of
 * message 1; then the code is on screen until the deadline. */
static tunnel_error receive_reveal(core_pairing_v3 *channel, const uint8_t device_nonce[32],
                                   uint64_t now)
{
    pairing_v3_attempt *attempt = &channel->attempt;
    uint8_t commitment[32];
    pairing_v3_commitment(device_nonce, commitment);
    if (sodium_memcmp(commitment, attempt->commitment, 32) != 0) {
        revoke(channel);
        return TUNNEL_ERR_COMMITMENT_MISMATCH;
    }
    memcpy(attempt->device_nonce, device_nonce, PAIRING_V3_NONCE_LENGTH);
    pairing_v3_code(attempt->handshake_hash, attempt->device_nonce, attempt->core_nonce,
                    attempt->code);
    attempt->deadline = now + PAIRING_V3_CONFIRM_SECONDS;
    channel->status = CHANNEL_CONFIRMING;
    return TUNNEL_OK;
}

/* V3-CONFIRM-1: the device's second record is its user's answer, Match or
 * No for this attempt's code; anything else ends the pairing too. */
static tunnel_error receive_answer(core_pairing_v3 *channel, const uint8_t answer[32], uint64_t now)
{
    pairing_v3_attempt *attempt = &channel->attempt;
    uint8_t match[32];
    uint8_t no[32];
    pairing_v3_confirmation(PAIRING_V3_DEVICE, attempt->handshake_hash, attempt->code, match);
    pairing_v3_rejection(PAIRING_V3_DEVICE, attempt->handshake_hash, no);
    tunnel_error status = TUNNEL_OK;
    if (sodium_memcmp(answer, match, 32) == 0) {
        attempt->device_confirmed = true;
        if (attempt->core_confirmed) {
            commit(channel, now);
        }
    } else if (sodium_memcmp(answer, no, 32) == 0) {
        revoke(channel);
    } else {
        revoke(channel);
        status = TUNNEL_ERR_CONFIRMATION_MISMATCH;
    }
    sodium_memzero(match, sizeof match);
    return status;
}

/* V3-CORE-1 step 4, after the type and the channel. */
static tunnel_error receive_record(core_pairing_v3 *channel, const uint8_t *message, size_t length,
                                   uint64_t now)
{
    pairing_v3_attempt *attempt = &channel->attempt;
    if (!channel->has_attempt || attempt->device_confirmed) {
        return TUNNEL_ERR_UNEXPECTED_TYPE; /* no record is due */
    }
    tunnel_error status = pairing_v3_check_length(length, PAIRING_V3_RECORD_LENGTH);
    if (status != TUNNEL_OK) {
        return status;
    }
    uint8_t plaintext[32];
    size_t plaintext_length = 0;
    status = noise_cipher_decrypt(&attempt->device_to_core, NULL, 0, message + 1,
                                  PAIRING_V3_RECORD_LENGTH - 1, plaintext, &plaintext_length);
    if (status == TUNNEL_OK) {
        status = channel->status == CHANNEL_PENDING ? receive_reveal(channel, plaintext, now)
                                                    : receive_answer(channel, plaintext, now);
    }
    sodium_memzero(plaintext, sizeof plaintext);
    return status;
}

tunnel_error core_pairing_v3_receive(core_pairing_v3 *channel, const uint8_t *message,
                                     size_t length, uint64_t now, const uint8_t *core_ephemeral,
                                     const uint8_t *core_nonce, core_pairing_v3_send *send,
                                     channel_delivery_v3 *delivery)
{
    send->length = 0;
    memset(delivery, 0, sizeof *delivery);
    apply_deadline(channel, now);
    tunnel_error status = check_type(message, length);
    if (status != TUNNEL_OK) {
        return status;
    }
    /* V3-CORE-1 step 2: the channel. A paired channel takes only the frames
     * of the session its commit started (V3-CHAN-1). */
    switch (channel->status) {
    case CHANNEL_REVOKED: return TUNNEL_ERR_CHANNEL_REVOKED;
    case CHANNEL_PAIRED:
        return message[0] == SESSION_V3_TYPE
                   ? channel_session_v3_receive(&channel->session, message, length, delivery)
                   : TUNNEL_ERR_UNEXPECTED_TYPE;
    case CHANNEL_PENDING:
        if (now >= channel->expires_at) {
            revoke(channel);
            return TUNNEL_ERR_PAIRING_EXPIRED;
        }
        break;
    case CHANNEL_CONFIRMING:
    default: break;
    }
    switch (message[0]) {
    case PAIRING_V3_TYPE_MESSAGE_1:
        return receive_message_1(channel, message, length, now, core_ephemeral, core_nonce, send);
    case PAIRING_V3_TYPE_RECORD: return receive_record(channel, message, length, now);
    default: return TUNNEL_ERR_UNEXPECTED_TYPE; /* a 0x16 before the commit: no session yet */
    }
}

tunnel_error core_pairing_v3_send_begin(core_pairing_v3 *channel, const uint8_t *message,
                                        size_t length, uint64_t now, channel_sending_v3 *sending)
{
    memset(sending, 0, sizeof *sending);
    apply_deadline(channel, now);
    switch (channel->status) {
    case CHANNEL_REVOKED: return TUNNEL_ERR_CHANNEL_REVOKED;
    case CHANNEL_CONFIRMING: return TUNNEL_ERR_PAIRING_UNCONFIRMED; /* the code is on screen */
    case CHANNEL_PENDING:
    case CHANNEL_PAIRED:
    default: return channel_session_v3_send_begin(&channel->session, message, length, now, sending);
    }
}

/* The core's one record: its user's answer under the attempt's
 * core-to-device key (counter 0). */
static tunnel_error send_answer(pairing_v3_attempt *attempt, const uint8_t answer[32],
                                core_pairing_v3_send *send)
{
    send->bytes[0] = PAIRING_V3_TYPE_RECORD;
    tunnel_error status = noise_cipher_encrypt(&attempt->core_to_device, NULL, 0, answer, 32,
                                               send->bytes + 1);
    if (status == TUNNEL_OK) {
        send->length = PAIRING_V3_RECORD_LENGTH;
    }
    return status;
}

/* The desktop's dialog asks only while the code is on screen and the core's
 * user has not answered (V3-CONFIRM-2: a second Yes is not_confirming). */
static tunnel_error check_dialog(const core_pairing_v3 *channel)
{
    if (channel->status == CHANNEL_REVOKED) {
        return TUNNEL_ERR_CHANNEL_REVOKED;
    }
    return channel->status == CHANNEL_CONFIRMING && !channel->attempt.core_confirmed
               ? TUNNEL_OK
               : TUNNEL_ERR_NOT_CONFIRMING;
}

tunnel_error core_pairing_v3_confirm(core_pairing_v3 *channel, uint64_t now, const char *code,
                                     size_t code_length, core_pairing_v3_send *send)
{
    send->length = 0;
    apply_deadline(channel, now);
    tunnel_error status = check_dialog(channel);
    pairing_v3_attempt *attempt = &channel->attempt;
    /* R3-4: a Yes for another code than the one on screen changes nothing. */
    if (status == TUNNEL_OK &&
        (code_length != SAS_DIGITS || memcmp(code, attempt->code, SAS_DIGITS) != 0)) {
        status = TUNNEL_ERR_STALE_CONFIRMATION;
    }
    if (status != TUNNEL_OK) {
        return status;
    }
    uint8_t yes[32];
    pairing_v3_confirmation(PAIRING_V3_CORE, attempt->handshake_hash, attempt->code, yes);
    status = send_answer(attempt, yes, send);
    sodium_memzero(yes, sizeof yes);
    if (status == TUNNEL_OK) {
        attempt->core_confirmed = true;
        if (attempt->device_confirmed) {
            commit(channel, now);
        }
    }
    return status;
}

tunnel_error core_pairing_v3_reject(core_pairing_v3 *channel, uint64_t now,
                                    core_pairing_v3_send *send)
{
    send->length = 0;
    apply_deadline(channel, now);
    /* V3-CONFIRM-1: a No before the reveal revokes and sends nothing. */
    if (channel->status == CHANNEL_PENDING) {
        revoke(channel);
        return TUNNEL_OK;
    }
    tunnel_error status = check_dialog(channel);
    if (status == TUNNEL_OK) {
        uint8_t no[32];
        pairing_v3_rejection(PAIRING_V3_CORE, channel->attempt.handshake_hash, no);
        status = send_answer(&channel->attempt, no, send);
        revoke(channel);
    }
    return status;
}

void core_pairing_v3_tick(core_pairing_v3 *channel, uint64_t now)
{
    apply_deadline(channel, now);
    if (channel->status == CHANNEL_PENDING && now >= channel->expires_at) {
        revoke(channel);
    }
}
