/* The short authentication string of a pairing (SAS-1, SAS-2): six digits
 * both sides show so the user can see that the phone and the desktop ran
 * the same exchange with each other. static_dh binds both static keys (a
 * rogue device or core gets another code), eph_dh makes it new per session
 * and unknown to the relay, and the transcript binds the exact bytes of the
 * 0x03 and 0x04 messages (a replayed handshake gets a new ack, so a new
 * code). The code is never sent. */
#ifndef OPENHUMAN_SAS_H
#define OPENHUMAN_SAS_H

#include <stddef.h>
#include <stdint.h>

#define SAS_DIGITS 6u
#define SAS_OKM_LENGTH 8u

/* code = u64be(okm) mod 10^6 as six ASCII digits, leading zeros kept, then a
 * NUL (SAS-2): the reduction shared by version 2's code and version 3's. */
void sas_code_from_okm(const uint8_t okm[SAS_OKM_LENGTH], char code[SAS_DIGITS + 1]);

/* transcript = u32be(len(hs)) || hs || u32be(len(ack)) || ack;
 * okm = HKDF-SHA256(static_dh || eph_dh, SHA-256(transcript),
 *                   "openhuman-tunnel/v2/sas", 8);
 * code = u64be(okm) mod 10^6 as six ASCII digits, leading zeros kept, then
 * a NUL. Messages longer than 2^32 - 1 bytes cannot be length-prefixed and
 * never occur (frames are at most 49,152 bytes); the length is taken mod 2^32. */
void sas_derive(const uint8_t static_dh[32], const uint8_t ephemeral_dh[32],
                const uint8_t *handshake, size_t handshake_length, const uint8_t *ack,
                size_t ack_length, char code[SAS_DIGITS + 1]);

#endif
