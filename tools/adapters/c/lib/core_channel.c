#include "core_channel.h"

#include <sodium.h>
#include <string.h>

#include "frame.h"

void core_channel_init(core_channel *channel, const uint8_t core_static_private[32],
                       const channel_state *state, size_t session_bound)
{
    memset(channel, 0, sizeof *channel);
    memcpy(channel->core_static_private, core_static_private, 32);
    channel->state = *state;
    channel->session_bound = session_bound;
}

static void end_current_session(core_channel *channel)
{
    if (channel->has_current) {
        core_session_wipe(&channel->current);
        channel->has_current = false;
    }
}

static void empty_slot(core_channel *channel)
{
    sodium_memzero(&channel->slot, sizeof channel->slot);
    channel->has_slot = false;
}

/* CHAN-4, CONFIRM-3 case 2: revocation ends the session at once. It is
 * always the core's own decision (SIG-CORE-3), so it owes the relay
 * tunnel:revoke (SIG-CORE-2): the one place a channel becomes revoked. */
static void revoke(core_channel *channel)
{
    if (channel->state.status != CHANNEL_REVOKED) {
        channel->revoke_owed = true;
    }
    channel->state.status = CHANNEL_REVOKED;
    end_current_session(channel);
    empty_slot(channel);
}

/* CONFIRM-3 case 3: the first input after the deadline finds the channel
 * revoked, before the input itself is processed. */
static void apply_timeout(core_channel *channel, uint64_t now)
{
    if (channel->state.status == CHANNEL_CONFIRMING && now > channel->state.deadline) {
        revoke(channel);
    }
}

void core_channel_wipe(core_channel *channel)
{
    end_current_session(channel);
    sodium_memzero(channel, sizeof *channel);
}

/* KEYCONF-7: a pending channel admits at most PENDING_HANDSHAKE_LIMIT
 * handshakes and PENDING_DEVICE_KEY_LIMIT distinct device keys into its
 * slot; the handshake beyond either bound revokes it. */
static tunnel_error admit(core_channel *channel, const core_handshake_result *result)
{
    if (channel->state.status != CHANNEL_PENDING) {
        return TUNNEL_OK;
    }
    bool new_key = true;
    for (size_t i = 0; i < channel->pending_device_key_count; i++) {
        if (memcmp(channel->pending_device_keys[i], result->device_public, 32) == 0) {
            new_key = false;
        }
    }
    if ((new_key && channel->pending_device_key_count >= PENDING_DEVICE_KEY_LIMIT) ||
        channel->pending_handshake_count >= PENDING_HANDSHAKE_LIMIT) {
        revoke(channel);
        return TUNNEL_ERR_TOO_MANY_ATTEMPTS;
    }
    if (new_key) {
        memcpy(channel->pending_device_keys[channel->pending_device_key_count++],
               result->device_public, 32);
    }
    memcpy(channel->pending_client_ephemerals[channel->pending_handshake_count++],
           result->client_ephemeral_public, 32);
    return TUNNEL_OK;
}

/* HS-4-9 (R3-16): every client_eph a pending channel admitted; otherwise
 * those of the slot and of the current session. storage holds two keys. */
static core_handshake_limits limits_of(core_channel *channel, uint8_t storage[2][32])
{
    core_handshake_limits limits = {.rate = &channel->rate};
    if (channel->state.status == CHANNEL_PENDING) {
        limits.refused_client_ephemerals = (const uint8_t(*)[32])channel->pending_client_ephemerals;
        limits.refused_count = channel->pending_handshake_count;
        return limits;
    }
    if (channel->has_slot) {
        memcpy(storage[limits.refused_count++], channel->slot.client_ephemeral_public, 32);
    }
    if (channel->has_current) {
        memcpy(storage[limits.refused_count++], channel->current_client_ephemeral, 32);
    }
    limits.refused_client_ephemerals = (const uint8_t(*)[32])storage;
    return limits;
}

bool core_channel_attempts(const core_channel *channel, size_t *handshakes, size_t *device_keys)
{
    if (channel->state.status != CHANNEL_PENDING && channel->state.status != CHANNEL_CONFIRMING) {
        return false;
    }
    *handshakes = channel->pending_handshake_count;
    *device_keys = channel->pending_device_key_count;
    return true;
}

tunnel_error core_channel_handshake(core_channel *channel, const uint8_t *frame,
                                    size_t frame_length, uint64_t now,
                                    const uint8_t server_ephemeral_private[32],
                                    const uint8_t ack_nonce[24], core_handshake_result *result)
{
    apply_timeout(channel, now);
    uint8_t refused[2][32];
    core_handshake_limits limits = limits_of(channel, refused);
    tunnel_error error = core_handshake_open(
        frame, frame_length, channel->core_static_private, &channel->state,
        channel->has_slot ? channel->slot.handshake_ephemeral_public : NULL, &limits, now,
        server_ephemeral_private, ack_nonce, result);
    if (error == TUNNEL_OK) {
        error = admit(channel, result);
    }
    if (error != TUNNEL_OK) {
        sodium_memzero(result, sizeof *result);
        return error;
    }
    /* KEYCONF-1: one pending handshake per channel; the newer replaces it. */
    empty_slot(channel);
    memcpy(channel->slot.device_public, result->device_public, 32);
    memcpy(channel->slot.handshake_ephemeral_public, result->handshake_ephemeral_public, 32);
    memcpy(channel->slot.client_ephemeral_public, result->client_ephemeral_public, 32);
    channel->slot.keys = result->keys;
    memcpy(channel->slot.sas, result->sas, sizeof channel->slot.sas);
    channel->has_slot = true;
    return TUNNEL_OK;
}

/* KEYCONF-4: one step, with the new session already built, so nothing can
 * fail half way: the slot becomes the current session, the old session
 * ends, the slot empties and the state moves on. */
static void commit_slot(core_channel *channel, core_session *fresh, uint64_t now)
{
    end_current_session(channel);
    channel->current = *fresh;
    channel->has_current = true;
    memcpy(channel->current_client_ephemeral, channel->slot.client_ephemeral_public, 32);
    channel_state *state = &channel->state;
    if (state->status == CHANNEL_PENDING) {
        state->status = CHANNEL_CONFIRMING;
        state->deadline = now + CONFIRM_TIMEOUT_SECONDS; /* CONFIRM-1 */
    }
    /* paired stays paired; a confirming channel has an empty slot (CONFIRM-5). */
    memcpy(state->device_public, channel->slot.device_public, 32);
    memcpy(state->last_handshake_ephemeral, channel->slot.handshake_ephemeral_public, 32);
    state->has_last_handshake_ephemeral = true;
    empty_slot(channel);
}

/* KEYCONF-3 step 7: the frame opens under the slot's c2s. On success the
 * slot is committed and the nonce is the first of the new session. */
static tunnel_error open_under_slot(core_channel *channel, const uint8_t *frame,
                                    size_t frame_length, uint64_t now, uint8_t *plaintext,
                                    size_t *plaintext_length)
{
    core_session fresh;
    tunnel_error error = core_session_init(&fresh, &channel->slot.keys, channel->session_bound);
    if (error != TUNNEL_OK) {
        return error;
    }
    error = core_session_authenticate(&fresh, frame, frame_length, plaintext, plaintext_length);
    if (error == TUNNEL_OK) {
        error = core_session_record(&fresh, frame + 1);
    }
    if (error != TUNNEL_OK) {
        core_session_wipe(&fresh);
        return error;
    }
    commit_slot(channel, &fresh, now);
    sodium_memzero(&fresh, sizeof fresh);
    return TUNNEL_OK;
}

/* KEYCONF-3 steps 5 to 8, after the shape and the state checks. */
static tunnel_error open_session_frame(core_channel *channel, const uint8_t *frame,
                                       size_t frame_length, uint64_t now, uint8_t *plaintext,
                                       size_t *plaintext_length)
{
    const uint8_t *nonce = frame + 1;
    core_session *current = channel->has_current ? &channel->current : NULL;
    if (current != NULL && core_session_remembers(current, nonce)) {
        return TUNNEL_ERR_REPLAYED;
    }
    if (current != NULL && !core_session_exhausted(current) &&
        core_session_authenticate(current, frame, frame_length, plaintext, plaintext_length) ==
            TUNNEL_OK) {
        return core_session_record(current, nonce);
    }
    if (channel->has_slot) {
        tunnel_error error = open_under_slot(channel, frame, frame_length, now, plaintext,
                                             plaintext_length);
        if (error != TUNNEL_ERR_AUTH_FAILED) {
            return error;
        }
    }
    return current != NULL && core_session_exhausted(current) ? TUNNEL_ERR_SESSION_EXHAUSTED
                                                              : TUNNEL_ERR_AUTH_FAILED;
}

tunnel_error core_channel_open(core_channel *channel, const uint8_t *frame, size_t frame_length,
                               uint64_t now, uint8_t *plaintext, size_t *plaintext_length)
{
    *plaintext_length = 0;
    apply_timeout(channel, now);
    tunnel_error error = frame_check_shape(frame, frame_length, FRAME_TYPE_SESSION,
                                           SESSION_FRAME_OVERHEAD);
    if (error != TUNNEL_OK) {
        return error;
    }
    const channel_state *state = &channel->state;
    if (state->status == CHANNEL_REVOKED) {
        return TUNNEL_ERR_CHANNEL_REVOKED;
    }
    /* Grace: a handshake accepted in time commits only up to 60 s later. */
    if (state->status == CHANNEL_PENDING && now > state->expires_at + PENDING_GRACE_SECONDS) {
        return TUNNEL_ERR_PAIRING_EXPIRED;
    }
    if (!channel->has_current && !channel->has_slot) {
        return TUNNEL_ERR_NO_SESSION;
    }
    error = open_session_frame(channel, frame, frame_length, now, plaintext, plaintext_length);
    if (error == TUNNEL_OK && state->status == CHANNEL_CONFIRMING) {
        error = TUNNEL_ERR_PAIRING_UNCONFIRMED; /* CONFIRM-2: accepted, not delivered */
    }
    if (error != TUNNEL_OK) {
        sodium_memzero(plaintext, *plaintext_length);
        *plaintext_length = 0;
    }
    return error;
}

tunnel_error core_channel_seal(core_channel *channel, const uint8_t *plaintext,
                               size_t plaintext_length, const uint8_t *nonce, uint64_t now,
                               uint8_t *frame, size_t *frame_length)
{
    *frame_length = 0;
    apply_timeout(channel, now);
    if (channel->state.status == CHANNEL_REVOKED) {
        return TUNNEL_ERR_CHANNEL_REVOKED;
    }
    if (!channel->has_current) {
        return TUNNEL_ERR_NO_SESSION;
    }
    if (channel->state.status == CHANNEL_CONFIRMING) {
        return TUNNEL_ERR_PAIRING_UNCONFIRMED;
    }
    return core_session_seal(&channel->current, plaintext, plaintext_length, nonce, frame,
                             frame_length);
}

/* CONFIRM-4: only a confirming channel takes an answer. */
static tunnel_error check_confirming(const core_channel *channel)
{
    switch (channel->state.status) {
    case CHANNEL_REVOKED: return TUNNEL_ERR_CHANNEL_REVOKED;
    case CHANNEL_CONFIRMING: return TUNNEL_OK;
    case CHANNEL_PENDING:
    case CHANNEL_PAIRED:
    default: return TUNNEL_ERR_NOT_CONFIRMING;
    }
}

tunnel_error core_channel_confirm(core_channel *channel, uint64_t now,
                                  const uint8_t handshake_ephemeral[32])
{
    apply_timeout(channel, now);
    tunnel_error error = check_confirming(channel);
    /* CONFIRM-4: the user confirmed the code of this handshake; another one
     * than the committed one does not count (public values: memcmp). */
    if (error == TUNNEL_OK &&
        memcmp(handshake_ephemeral, channel->state.last_handshake_ephemeral, 32) != 0) {
        error = TUNNEL_ERR_STALE_CONFIRMATION;
    }
    if (error == TUNNEL_OK) {
        channel->state.status = CHANNEL_PAIRED; /* session and slot stay */
    }
    return error;
}

tunnel_error core_channel_reject(core_channel *channel, uint64_t now)
{
    apply_timeout(channel, now);
    tunnel_error error = check_confirming(channel);
    if (error == TUNNEL_OK) {
        revoke(channel);
    }
    return error;
}

void core_channel_tick(core_channel *channel, uint64_t now)
{
    apply_timeout(channel, now);
}

void core_channel_restart(core_channel *channel, uint64_t now)
{
    apply_timeout(channel, now);
    switch (channel->state.status) {
    case CHANNEL_PENDING:
    case CHANNEL_CONFIRMING: revoke(channel); break;
    case CHANNEL_PAIRED:
        end_current_session(channel);
        empty_slot(channel);
        break;
    case CHANNEL_REVOKED:
    default: break;
    }
}

void core_channel_relay_revoked(core_channel *channel, uint64_t now)
{
    apply_timeout(channel, now);
}

bool core_channel_take_revoke(core_channel *channel)
{
    bool owed = channel->revoke_owed;
    channel->revoke_owed = false;
    return owed;
}

tunnel_error core_channel_fill_session(core_channel *channel, uint64_t now)
{
    apply_timeout(channel, now);
    if (!channel->has_current) {
        return TUNNEL_ERR_NO_SESSION;
    }
    core_session_exhaust(&channel->current);
    return TUNNEL_OK;
}
