import KitModels
import OpenHumanTunnel
import TunnelCrypto

/// Opening a version 3 pairing with the key log's four lines (KEYLOG-13, VERIFY-14), through the
/// library's own `h` and ChaCha20-Poly1305: the verifier follows `h` from public bytes wherever
/// Noise lets it (before the `psk` token, and after it by `MixHash` of each ciphertext) and takes
/// from the log only what the public bytes cannot give.
enum PairingV3Opening {
    /// `h` after message 1's `e`: the protocol name, the prologue (V3-PRO-1, from `cid`), the
    /// pre-message `cpk`, then `e_D`. All public: the associated data of the encrypted `s`.
    static func hashAfterEphemeral(channelID: String, corePublic: [UInt8], deviceEphemeral: [UInt8]) -> [UInt8]? {
        guard (1...PairingV3.maximumChannelIDLength).contains(channelID.utf8.count) else { return nil }
        var h = NoiseSymmetricState.initialHash(protocolName: NoisePattern.ikpsk1.protocolName)
        for data in [PairingV3.prologue(channelID: channelID), corePublic, deviceEphemeral] {
            h = NoiseSymmetricState.mixHash(h, data)
        }
        return h
    }

    /// The device's static public key: `c_s` under the key after `es`, counter 0.
    static func openStatic(_ messageOne: PairingV3MessageOne, key: [UInt8], hashAfterEphemeral: [UInt8]) -> [UInt8]? {
        open(messageOne.encryptedStatic, key: key, counter: 0, ad: hashAfterEphemeral)
    }

    /// The commitment under the key after `psk` with `h` after `psk` as its ad, and `h` after
    /// message 1, from `V3_M1_PAYLOAD`'s 64 bytes.
    static func openCommitment(
        _ messageOne: PairingV3MessageOne,
        secret: [UInt8]
    ) -> (
        commitment: [UInt8], handshakeHash: [UInt8]
    )? {
        let key = Array(secret[0..<32]), h = Array(secret[32..<64])
        guard let commitment = open(messageOne.encryptedCommitment, key: key, counter: 0, ad: h) else { return nil }
        return (commitment, NoiseSymmetricState.mixHash(h, messageOne.encryptedCommitment))
    }

    /// `N_C` and the final `h` from message 2 (`e_C`, then the payload under the key after
    /// `se`, its ad `h` after `MixHash(e_C)`), given `h` after message 1.
    static func openCoreNonce(
        _ messageTwo: [UInt8],
        key: [UInt8],
        hashAfterMessageOne: [UInt8]
    ) -> (
        coreNonce: [UInt8], handshakeHash: [UInt8]
    )? {
        let ephemeral = Array(messageTwo[1..<33]), ciphertext = Array(messageTwo[33...])
        let h = NoiseSymmetricState.mixHash(hashAfterMessageOne, ephemeral)
        guard let nonce = open(ciphertext, key: key, counter: 0, ad: h) else { return nil }
        return (nonce, NoiseSymmetricState.mixHash(h, ciphertext))
    }

    /// A record's 32 bytes: a Noise transport message, empty ad, its sender's counter.
    static func openRecord(_ record: [UInt8], key: [UInt8], counter: UInt64) -> [UInt8]? {
        open(Array(record.dropFirst()), key: key, counter: counter, ad: [])
    }

    private static func open(_ ciphertext: [UInt8], key: [UInt8], counter: UInt64, ad: [UInt8]) -> [UInt8]? {
        try? ChaCha20Poly1305.open(
            key: key,
            nonce: ChaCha20Poly1305.noiseNonce(counter),
            ciphertext: ciphertext,
            aad: ad
        )
    }
}
