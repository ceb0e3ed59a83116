import OpenHumanTunnel
import VectorFormat

/// `vectors/fingerprint.json`: the core key fingerprint of QR-SRC-3 (operation
/// `core-key-fingerprint`). The known answers were computed with Python's hashlib from the
/// chapter's text, independently of the reference.
enum FingerprintVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "fingerprint",
            description:
                "The core key fingerprint: the first 10 bytes of SHA-256(\"openhuman-tunnel/v2/core-key-fingerprint\" "
                + "|| cpk), as 20 lowercase hex digits in five groups of four.",
            flags: [
                "KnownAnswer": Flag(
                    description: "Computed independently from spec/08 section 8.11.",
                    bug: "A missing or misspelt label, another length, upper case or other grouping."
                )
            ]
        )
        let cases: [(String, String, String, String)] = [
            (
                "section-8.1-cpk", "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
                "61c6 cf5f 0cf3 c887 6373",
                "The cpk of the example payload of section 8.1 (RFC 7748 Alice)."
            ),
            (
                "rfc7748-bob", "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
                "0fb9 239b f425 5a21 3225",
                "RFC 7748 section 6.1 Bob's public key."
            ),
            (
                "all-zero-key", String(repeating: "00", count: 32), "5f6a b082 d52a ccb6 9981",
                "32 zero bytes: the fingerprint hashes the bytes as given; the key's validity is the parser's concern."
            ),
        ]
        for (name, key, fingerprint, comment) in cases {
            try file.add(
                name,
                operation: "core-key-fingerprint",
                requirements: ["QR-SRC-3"],
                comment: comment,
                flags: ["KnownAnswer"],
                input: ["corePublicKey": .hex(Hex.decode(key)!)],
                expect: .output(["fingerprint": .string(fingerprint)])
            )
        }
        return try file.build()
    }
}
