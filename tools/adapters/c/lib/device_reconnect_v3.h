/* The paired phone's side of a version 3 reconnection (V3-RECON-4): the
 * KKpsk2 initiator's message 1 under a fresh ephemeral key, message 2 read
 * on a copy of the state so a refused one leaves the phone waiting, the
 * key confirmation sent at once when one passes, and the new session's
 * frames (V3-CHAN-3).
 *
 * A message 2 that passes its tags proves the core holds its static key and
 * the reconnection psk (psk2 enters at its end), so the phone then uses the
 * new session; the confirmation, sent before anything else under the new
 * keys, is what lets the core commit it too. */
#ifndef OPENHUMAN_DEVICE_RECONNECT_V3_H
#define OPENHUMAN_DEVICE_RECONNECT_V3_H

#include <stddef.h>
#include <stdint.h>

#include "channel_session_v3.h"
#include "noise.h"
#include "reconnect_v3.h"
#include "tunnel_error.h"

typedef enum {
    DEVICE_RECONNECT_V3_AWAITING, /* message 1 sent, no message 2 passed yet */
    DEVICE_RECONNECT_V3_CONNECTED /* the confirmation sent, the new session in use */
} device_reconnect_v3_state;

typedef struct {
    device_reconnect_v3_state state;
    /* Awaiting: the initiator after message 1, never read into itself
     * (a failed read wipes the copy, V3-NOISE-3). */
    noise_handshake handshake;
    /* Connected: the new session, named by its handshake's h; the previous
     * one's keys are gone. The phone sends and takes 0x16 only under it:
     * channel_session_v3_send_begin on session answers no_session before. */
    uint8_t session_hash[32];
    channel_session_v3 session;
} device_reconnect_v3;

/* Starts a reconnection to the paired core (core_public, cid with
 * pairing_v3_cid_is_valid as the caller's check, the stored reconnect_psk)
 * and writes message 1. The ephemeral key is the caller's (the kit fixes it;
 * an endpoint draws a fresh one for each reconnection). A core key of low
 * order gives a zero es: low_order_key, and the state is wiped. */
tunnel_error device_reconnect_v3_start(device_reconnect_v3 *device, const uint8_t core_public[32],
                                       const char *cid, size_t cid_length,
                                       const uint8_t reconnect_psk[32],
                                       const uint8_t device_static_private[32],
                                       const uint8_t device_ephemeral[32],
                                       uint8_t message_1[RECONNECT_V3_MESSAGE_1_LENGTH]);

/* Erases every key, the session's included. */
void device_reconnect_v3_wipe(device_reconnect_v3 *device);

/* A message from the core at now, checked in V3-RECON-4's order: empty,
 * 0x01, a 0x16 once connected (to the session, which fills *delivery,
 * cleared first, when it accepts it), whether it is due (message 2 while
 * awaiting; nothing else), unregistered octets, the size, the Noise read. A
 * message 2 that passes connects the phone, puts the key confirmation into
 * send and starts the session, its first epoch at now. */
tunnel_error device_reconnect_v3_receive(device_reconnect_v3 *device, const uint8_t *message,
                                         size_t length, uint64_t now, reconnect_v3_send *send,
                                         channel_delivery_v3 *delivery);

#endif
