/* One pairing as the device keeps it: its keys from the scan and one state of
 * section 5.9 (DEV-STATE-1 to DEV-STATE-4).
 *
 *   idle --start--> awaiting-ack(client_eph, deadline) --valid ack--> established(session)
 *   awaiting-ack --deadline passed--> idle        any --start--> awaiting-ack (session ended)
 *
 * A refused ack changes nothing (DEV-STATE-3); a deadline that passed wipes
 * client_eph, so no later ack can install a session; a start ends the session
 * and the earlier handshake first (DEV-STATE-2). Time is an input in seconds;
 * the deadline passes at the first call with now later than it (as RPC-5). */
#ifndef OPENHUMAN_DEVICE_PAIRING_H
#define OPENHUMAN_DEVICE_PAIRING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "handshake_device.h"
#include "session_cipher.h"
#include "tunnel_error.h"

typedef enum {
    DEVICE_IDLE,
    DEVICE_AWAITING_ACK,
    DEVICE_ESTABLISHED
} device_phase;

typedef struct {
    uint8_t core_static_public[32];
    uint8_t device_static_private[32];
    int64_t ack_timeout;
    device_phase phase;
    uint8_t client_ephemeral_private[32]; /* held in awaiting-ack only */
    int64_t deadline;                     /* awaiting-ack only */
    session_cipher session;               /* established only */
} device_pairing;

/* A pairing in idle. */
void device_pairing_init(device_pairing *pairing, const uint8_t core_static_public[32],
                         const uint8_t device_static_private[32], int64_t ack_timeout);

/* Wipes every key of the pairing. */
void device_pairing_wipe(device_pairing *pairing);

/* DEV-STATE-3: forgets a handshake whose deadline passed. */
void device_pairing_expire(device_pairing *pairing, int64_t now);

/* DEV-STATE-2: sends a new handshake from any state into frame; the session
 * and any earlier handshake end first, even when HS-3 refuses the core key. */
tunnel_error device_pairing_start(device_pairing *pairing,
                                  const uint8_t handshake_ephemeral_private[32],
                                  const uint8_t client_ephemeral_private[32],
                                  const uint8_t nonce[24], int64_t now,
                                  uint8_t frame[HANDSHAKE_FRAME_LENGTH]);

/* DEV-STATE-4: an accepted ack sets *established and fills keys; an opened
 * session frame fills plaintext (room for length bytes). A refusal changes
 * nothing. */
tunnel_error device_pairing_receive(device_pairing *pairing, const uint8_t *message, size_t length,
                                    int64_t now, bool *established, session_keys *keys,
                                    uint8_t *plaintext, size_t *plaintext_length);

/* "idle", "awaiting-ack" or "established". */
const char *device_phase_name(device_phase phase);

#endif
