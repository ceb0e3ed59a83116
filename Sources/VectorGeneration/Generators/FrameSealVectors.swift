import OpenHumanTunnel
import VectorFormat

/// `vectors/frame-seal.json`: the session frame layout, the sealing key of each role, and the
/// plaintext size limit (FRAME-SEAL-1, FRAME-SEAL-3, KDF-5, SIZE-1, SIZE-2).
enum FrameSealVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "frame-seal",
            description:
                "Sealing session frames: 0x02 || nonce || XChaCha20-Poly1305(key of the role, nonce, plaintext, no AAD), "
                + "with the nonce injected; plaintext lengths 0, 1, 49,111 (the largest) and 49,112 (refused).",
            flags: [
                "ExtremeValue": ExtremeValueVectors.flag,
                "Role": Flag(
                    description: "The sealing key depends on the role: the device seals with c2s, the core with s2c.",
                    bug: "Directions swapped, so peers cannot open each other's frames (or can open their own)."
                ),
                "Layout": Flag(
                    description: "The frame is compared byte for byte with 0x02 || nonce || AEAD output.",
                    bug: "Missing type octet, nonce not included, AAD added, tag placed before the ciphertext."
                ),
                "SizeLimit": Flag(
                    description: "Plaintext at or just over the 49,111-byte limit.",
                    bug:
                        "Frames over 49,152 bytes emitted (the relay and the core refuse them), or the limit off by one."
                ),
            ]
        )
        for role in Role.allCases {
            let name = "\(role.rawValue)-seals-with-\(role == .device ? "c2s" : "s2c")"
            let fixture = SessionFixture(id: file.id(name))
            let plaintext = fixture.plaintext("message", length: 32), nonce = fixture.nonce("message")
            try file.add(
                name,
                operation: "frame-seal",
                requirements: ["FRAME-SEAL-1", "KDF-5", "TYPE-1"],
                comment:
                    "The \(role.rawValue) seals a 32-byte plaintext with \(role == .device ? "c2s" : "s2c") and no AAD.",
                flags: ["Role", "Layout"],
                input: fixture.input(role: role).setting("nonce", .hex(nonce)).setting("plaintext", .hex(plaintext)),
                expect: .output(["frame": .hex(fixture.rawSealed(by: role, nonce: nonce, plaintext: plaintext))])
            )
        }
        let sizes: [(String, Int, String, Expectation)] = [
            ("plaintext-0", 0, "An empty plaintext seals to a 41-byte frame.", .valid),
            ("plaintext-1", 1, "A 1-byte plaintext seals to a 42-byte frame.", .valid),
            (
                "plaintext-49110", Limits.maximumPlaintextLength - 1,
                "A 49,110-byte plaintext, one below the largest, seals to a 49,151-byte frame.", .valid
            ),
            (
                "plaintext-49111-maximum", Limits.maximumPlaintextLength,
                "The largest plaintext, 49,111 bytes, seals to a 49,152-byte frame.", .valid
            ),
            (
                "plaintext-49112-too-large", Limits.maximumPlaintextLength + 1,
                "A 49,112-byte plaintext would make a 49,153-byte frame: refused with plaintext_too_large.",
                .error("plaintext_too_large")
            ),
        ]
        for (name, length, comment, expectation) in sizes {
            let fixture = SessionFixture(id: file.id(name))
            let plaintext = fixture.plaintext("message", length: length), nonce = fixture.nonce("message")
            var expect = expectation
            if case .valid = expectation {
                expect = .output(["frame": .hex(fixture.rawSealed(by: .device, nonce: nonce, plaintext: plaintext))])
            }
            let requirements = length > 1 ? ["SIZE-1", "SIZE-2", "FRAME-SEAL-3"] : ["FRAME-SEAL-1"]
            try file.add(
                name,
                operation: "frame-seal",
                requirements: requirements,
                comment: comment,
                flags: length > 1 ? ["SizeLimit"] : ["Layout"],
                input: fixture.input(role: .device).setting("nonce", .hex(nonce)).setting("plaintext", .hex(plaintext)),
                expect: expect
            )
        }
        try ExtremeValueVectors.addFrameSeal(to: &file)
        return try file.build()
    }
}
