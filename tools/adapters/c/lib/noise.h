/* The Noise Protocol Framework, revision 34, for the two handshakes of wire
 * version 3: Noise_IKpsk1_25519_ChaChaPoly_SHA256 (first pairing: the device
 * knows the core's static key from the QR) and
 * Noise_KKpsk2_25519_ChaChaPoly_SHA256 (reconnection: both know each other).
 * CipherState, SymmetricState and HandshakeState of Noise sections 5.1 to 5.3
 * with the psk modifier of section 9, for these two patterns only, so every
 * token sequence is a fixed table and no other pattern can be run by mistake.
 *
 *   IKpsk1:  <- s                 KKpsk2:  -> s
 *            ...                           <- s
 *            -> e, es, s, ss, psk          ...
 *            <- e, ee, se                  -> e, es, ss
 *                                          <- e, ee, se, psk
 *
 * The ephemeral private key is the caller's (the kit fixes it, like the
 * cacophony test vectors; an endpoint draws it from its CSPRNG). A DH that
 * gives 32 zero bytes is refused with low_order_key at that token (DH-2),
 * a failed ChaChaPoly decryption with auth_failed. */
#ifndef OPENHUMAN_NOISE_H
#define OPENHUMAN_NOISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tunnel_error.h"

#define NOISE_KEY_LENGTH 32u
#define NOISE_HASH_LENGTH 32u
#define NOISE_TAG_LENGTH 16u
/* Noise section 3: no Noise message is longer. */
#define NOISE_MAX_MESSAGE_LENGTH 65535u

typedef enum {
    NOISE_IKPSK1,
    NOISE_KKPSK2
} noise_pattern;

/* CipherState (section 5.1): ChaChaPoly under k with nonce n. Section 5.1's
 * empty key (encryption as the identity) never occurs here: in both psk
 * patterns the first token of each message is e, whose MixKey (section 9.2)
 * sets a key before anything is encrypted, so a CipherState always has one. */
typedef struct {
    uint8_t k[NOISE_KEY_LENGTH];
    uint64_t n;
} noise_cipher_state;

/* SymmetricState (section 5.2): the chaining key ck and the handshake hash h. */
typedef struct {
    noise_cipher_state cipher;
    uint8_t ck[NOISE_HASH_LENGTH];
    uint8_t h[NOISE_HASH_LENGTH];
} noise_symmetric_state;

/* HandshakeState (section 5.3) of one party. After both handshake messages
 * symmetric.h is the handshake hash (GetHandshakeHash). */
typedef struct {
    noise_pattern pattern;
    bool initiator;
    size_t next_message; /* 0 or 1, then 2 when the handshake is over */
    noise_symmetric_state symmetric;
    uint8_t s[32];
    uint8_t s_public[32];
    uint8_t e[32];
    uint8_t e_public[32];
    uint8_t rs[32];
    uint8_t re[32];
    uint8_t psk[32];
#ifdef OPENHUMAN_KEY_LOG
    /* What a version 3 key log names by e_D (KEYLOG-13): k after message 1's
     * es, k and h after its psk, k after message 2's se. Only in a build that
     * writes key logs (KEYLOG-6); wiped with the rest of the state. */
    uint8_t log_es_k[32];
    uint8_t log_psk_k[32];
    uint8_t log_psk_h[32];
    uint8_t log_se_k[32];
#endif
} noise_handshake;

/* The pattern whose full protocol name is name (name_length bytes, not
 * NUL-terminated); false for any other name. */
bool noise_pattern_named(const char *name, size_t name_length, noise_pattern *pattern);

/* EncryptWithAd: out = ChaChaPoly(k, n, ad, plaintext), length + 16 bytes;
 * then n + 1. A ciphertext longer than a Noise message -> plaintext_too_large,
 * and a CipherState whose n reached 2^64 - 1 (reserved, section 5.1) ->
 * session_exhausted, both with nothing written. */
tunnel_error noise_cipher_encrypt(noise_cipher_state *cipher, const uint8_t *ad, size_t ad_length,
                                  const uint8_t *plaintext, size_t length, uint8_t *out);

/* DecryptWithAd, the inverse (out holds length - 16 bytes). A ciphertext
 * longer than a Noise message -> frame_too_large, n at 2^64 - 1 ->
 * session_exhausted, a wrong tag or a ciphertext shorter than one ->
 * auth_failed, each with n unchanged and no plaintext out. */
tunnel_error noise_cipher_decrypt(noise_cipher_state *cipher, const uint8_t *ad, size_t ad_length,
                                  const uint8_t *ciphertext, size_t length, uint8_t *out,
                                  size_t *plaintext_length);

/* Initialize (section 5.3): h = SHA-256(protocol name) (both names are 36
 * bytes, longer than a hash), ck = h, MixHash(prologue), then MixHash of the
 * pre-message keys in pattern order. remote_static is the peer's static
 * public key when the pattern gives it beforehand (IK initiator, both KK
 * parties), and NULL for the IK responder, which learns it from message 1.
 * The public keys are X25519(private, 9). */
void noise_handshake_init(noise_handshake *handshake, noise_pattern pattern, bool initiator,
                          const uint8_t *prologue, size_t prologue_length, const uint8_t psk[32],
                          const uint8_t static_private[32], const uint8_t ephemeral_private[32],
                          const uint8_t *remote_static);

/* The length on the wire of handshake message `message` (0 or 1) of pattern
 * with a payload of payload_length bytes: the tokens' bytes, then the
 * payload with its tag (s and the payload are always encrypted). */
size_t noise_handshake_message_length(noise_pattern pattern, size_t message, size_t payload_length);

/* WriteMessage: the sender's next handshake message (each party writes or
 * reads message 0, then message 1, nothing more) into message
 * (noise_handshake_message_length bytes). A message longer than 65,535
 * bytes -> plaintext_too_large with nothing written and the state as it
 * was; a zero DH -> low_order_key with the state wiped (V3-NOISE-2: the
 * handshake ends on this side; the state is not used again). */
tunnel_error noise_handshake_write(noise_handshake *handshake, const uint8_t *payload,
                                   size_t payload_length, uint8_t *message);

/* ReadMessage: the receiver's next handshake message; the payload goes to
 * payload (capacity length). A message shorter than its tokens and a tag ->
 * frame_too_short, longer than 65,535 bytes -> frame_too_large, both before
 * anything is read. Then its tokens run in order and the first failure ends
 * it: a zero DH -> low_order_key (V3-NOISE-2), a failed decryption ->
 * auth_failed (V3-NOISE-3); the state is then wiped and not used again. */
tunnel_error noise_handshake_read(noise_handshake *handshake, const uint8_t *message, size_t length,
                                  uint8_t *payload, size_t *payload_length);

/* Split (section 5.2), once both messages are through: c1 encrypts from the
 * initiator to the responder, c2 the other way. */
void noise_handshake_split(const noise_handshake *handshake, noise_cipher_state *c1,
                           noise_cipher_state *c2);

#endif
