import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/xchacha20poly1305.json`: HChaCha20 and XChaCha20-Poly1305
/// (draft-irtf-cfrg-xchacha-03), sealing and opening, and the authentication failures that
/// every part of a sealed message must cause when altered.
enum XChaChaVectors {
    static func make() throws -> VectorFile {
        typealias K = KnownAnswers.XChaCha
        let wycheproof = try WycheproofData.xchacha20Poly1305()
        var file = VectorFileBuilder(
            area: "xchacha20poly1305",
            description: "HChaCha20 and XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03): the draft's known "
                + "answers in both directions, an empty message, and a change to each of key, nonce, AAD, "
                + "ciphertext and tag, each of which MUST fail authentication, and Project Wycheproof's "
                + "306 cases with a 24-byte nonce (Poly1305 edge cases, modified tags), sealed and opened.",
            flags: [
                "ExtremeValue": ExtremeValueVectors.flag,
                "KnownAnswer": Flag(
                    description: "Bytes copied from draft-irtf-cfrg-xchacha-03.",
                    bug:
                        "HChaCha20 output taken from the wrong state words, or the wrong 8 nonce bytes passed to ChaCha20."
                ),
                "Tampered": Flag(
                    description: "One input of the opening differs from the sealing.",
                    bug: "Tag not verified, verified over the wrong data, or compared on a prefix only."
                ),
                "Empty": Flag(
                    description: "Empty plaintext and AAD: the ciphertext is the tag alone.",
                    bug: "Zero-length input mishandled (tag not computed, or output refused)."
                ),
            ].merging(WycheproofVectors.aeadFlags(wycheproof)) { kit, _ in kit }
        )
        let aead = ["FRAME-SEAL-1", "FRAME-OPEN-6"]
        try file.add(
            "hchacha20-draft-2.2.1",
            operation: "hchacha20",
            requirements: ["FRAME-SEAL-1"],
            comment: "The HChaCha20 test vector of draft-irtf-cfrg-xchacha-03 section 2.2.1.",
            flags: ["KnownAnswer"],
            source: K.hChaChaSection,
            input: ["key": .string(K.hChaChaKey), "nonce": .string(K.hChaChaNonce)],
            expect: .output(["subkey": .string(K.hChaChaSubkey)])
        )
        let known: JSONValue = ["key": .string(K.aeadKey), "nonce": .string(K.aeadNonce), "aad": .string(K.aeadAAD)]
        try file.add(
            "seal-draft-a.3.1",
            operation: "xchacha20poly1305-seal",
            requirements: aead,
            comment: "The AEAD example of draft-irtf-cfrg-xchacha-03 appendix A.3.1, sealing.",
            flags: ["KnownAnswer"],
            source: K.aeadSection,
            input: known.setting("plaintext", .hex(K.aeadPlaintext)),
            expect: .output(["ciphertext": .string(K.aeadCiphertext)])
        )
        try file.add(
            "open-draft-a.3.1",
            operation: "xchacha20poly1305-open",
            requirements: aead,
            comment: "The AEAD example of draft-irtf-cfrg-xchacha-03 appendix A.3.1, opening.",
            flags: ["KnownAnswer"],
            source: K.aeadSection,
            input: known.setting("ciphertext", .string(K.aeadCiphertext)),
            expect: .output(["plaintext": .hex(K.aeadPlaintext)])
        )
        try addEmpty(&file)
        try addTampering(&file, base: known, ciphertext: Hex.decode(K.aeadCiphertext)!)
        try ExtremeValueVectors.addAEAD(to: &file)
        try WycheproofVectors.addAEAD(to: &file, data: wycheproof)
        return try file.build()
    }

    private static func addEmpty(_ file: inout VectorFileBuilder) throws {
        let id = file.id("empty")
        let key = LabelDerived.key(id: id, name: "key"), nonce = LabelDerived.nonce(id: id, name: "nonce")
        let sealed = XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: [], aad: [])
        try file.add(
            "seal-empty",
            operation: "xchacha20poly1305-seal",
            requirements: ["FRAME-SEAL-1"],
            comment: "An empty plaintext with empty AAD seals to the 16-byte tag alone.",
            flags: ["Empty"],
            input: ["key": .hex(key), "nonce": .hex(nonce), "aad": "", "plaintext": ""],
            expect: .output(["ciphertext": .hex(sealed)])
        )
        try file.add(
            "open-empty",
            operation: "xchacha20poly1305-open",
            requirements: ["FRAME-OPEN-6"],
            comment: "The 16-byte tag of an empty message opens to the empty plaintext.",
            flags: ["Empty"],
            input: ["key": .hex(key), "nonce": .hex(nonce), "aad": "", "ciphertext": .hex(sealed)],
            expect: .output(["plaintext": ""])
        )
    }

    /// One change per input of the opening; each must be `auth_failed`.
    private static func addTampering(_ file: inout VectorFileBuilder, base: JSONValue, ciphertext: [UInt8]) throws {
        func flipped(_ hex: String, at index: Int) -> JSONValue {
            var bytes = Hex.decode(hex)!
            bytes[index] ^= 0x01
            return .hex(bytes)
        }
        let good = base.setting("ciphertext", .hex(ciphertext))
        let cases: [(String, String, JSONValue)] = [
            (
                "key-bit-flipped", "its key's first byte is flipped",
                good.setting("key", flipped(KnownAnswers.XChaCha.aeadKey, at: 0))
            ),
            (
                "nonce-last-byte-flipped", "its nonce's last byte (one of the 8 passed to ChaCha20) is flipped",
                good.setting("nonce", flipped(KnownAnswers.XChaCha.aeadNonce, at: 23))
            ),
            (
                "nonce-first-byte-flipped", "its nonce's first byte (one of the 16 passed to HChaCha20) is flipped",
                good.setting("nonce", flipped(KnownAnswers.XChaCha.aeadNonce, at: 0))
            ),
            (
                "aad-bit-flipped", "its AAD's last byte is flipped",
                good.setting("aad", flipped(KnownAnswers.XChaCha.aeadAAD, at: 11))
            ),
            ("aad-empty", "its AAD is left out", good.setting("aad", "")),
            (
                "ciphertext-bit-flipped", "its ciphertext's first byte is flipped",
                good.setting("ciphertext", flipped(Hex.encode(ciphertext), at: 0))
            ),
            (
                "tag-bit-flipped", "its tag's last byte is flipped",
                good.setting("ciphertext", flipped(Hex.encode(ciphertext), at: ciphertext.count - 1))
            ),
            (
                "tag-truncated", "its tag's last byte is removed",
                good.setting("ciphertext", .hex(Array(ciphertext.dropLast())))
            ),
            (
                "shorter-than-tag", "it is cut to 15 bytes, shorter than a tag",
                good.setting("ciphertext", .hex(Array(ciphertext.prefix(15))))
            ),
        ]
        for (name, what, input) in cases {
            try file.add(
                "open-\(name)",
                operation: "xchacha20poly1305-open",
                requirements: ["FRAME-OPEN-6"],
                comment: "The appendix A.3.1 message fails authentication when \(what).",
                flags: ["Tampered"],
                input: input,
                expect: .error("auth_failed")
            )
        }
    }
}
