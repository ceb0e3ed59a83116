import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// One party's half of a session (FRAME-SEAL-*, FRAME-OPEN-*), composed from
/// `XChaCha20Poly1305` and `ComposedReplayWindow`, with the session mutants.
struct ComposedSessionCipher: SessionEndpoint {
    private let mutant: Mutant?
    private let sealingKey: [UInt8]
    private let openingKey: [UInt8]
    private var window: ComposedReplayWindow

    init(role: Role, keys: SessionKeys, mutant: Mutant?) {
        self.mutant = mutant
        let (sealing, opening) = (keys.sealingKey(for: role), keys.openingKey(for: role))
        switch mutant {
        case .swapDirectionKeys?: (sealingKey, openingKey) = (opening, sealing)
        case .oneKeyBothDirections?: (sealingKey, openingKey) = (keys.c2s, keys.c2s)
        default: (sealingKey, openingKey) = (sealing, opening)
        }
        window = ComposedReplayWindow(mutant: mutant)
    }

    /// `0x02 || nonce || XChaCha20-Poly1305(sealing key, nonce, plaintext, aad = "")`.
    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?) throws(TunnelError) -> [UInt8] {
        let limit =
            mutant == .plaintextLimitOffByOne
            ? Limits.maximumMessageLength - XChaCha20Poly1305.nonceLength - XChaCha20Poly1305.tagLength
            : Limits.maximumPlaintextLength
        guard plaintext.count <= limit else { throw .plaintextTooLarge }
        let givenNonce = mutant == .zeroNonceTreatedAsAbsent && nonce?.allSatisfy({ $0 == 0 }) == true ? nil : nonce
        let nonce = givenNonce ?? freshNonce()
        return [ComposedMessageType.session] + nonce
            + XChaCha20Poly1305.seal(key: sealingKey, nonce: nonce, plaintext: plaintext, aad: [])
    }

    private func freshNonce() -> [UInt8] {
        if mutant == .constantSealNonce { return [UInt8](repeating: 0, count: XChaCha20Poly1305.nonceLength) }
        var random = SystemRandom()
        return random.bytes(XChaCha20Poly1305.nonceLength)
    }

    /// The checks of FRAME-OPEN-1 in order; the nonce is recorded only after authentication.
    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try ComposedMessageType(mutant: mutant).check(
            frame,
            accepting: ComposedMessageType.session,
            minimumLength: Limits.sessionFrameOverhead
        )
        let nonce = Array(frame[SessionFrame.nonceRange])
        guard !window.contains(nonce) else { throw .replayed }
        if mutant == .recordNonceBeforeAuth { window.record(nonce) }
        if mutant == .zeroSessionKeyTreatedAsUnset, openingKey.allSatisfy({ $0 == 0 }) { throw .authFailed }
        let plaintext = try TunnelError.crypto { () throws(CryptoError) in
            try XChaCha20Poly1305.open(
                key: openingKey,
                nonce: nonce,
                ciphertext: Array(frame[SessionFrame.ciphertextStart...]),
                aad: []
            )
        }
        if mutant != .recordNonceBeforeAuth { window.record(nonce) }
        return plaintext
    }
}
