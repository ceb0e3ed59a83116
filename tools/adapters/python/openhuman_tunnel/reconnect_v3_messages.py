"""The messages of a version 3 reconnection on the wire: their type octets and fixed sizes
(V3-RECON-1).

A reconnection is Noise_KKpsk2 with empty payloads, so every message has one size, known before
it is read: both ends refuse another size before any DH (`check_size`, shared with the pairing's
messages), so a wrong-sized message costs no X25519 and no token.
"""

TYPE_RECONNECT_1 = 0x13  # device to core: KKpsk2 message 1 (e, es, ss)
TYPE_RECONNECT_2 = 0x14  # core to device: KKpsk2 message 2 (e, ee, se, psk)
TYPE_CONFIRMATION = 0x15  # device to core: the first transport message of the new session

# Octet, 32-byte e, then the 16-byte tag of the empty payload.
RECONNECT_1_LENGTH = 49
RECONNECT_2_LENGTH = 49
CONFIRMATION_LENGTH = 17  # octet, then the tag of the empty plaintext
