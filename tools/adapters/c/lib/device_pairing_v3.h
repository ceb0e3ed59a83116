/* The phone's side of a version 3 first pairing (V3-DEV-1, V3-CONFIRM-1,
 * V3-CONFIRM-2): the IKpsk1 initiator for the QR code it scanned, its
 * commitment in message 1, the reveal once message 2 has passed its tags,
 * the code on its screen, its user's Match or No and the core's answer,
 * and the session the commit starts (V3-CHAN-3).
 *
 * The order is what makes the code unsteerable: message 1 commits to N_D
 * before anything of the core's is read, and N_D leaves only after message
 * 2 fixed the core's contribution. A message 2 that fails is refused and
 * the phone still waits, so a forged one on the relay cannot end a genuine
 * pairing; the core's key and the reconnection psk are kept only when both
 * users' confirmations are made. */
#ifndef OPENHUMAN_DEVICE_PAIRING_V3_H
#define OPENHUMAN_DEVICE_PAIRING_V3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "channel_session_v3.h"
#include "noise.h"
#include "pairing_v3.h"
#include "sas.h"
#include "tunnel_error.h"

typedef enum {
    DEVICE_PAIRING_V3_AWAITING,   /* message 1 sent, message 2 not yet read */
    DEVICE_PAIRING_V3_CONFIRMING, /* the reveal sent, the code on screen */
    DEVICE_PAIRING_V3_PAIRED,
    DEVICE_PAIRING_V3_FAILED
} device_pairing_v3_state;

/* What the phone sends because of one step: at most one record. length 0:
 * nothing. */
typedef struct {
    uint8_t bytes[PAIRING_V3_RECORD_LENGTH];
    size_t length;
} device_pairing_v3_send;

typedef struct {
    device_pairing_v3_state state;
    /* Awaiting: the initiator after message 1. Each message 2 is read by a
     * copy, so one that fails is discarded with its copy (V3-NOISE-3) and
     * this state is unchanged for the next (V3-DEV-1). */
    noise_handshake handshake;
    uint8_t core_public[32];
    uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH];
    /* Confirming: what message 2 established. */
    uint8_t core_nonce[PAIRING_V3_NONCE_LENGTH];
    uint8_t handshake_hash[32];
    noise_cipher_state device_to_core; /* the reveal, then the user's answer */
    noise_cipher_state core_to_device; /* the core's one record */
    char code[SAS_DIGITS + 1];
    bool core_confirmed;
    bool device_confirmed;
    /* Paired: what the pairing committed besides core_public (V3-PSK-2), and
     * the session the commit started under the records' transport keys
     * (V3-CHAN-3): the phone sends and takes 0x16 only under it. */
    uint8_t reconnect_psk[32];
    channel_session_v3 session;
} device_pairing_v3;

/* Starts the pairing for the QR code (core_public, cid with
 * pairing_v3_cid_is_valid as the caller's check, pairing_secret) and writes
 * message 1 with the commitment to device_nonce. The ephemeral key and the
 * nonce are the caller's (the kit fixes them; an endpoint draws both from
 * its CSPRNG). A core key of low order gives a zero DH: low_order_key, and
 * the phone is failed and wiped. */
tunnel_error device_pairing_v3_start(device_pairing_v3 *device, const uint8_t core_public[32],
                                     const char *cid, size_t cid_length,
                                     const uint8_t pairing_secret[PAIRING_V3_SECRET_LENGTH],
                                     const uint8_t device_static_private[32],
                                     const uint8_t device_ephemeral[32],
                                     const uint8_t device_nonce[PAIRING_V3_NONCE_LENGTH],
                                     uint8_t message_1[PAIRING_V3_MESSAGE_1_LENGTH]);

/* Erases every key and secret, the session's included. */
void device_pairing_v3_wipe(device_pairing_v3 *device);

/* A message from the core at now: the empty message and the octet first
 * (TYPE-2, TYPE-3, TYPE-5), then whether it is due (message 2 while
 * awaiting, the core's one record while confirming, 0x16 once paired;
 * anything else unexpected_type), then its size (V3-MSG-1), then its tags.
 * Message 2 puts the reveal into send and shows the code; the core's record
 * is its user's Yes or No, and a Yes after the phone's Match commits, the
 * session's first epoch starting at now. A 0x16 goes to the session, which
 * fills *delivery (cleared first) when it accepts it. */
tunnel_error device_pairing_v3_receive(device_pairing_v3 *device, const uint8_t *message,
                                       size_t length, uint64_t now, device_pairing_v3_send *send,
                                       channel_delivery_v3 *delivery);

/* The phone user's Match for the code its screen showed (code_length
 * bytes) at now: sends the device's confirmation record, and commits when
 * the core's Yes came first (V3-CONFIRM-2), the session's first epoch
 * starting at now. */
tunnel_error device_pairing_v3_match(device_pairing_v3 *device, const char *code,
                                     size_t code_length, uint64_t now,
                                     device_pairing_v3_send *send);

/* The phone user's No: fails the pairing, and sends the device's rejection
 * record when the code is on screen (V3-CONFIRM-1). */
tunnel_error device_pairing_v3_refuse(device_pairing_v3 *device, device_pairing_v3_send *send);

#endif
