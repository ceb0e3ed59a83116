// The mutants of one area. Wire version 3: the Noise handshakes and the values around them
// (V3-NOISE-*, V3-PRO-1, V3-PSK-*, V3-COMMIT-1, V3-SAS-1).
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
    public static let v3PrologueWithoutLengthOctet = Mutant(
        "v3-prologue-without-length-octet",
        breaks: ["V3-PRO-1"],
        "the prologue is the label followed directly by the cid, without uint8(len(cid))"
    )
    public static let v3PskWithoutChannelID = Mutant(
        "v3-psk-without-channel-id",
        breaks: ["V3-PSK-1"],
        "the pairing psk's info is the label alone, without the cid: one QR secret would make the same psk for every channel"
    )
    public static let v3CommitmentWithoutLabel = Mutant(
        "v3-commitment-without-label",
        breaks: ["V3-COMMIT-1"],
        "the commitment is SHA-256(N_D) without the openhuman-tunnel/v3/commit label"
    )
    public static let v3CodeWithoutDeviceNonce = Mutant(
        "v3-code-without-device-nonce",
        breaks: ["V3-SAS-1"],
        "the code is derived from h and N_C only, ignoring N_D: the device's commitment then constrains nothing"
    )
    public static let v3CodeReducedFrom32Bits = Mutant(
        "v3-code-reduced-from-32-bits",
        breaks: ["V3-SAS-1"],
        "the code is the first 4 bytes of okm mod 10^6, not the 8-byte big-endian value: other digits, and a modulo bias near 2e-4"
    )
    public static let v3CodeLeadingZerosDropped = Mutant(
        "v3-code-leading-zeros-dropped",
        breaks: ["V3-SAS-1"],
        "the code is written without leading zeros (\"4217\" instead of \"004217\")"
    )
    public static let v3NoncesCoreFirst = Mutant(
        "v3-nonces-core-first",
        breaks: ["V3-SAS-1", "V3-PSK-2"],
        "the code and the reconnection psk take ikm = N_C || N_D instead of N_D || N_C"
    )
    public static let v3ReconnectPskWithSASLabel = Mutant(
        "v3-reconnect-psk-with-sas-label",
        breaks: ["V3-PSK-2"],
        "the reconnection psk is derived with the code's info, openhuman-tunnel/v3/sas, so its first 8 bytes are the code's okm"
    )

    /// This area's mutants, in catalog order.
    static let noiseV3Area: [Mutant] = [
        .noiseProtocolNamePaddedNotHashed, .noiseEphemeralWithoutMixKey, .noisePrologueNotHashed,
        .noisePreMessagesResponderFirst, .noisePairingPskInMessage2, .noiseReconnectionPskInMessage1,
        .noisePskMixedAsDH, .noiseMixKeyKeepsCounter, .noiseEncryptAndHashWithEmptyAD, .noiseHashesPlaintext,
        .noiseDHWithoutZeroCheck, .noiseSplitKeysSwapped, .noiseNonceBigEndian, .noiseTransportBoundToHandshakeHash,
        .noiseResponderTransportTagIgnored, .v3PrologueWithoutLengthOctet, .v3PskWithoutChannelID,
        .v3CommitmentWithoutLabel, .v3CodeWithoutDeviceNonce, .v3CodeReducedFrom32Bits, .v3CodeLeadingZerosDropped,
        .v3NoncesCoreFirst, .v3ReconnectPskWithSASLabel,
    ]
}
