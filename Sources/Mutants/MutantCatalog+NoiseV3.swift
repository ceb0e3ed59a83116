// The mutants of one area. Wire version 3: the Noise handshakes (V3-NOISE-*, V3-PRO-1).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let noiseProtocolNamePaddedNotHashed = Mutant(
        "noise-protocol-name-padded-not-hashed",
        breaks: ["V3-NOISE-1"],
        "h starts as the protocol name zero-padded to 32 bytes, Noise's rule for short names, which cuts the 36-byte name to its first 32, instead of SHA-256(name)"
    )
    public static let noiseEphemeralWithoutMixKey = Mutant(
        "noise-ephemeral-without-mix-key",
        breaks: ["V3-NOISE-1"],
        "an e token is only MixHash(e.pub), as in a handshake without psk, missing the MixKey(e.pub) of Noise section 9.2"
    )
    public static let noisePrologueNotHashed = Mutant(
        "noise-prologue-not-hashed",
        breaks: ["V3-PRO-1", "V3-NOISE-3"],
        "the prologue is never mixed into h: a handshake for another channel or version opens"
    )
    public static let noisePreMessagesResponderFirst = Mutant(
        "noise-pre-messages-responder-first",
        breaks: ["V3-NOISE-1"],
        "KK's two pre-message keys are hashed responder first, against Noise section 7.1's initiator first"
    )
    public static let noisePairingPskInMessage2 = Mutant(
        "noise-pairing-psk-in-message-2",
        breaks: ["V3-NOISE-1"],
        "the pairing runs IKpsk2: its psk token ends message 2, so the core answers a message 1 from anyone who knows cpk"
    )
    public static let noiseReconnectionPskInMessage1 = Mutant(
        "noise-reconnection-psk-in-message-1",
        breaks: ["V3-NOISE-1"],
        "the reconnection runs KKpsk1: its psk token ends message 1 instead of message 2"
    )
    public static let noisePskMixedAsDH = Mutant(
        "noise-psk-mixed-as-dh",
        breaks: ["V3-NOISE-1"],
        "the psk token is MixKey(psk), like a DH, instead of MixKeyAndHash(psk): the psk never enters h"
    )
    public static let noiseMixKeyKeepsCounter = Mutant(
        "noise-mix-key-keeps-counter",
        breaks: ["V3-NOISE-1"],
        "InitializeKey sets the new key but keeps the old counter, so IK's payload after the encrypted s is sealed under counter 1"
    )
    public static let noiseEncryptAndHashWithEmptyAD = Mutant(
        "noise-encrypt-and-hash-with-empty-ad",
        breaks: ["V3-NOISE-1"],
        "EncryptAndHash (the encrypted s and the handshake payloads) seals with an empty ad instead of h: the tags no longer cover the transcript"
    )
    public static let noiseHashesPlaintext = Mutant(
        "noise-hashes-plaintext",
        breaks: ["V3-NOISE-1"],
        "EncryptAndHash mixes the plaintext into h instead of the ciphertext"
    )
    public static let noiseDHWithoutZeroCheck = Mutant(
        "noise-dh-without-zero-check",
        breaks: ["V3-NOISE-2"],
        "the Noise DHs are not checked for 32 zero bytes (Noise leaves the check optional): a low-order e goes on to the next tag and fails there with auth_failed instead of at its DH with low_order_key"
    )
    public static let noiseSplitKeysSwapped = Mutant(
        "noise-split-keys-swapped",
        breaks: ["V3-NOISE-1"],
        "Split's first output becomes the responder-to-initiator key and its second the initiator-to-responder key"
    )
    public static let noiseNonceBigEndian = Mutant(
        "noise-nonce-big-endian",
        breaks: ["V3-NOISE-1"],
        "the ChaChaPoly nonce carries its 64-bit counter big-endian instead of little-endian: equal at counter 0, so only a second transport message in one direction differs"
    )
    public static let noiseTransportBoundToHandshakeHash = Mutant(
        "noise-transport-bound-to-handshake-hash",
        breaks: ["V3-NOISE-1"],
        "transport messages are sealed with ad = the final h instead of an empty ad"
    )
    public static let noiseResponderTransportTagIgnored = Mutant(
        "noise-responder-transport-tag-ignored",
        breaks: ["V3-NOISE-3"],
        "the responder ignores a transport message's failed tag and hands the received bytes on: a changed reveal is accepted"
    )

    /// This area's mutants, in catalog order.
    static let noiseV3Area: [Mutant] = [
        .noiseProtocolNamePaddedNotHashed, .noiseEphemeralWithoutMixKey, .noisePrologueNotHashed,
        .noisePreMessagesResponderFirst, .noisePairingPskInMessage2, .noiseReconnectionPskInMessage1,
        .noisePskMixedAsDH, .noiseMixKeyKeepsCounter, .noiseEncryptAndHashWithEmptyAD, .noiseHashesPlaintext,
        .noiseDHWithoutZeroCheck, .noiseSplitKeysSwapped, .noiseNonceBigEndian, .noiseTransportBoundToHandshakeHash,
        .noiseResponderTransportTagIgnored,
    ]
}
