import VectorFormat

/// Project Wycheproof's X25519, XChaCha20-Poly1305 and HKDF-SHA256 cases (`Wycheproof/`, its
/// README names the commit and licence) as kit vectors `<area>/wycheproof-tc<tcId>-<flag>`:
/// twists, non-canonical and small-order keys, Poly1305 edge cases, modified tags and output
/// collisions that the kit's own vectors do not reach. Each keeps Wycheproof's tcId, comment and
/// flags (as `Wycheproof<flag>`, described by Wycheproof's note); `expected` is Wycheproof's
/// answer, which `VectorFileBuilder` checks against the reference.
enum WycheproofVectors {
    /// XChaCha20-Poly1305's nonce in bits: the only size the operations take (`hex24`).
    static let nonceBits = 192

    static func x25519Flags(_ data: WycheproofData.File<WycheproofData.X25519Test>) -> [String: Flag] {
        flags(data.notes, used: data.tests.map(\.flags))
    }

    /// The flags of the cases with a 24-byte nonce, the only ones carried.
    static func aeadFlags(_ data: WycheproofData.File<WycheproofData.AEADTest>) -> [String: Flag] {
        flags(data.notes, used: data.testGroups.filter { $0.ivSize == nonceBits }.flatMap(\.tests).map(\.flags))
    }

    static func hkdfFlags(_ data: WycheproofData.File<WycheproofData.HKDFTest>) -> [String: Flag] {
        flags(data.notes, used: data.tests.map(\.flags))
    }

    static func addX25519(
        to file: inout VectorFileBuilder,
        data: WycheproofData.File<WycheproofData.X25519Test>
    )
        throws
    {
        for test in data.tests {
            // Wycheproof marks an all-zero shared secret `acceptable`; DH-2 makes it a refusal.
            let zero = test.flags.contains("ZeroSharedSecret")
            try file.add(
                name(test.tcId, zero ? ["ZeroSharedSecret"] : test.flags),
                operation: "x25519",
                requirements: [zero ? "DH-2" : "DH-1"],
                comment: comment(test.tcId, test.flags, test.comment)
                    + (zero ? " The output is all zero and MUST be refused." : ""),
                flags: test.flags.map(flag),
                source: source("x25519_test.json", test.tcId),
                input: ["scalar": .string(test.private), "u": .string(test.public)],
                expect: zero ? .error("low_order_key") : .output(["shared": .string(test.shared)])
            )
        }
    }

    /// A `valid` case seals and opens; an `invalid` one (a modified tag) fails to open.
    static func addAEAD(to file: inout VectorFileBuilder, data: WycheproofData.File<WycheproofData.AEADTest>) throws {
        for group in data.testGroups where group.ivSize == nonceBits {
            for test in group.tests {
                let base: JSONValue = ["key": .string(test.key), "nonce": .string(test.iv), "aad": .string(test.aad)]
                let sealed = test.ct + test.tag
                let name = name(test.tcId, test.flags), comment = comment(test.tcId, test.flags, test.comment)
                let flags = test.flags.map(flag), source = source("xchacha20_poly1305_test.json", test.tcId)
                if test.result == "valid" {
                    try file.add(
                        name + "-seal",
                        operation: "xchacha20poly1305-seal",
                        requirements: ["FRAME-SEAL-1"],
                        comment: comment + " Sealing.",
                        flags: flags,
                        source: source,
                        input: base.setting("plaintext", .string(test.msg)),
                        expect: .output(["ciphertext": .string(sealed)])
                    )
                }
                try file.add(
                    name + "-open",
                    operation: "xchacha20poly1305-open",
                    requirements: ["FRAME-OPEN-6"],
                    comment: comment + (test.result == "valid" ? " Opening." : " Opening MUST fail authentication."),
                    flags: flags,
                    source: source,
                    input: base.setting("ciphertext", .string(sealed)),
                    expect: test.result == "valid" ? .output(["plaintext": .string(test.msg)]) : .error("auth_failed")
                )
            }
        }
    }

    static func addHKDF(to file: inout VectorFileBuilder, data: WycheproofData.File<WycheproofData.HKDFTest>) throws {
        for test in data.tests {
            let tooLong = test.result == "invalid"
            try file.add(
                name(test.tcId, test.flags),
                operation: "hkdf-sha256",
                requirements: ["KDF-1"],
                comment: comment(test.tcId, test.flags, test.comment) + " Length \(test.size).",
                flags: test.flags.map(flag),
                source: source("hkdf_sha256_test.json", test.tcId),
                input: [
                    "ikm": .string(test.ikm), "salt": .string(test.salt), "info": .string(test.info),
                    "length": .int(Int64(test.size)),
                ],
                expect: tooLong ? .error("hkdf_output_too_long") : .output(["okm": .string(test.okm)])
            )
        }
    }

    /// The kit flags of the carried cases, whose Wycheproof flags are `used`, each described by
    /// Wycheproof's note.
    private static func flags(_ notes: [String: WycheproofData.Note], used: [[String]]) -> [String: Flag] {
        var flags: [String: Flag] = [:]
        for name in Set(used.joined()) {
            let note = notes[name]
            flags[flag(name)] = Flag(
                description: "Wycheproof \(name): " + (note?.description ?? "a Wycheproof test flag."),
                bug: note?.effect ?? "Wycheproof bug type \(note?.bugType ?? "unknown"): the case is answered wrongly."
            )
        }
        return flags
    }

    private static func flag(_ name: String) -> String { "Wycheproof" + name }

    /// `wycheproof-tc<tcId>-<first flag in kebab case>`.
    private static func name(_ tcId: Int, _ flags: [String]) -> String {
        var kebab = ""
        for character in flags.first ?? "case" {
            if character.isUppercase, !kebab.isEmpty { kebab.append("-") }
            kebab.append(character.lowercased())
        }
        return "wycheproof-tc\(tcId)-\(kebab)"
    }

    private static func comment(_ tcId: Int, _ flags: [String], _ text: String) -> String {
        "Wycheproof tcId \(tcId) (\(flags.joined(separator: ", ")))" + (text.isEmpty ? "." : ": \(text).")
    }

    private static func source(_ file: String, _ tcId: Int) -> String {
        "Wycheproof testvectors_v1/\(file) tcId \(tcId), C2SP/wycheproof commit \(WycheproofData.commit)"
    }
}
