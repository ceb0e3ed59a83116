import TunnelCrypto

/// The 0x02 frame layout shared by every session opener and sealer (FRAME-SEAL-1,
/// FRAME-OPEN-2 to FRAME-OPEN-4): `0x02 || nonce(24) || XChaCha20-Poly1305(key, nonce, pt, "")`.
package enum SessionFrame {
    /// Where the nonce sits: after the type octet.
    package static let nonceRange = 1..<(1 + XChaCha20Poly1305.nonceLength)
    /// Where the ciphertext (with its tag) starts: after the nonce.
    package static let ciphertextStart = nonceRange.upperBound

    /// The public checks that come before any state or key is looked at: empty, type octet,
    /// then length, in the order of FRAME-OPEN-1.
    static func checkShape(_ frame: [UInt8]) throws(TunnelError) {
        try MessageType.check(frame, accepting: .session)
        guard frame.count >= Limits.sessionFrameOverhead else { throw .frameTooShort }
        guard frame.count <= Limits.maximumMessageLength else { throw .frameTooLarge }
    }

    /// Seals `plaintext` under `key` and a caller-chosen nonce, refusing an oversize plaintext
    /// before any work (FRAME-SEAL-3).
    static func seal(_ plaintext: [UInt8], key: SecretBytes, nonce: [UInt8]) throws(TunnelError) -> [UInt8] {
        precondition(nonce.count == XChaCha20Poly1305.nonceLength, "nonces are 24 bytes")
        guard plaintext.count <= Limits.maximumPlaintextLength else { throw .plaintextTooLarge }
        let total = plaintext.count + Limits.sessionFrameOverhead
        return [UInt8](unsafeUninitializedCapacity: total) { frame, count in
            let base = frame.baseAddress!
            base.initialize(to: MessageType.session.rawValue)
            nonce.withUnsafeBufferPointer { n in
                (base + nonceRange.lowerBound).initialize(from: n.baseAddress!, count: n.count)
                plaintext.withUnsafeBytes { p in
                    XChaCha20Poly1305.sealRaw(
                        into: base + ciphertextStart,
                        key: key,
                        nonce: n.baseAddress!,
                        plaintext: p,
                        aad: []
                    )
                }
            }
            count = total
        }
    }

    /// The plaintext of a frame that passed `checkShape`, or `auth_failed`. Records nothing.
    static func open(_ frame: UnsafeRawBufferPointer, key: SecretBytes) throws(TunnelError) -> [UInt8] {
        try TunnelError.crypto { () throws(CryptoError) in
            try XChaCha20Poly1305.openRaw(
                key: key,
                nonce: frame.baseAddress!.advanced(by: nonceRange.lowerBound).assumingMemoryBound(to: UInt8.self),
                ciphertext: UnsafeRawBufferPointer(rebasing: frame[ciphertextStart...]),
                aad: []
            )
        }
    }
}
