"""The Noise Protocol Framework, revision 34, for the two handshakes of wire version 3:
Noise_IKpsk1_25519_ChaChaPoly_SHA256 and Noise_KKpsk2_25519_ChaChaPoly_SHA256.

Written from the Noise specification (sections 4 and 5, and 9 for the psk modifiers): CipherState,
SymmetricState and HandshakeState as the specification defines them, for these two patterns
only. The DH is X25519 with the kit's all-zero check (x25519.py, DH-2), so a low-order key is
refused at the token whose DH produced it; HKDF is RFC 5869's with the chaining key as the salt
and no info (hkdf.py), which is Noise's HKDF for one to three outputs; the cipher is the IETF
ChaCha20-Poly1305 of libsodium.
"""

import hashlib
from dataclasses import dataclass

from nacl.bindings import (
    crypto_aead_chacha20poly1305_ietf_decrypt,
    crypto_aead_chacha20poly1305_ietf_encrypt,
)
from nacl.exceptions import CryptoError

from . import hkdf, x25519
from .errors import AUTH_FAILED, TunnelError

DH_LENGTH = 32
HASH_LENGTH = 32
TAG_LENGTH = 16
MAX_MESSAGE_LENGTH = 65_535  # every Noise message, handshake or transport (section 3)


# --- CipherState (Noise section 5.1) ---------------------------------------------------------


def _nonce(n: int) -> bytes:
    """ChaChaPoly's 96-bit nonce: 32 zero bits, then n as a little-endian 64-bit integer."""
    return bytes(4) + n.to_bytes(8, "little")


class CipherState:
    """A key and the nonce n of the next message.

    Noise's CipherState may also hold no key, and then passes plaintexts through; in these two
    patterns every message starts with `e`, whose MixKey sets a key before anything is encrypted
    (SymmetricState), so a CipherState here always has one. Nonce n = 2^64 - 1 is reserved by
    Noise; it is not checked, since one handshake and its transport messages come nowhere near
    2^64 messages.
    """

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.n = 0

    def encrypt_with_ad(self, ad: bytes, plaintext: bytes) -> bytes:
        """ciphertext || tag under nonce n, then n + 1."""
        ciphertext = crypto_aead_chacha20poly1305_ietf_encrypt(plaintext, ad, _nonce(self.n), self.key)
        self.n += 1
        return ciphertext

    def decrypt_with_ad(self, ad: bytes, ciphertext: bytes) -> bytes:
        """The plaintext, then n + 1; a failed tag raises auth_failed and leaves n as it was."""
        if len(ciphertext) < TAG_LENGTH:  # too short to hold a tag: cannot authenticate
            raise TunnelError(AUTH_FAILED)
        try:
            plaintext = crypto_aead_chacha20poly1305_ietf_decrypt(ciphertext, ad, _nonce(self.n), self.key)
        except CryptoError:
            raise TunnelError(AUTH_FAILED) from None
        self.n += 1
        return plaintext


# --- SymmetricState (Noise section 5.2) ------------------------------------------------------


def _hkdf(chaining_key: bytes, input_key_material: bytes, outputs: int) -> list[bytes]:
    """Noise's HKDF(ck, ikm): HMAC-SHA256 extract with ck as the salt, then expand with empty
    info, which gives output1, output2, output3 in that order (RFC 5869 T(1), T(2), T(3))."""
    okm = hkdf.expand(hkdf.extract(chaining_key, input_key_material), b"", outputs * HASH_LENGTH)
    return [okm[i : i + HASH_LENGTH] for i in range(0, len(okm), HASH_LENGTH)]


class SymmetricState:
    """The chaining key ck, the handshake hash h and the CipherState of the handshake.

    It holds no CipherState until the first MixKey: in psk handshakes that is the first `e`
    token (section 9.2), which comes before any EncryptAndHash in both patterns.
    """

    cipher: CipherState

    def __init__(self, protocol_name: bytes) -> None:
        # Both protocol names are 36 bytes, longer than HASHLEN, so h is the name's hash
        # (the zero-padding of names of 32 bytes or fewer never applies).
        self.h = hashlib.sha256(protocol_name).digest()
        self.ck = self.h

    def mix_key(self, input_key_material: bytes) -> None:
        self.ck, key = _hkdf(self.ck, input_key_material, 2)
        self.cipher = CipherState(key)

    def mix_hash(self, data: bytes) -> None:
        self.h = hashlib.sha256(self.h + data).digest()

    def mix_key_and_hash(self, input_key_material: bytes) -> None:
        """The psk token (section 9.2): ck, a value mixed into h, and a new key."""
        self.ck, hashed, key = _hkdf(self.ck, input_key_material, 3)
        self.mix_hash(hashed)
        self.cipher = CipherState(key)

    def encrypt_and_hash(self, plaintext: bytes) -> bytes:
        ciphertext = self.cipher.encrypt_with_ad(self.h, plaintext)
        self.mix_hash(ciphertext)
        return ciphertext

    def decrypt_and_hash(self, ciphertext: bytes) -> bytes:
        plaintext = self.cipher.decrypt_with_ad(self.h, ciphertext)
        self.mix_hash(ciphertext)
        return plaintext

    def split(self) -> tuple[CipherState, CipherState]:
        """(c1, c2): c1 for the initiator's transport messages, c2 for the responder's."""
        first, second = _hkdf(self.ck, b"", 2)
        return CipherState(first), CipherState(second)


# --- the two patterns (Noise sections 7.5 and 9.4) -------------------------------------------


@dataclass(frozen=True)
class Pattern:
    """A handshake pattern: which static keys are pre-messages, and the tokens of each message.

    Both patterns have a psk token, so every `e` token also mixes the ephemeral key into ck
    (section 9.2): no message of these patterns is ever encrypted without a key.
    """

    initiator_static_known: bool  # pre-message "-> s"
    responder_static_known: bool  # pre-message "<- s"
    messages: tuple[tuple[str, ...], ...]

    def message_length(self, index: int, payload_length: int) -> int:
        """The length of handshake message `index` with such a payload, known before it is
        written: 32 bytes per `e`, 48 per `s` (always encrypted), then the payload and its tag."""
        token_lengths = {"e": DH_LENGTH, "s": DH_LENGTH + TAG_LENGTH}
        return sum(token_lengths.get(token, 0) for token in self.messages[index]) + payload_length + TAG_LENGTH


IKPSK1 = "Noise_IKpsk1_25519_ChaChaPoly_SHA256"
KKPSK2 = "Noise_KKpsk2_25519_ChaChaPoly_SHA256"

PATTERNS = {
    IKPSK1: Pattern(False, True, (("e", "es", "s", "ss", "psk"), ("e", "ee", "se"))),
    KKPSK2: Pattern(True, True, (("e", "es", "ss"), ("e", "ee", "se", "psk"))),
}


# --- HandshakeState (Noise section 5.3) ------------------------------------------------------


class HandshakeState:
    """One party of a handshake: its keys, the peer's public keys as they become known, and the
    SymmetricState, through the messages of its pattern in order.

    The ephemeral private key is an input, as in the Noise test vectors, so that a handshake can
    be reproduced byte for byte; `remote_static` is the peer's static public key of a pre-message
    (the responder's for an initiator; the initiator's for a KK responder, None for an IK one,
    which learns it from the `s` token).
    """

    def __init__(
        self,
        protocol_name: str,
        initiator: bool,
        prologue: bytes,
        psk: bytes,
        static_private: bytes,
        ephemeral_private: bytes,
        remote_static: bytes | None,
    ) -> None:
        self.pattern = PATTERNS[protocol_name]
        self.initiator = initiator
        self.psk = psk
        self.s = static_private
        self.s_public = x25519.public_key(static_private)
        self.e = ephemeral_private
        self.rs = remote_static
        self.re: bytes | None = None
        self.message_index = 0
        # (message, token, k, h) after each DH and psk token: what a version 3 key log names by
        # e_D (spec/kit/03-verifier.md, KEYLOG-13); dropped with the handshake state after Split.
        self.token_secrets: list[tuple[int, str, bytes, bytes]] = []
        self.symmetric = SymmetricState(protocol_name.encode("ascii"))
        self.symmetric.mix_hash(prologue)
        # Pre-messages in pattern order: the initiator's static key first.
        if self.pattern.initiator_static_known:
            self.symmetric.mix_hash(self.s_public if initiator else self.rs)
        if self.pattern.responder_static_known:
            self.symmetric.mix_hash(self.rs if initiator else self.s_public)

    @property
    def handshake_hash(self) -> bytes:
        """GetHandshakeHash(): h, which both parties share once the handshake is done."""
        return self.symmetric.h

    def write_message(self, payload: bytes) -> bytes:
        message = bytearray()
        for token in self._next_tokens():
            if token == "e":
                e_public = x25519.public_key(self.e)
                message += e_public
                self._mix_ephemeral(e_public)
            elif token == "s":
                message += self.symmetric.encrypt_and_hash(self.s_public)
            else:
                self._mix_token(token)
        message += self.symmetric.encrypt_and_hash(payload)
        return bytes(message)

    def read_message(self, message: bytes) -> bytes:
        """The payload; a message too short for its tokens cannot be authenticated (auth_failed)."""
        offset = 0

        def take(length: int) -> bytes:
            nonlocal offset
            if len(message) - offset < length:
                raise TunnelError(AUTH_FAILED)
            offset += length
            return message[offset - length : offset]

        for token in self._next_tokens():
            if token == "e":
                self.re = take(DH_LENGTH)
                self._mix_ephemeral(self.re)
            elif token == "s":
                self.rs = self.symmetric.decrypt_and_hash(take(DH_LENGTH + TAG_LENGTH))
            else:
                self._mix_token(token)
        return self.symmetric.decrypt_and_hash(message[offset:])

    def split(self) -> tuple[CipherState, CipherState]:
        """(initiator to responder, responder to initiator), after the last message."""
        return self.symmetric.split()

    def _next_tokens(self) -> tuple[str, ...]:
        tokens = self.pattern.messages[self.message_index]
        self.message_index += 1
        return tokens

    def _mix_ephemeral(self, e_public: bytes) -> None:
        self.symmetric.mix_hash(e_public)
        self.symmetric.mix_key(e_public)  # psk handshakes (section 9.2)

    def _mix_token(self, token: str) -> None:
        """The DH tokens and psk. In "es" and "se" the first letter names the initiator's key."""
        if token == "psk":
            self.symmetric.mix_key_and_hash(self.psk)
        else:
            initiator_key, responder_key = token
            if self.initiator:
                private = self.e if initiator_key == "e" else self.s
                public = self.re if responder_key == "e" else self.rs
            else:
                private = self.e if responder_key == "e" else self.s
                public = self.re if initiator_key == "e" else self.rs
            self.symmetric.mix_key(x25519.shared_secret(private, public))
        self.token_secrets.append((self.message_index - 1, token, self.symmetric.cipher.key, self.symmetric.h))

    def token_secret(self, message: int, token: str) -> tuple[bytes, bytes]:
        """(k, h) right after `token` of message `message` (0 or 1), for the key log."""
        for index, name, key, handshake_hash in self.token_secrets:
            if (index, name) == (message, token):
                return key, handshake_hash
        raise KeyError(token)
