import OpenHumanTunnel
import VectorFormat

/// The extreme values of every fixed-size byte string that is a legal input of the primitives
/// and the session frames (issue 9 section 4): all zero and all 0xff, in an otherwise ordinary
/// request. Each is legal (X25519 clamps any 32 bytes, a key or nonce may take any value), so
/// each request succeeds, and its answer is the reference's.
enum ExtremeValueVectors {
    static let flag = Flag(
        description: "A fixed-size input of all zero or all 0xff bytes: legal, so the request succeeds.",
        bug:
            "An all-zero key refused or treated as unset, an all-0xff value overflowing a counter, a scalar not clamped."
    )

    /// (name suffix, byte)
    static let extremes: [(String, UInt8)] = [("zero", 0x00), ("ff", 0xff)]

    private static func fill(_ byte: UInt8, _ count: Int) -> JSONValue { .hex([UInt8](repeating: byte, count: count)) }

    static func addX25519(to file: inout VectorFileBuilder) throws {
        let ordinary = KnownAnswers.RFC7748.vector1
        for (name, byte) in extremes {
            try file.add(
                "extreme-scalar-\(name)",
                operation: "x25519",
                requirements: ["DH-1"],
                comment:
                    "A scalar of 32 \(name == "zero" ? "zero" : "0xff") bytes: clamped, then multiplied (RFC 7748 section 5).",
                flags: ["ExtremeValue"],
                input: ["scalar": fill(byte, 32), "u": .string(ordinary.1)],
                expect: .valid
            )
        }
    }

    static func addAEAD(to file: inout VectorFileBuilder) throws {
        let key = LabelDerived.key(id: file.id("extreme"), name: "key")
        let nonce = LabelDerived.nonce(id: file.id("extreme"), name: "nonce")
        let plaintext = Array("extreme values".utf8)
        for (name, byte) in extremes {
            for (member, count) in [("key", 32), ("nonce", 24)] {
                let base: JSONValue = ["key": .hex(key), "nonce": .hex(nonce), "aad": "", "plaintext": .hex(plaintext)]
                let input = base.setting(member, fill(byte, count))
                try file.add(
                    "seal-extreme-\(member)-\(name)",
                    operation: "xchacha20poly1305-seal",
                    requirements: ["FRAME-SEAL-1"],
                    comment:
                        "xchacha20poly1305-seal with a \(member) of all \(name == "zero" ? "zero" : "0xff") bytes.",
                    flags: ["ExtremeValue"],
                    input: input,
                    expect: .valid
                )
            }
            for (member, count) in [("key", 32), ("nonce", 16)] {
                let base: JSONValue = ["key": .hex(key), "nonce": .hex(Array(nonce.prefix(16)))]
                let input = base.setting(member, fill(byte, count))
                try file.add(
                    "hchacha20-extreme-\(member)-\(name)",
                    operation: "hchacha20",
                    requirements: ["FRAME-SEAL-1"],
                    comment: "hchacha20 with a \(member) of all \(name == "zero" ? "zero" : "0xff") bytes.",
                    flags: ["ExtremeValue"],
                    input: input,
                    expect: .valid
                )
            }
        }
    }

    static func addSessionKeys(to file: inout VectorFileBuilder) throws {
        let members = ["staticDh", "ephemeralDh", "clientEphemeralPublic", "serverEphemeralPublic"]
        let base = JSONValue.object(
            Dictionary(
                uniqueKeysWithValues: members.map {
                    ($0, JSONValue.hex(LabelDerived.key(id: file.id("extreme"), name: $0)))
                }
            )
        )
        for (name, byte) in extremes {
            try file.add(
                "extreme-all-\(name)",
                operation: "session-keys",
                requirements: ["KDF-2"],
                comment: "All four inputs of all \(name == "zero" ? "zero" : "0xff") bytes: KDF-2 takes any 32 bytes.",
                flags: ["ExtremeValue"],
                input: .object(Dictionary(uniqueKeysWithValues: members.map { ($0, fill(byte, 32)) })),
                expect: .valid
            )
            for member in members {
                try file.add(
                    "extreme-\(member)-\(name)",
                    operation: "session-keys",
                    requirements: ["KDF-2"],
                    comment: "\(member) of all \(name == "zero" ? "zero" : "0xff") bytes, the others ordinary.",
                    flags: ["ExtremeValue"],
                    input: base.setting(member, fill(byte, 32)),
                    expect: .valid
                )
            }
        }
    }

    static func addFrameSeal(to file: inout VectorFileBuilder) throws {
        let fixture = SessionFixture(id: file.id("extreme"))
        let plaintext = fixture.plaintext("message", length: 16)
        for (name, byte) in extremes {
            for member in ["c2s", "s2c", "nonce"] {
                let input = fixture.input(role: .device).setting("plaintext", .hex(plaintext))
                    .setting("nonce", .hex(fixture.nonce("message"))).setting(
                        member,
                        fill(byte, member == "nonce" ? 24 : 32)
                    )
                try file.add(
                    "extreme-\(member)-\(name)",
                    operation: "frame-seal",
                    requirements: ["FRAME-SEAL-1", "KDF-5"],
                    comment:
                        "The device seals with \(member) of all \(name == "zero" ? "zero" : "0xff") bytes: a legal value.",
                    flags: ["ExtremeValue"],
                    input: input,
                    expect: .valid
                )
            }
        }
    }

    static func addFrameOpen(to file: inout VectorFileBuilder) throws {
        for (name, byte) in extremes {
            for member in ["c2s", "s2c", "nonce"] {
                let id = file.id("extreme-\(member)-\(name)")
                let base = SessionFixture(id: id)
                let keys = SessionKeys(
                    c2s: member == "c2s" ? [UInt8](repeating: byte, count: 32) : base.keys.c2s,
                    s2c: member == "s2c" ? [UInt8](repeating: byte, count: 32) : base.keys.s2c
                )
                let nonce = member == "nonce" ? [UInt8](repeating: byte, count: 24) : base.nonce("message")
                // The core opens what the device sealed with c2s; the device opens the core's s2c frames.
                let sealer: Role = member == "s2c" ? .core : .device
                let frame = try SessionCipher(role: sealer, keys: keys).seal(
                    base.plaintext("message", length: 16),
                    nonce: nonce
                )
                try file.add(
                    "extreme-\(member)-\(name)",
                    operation: "frame-open",
                    requirements: ["FRAME-OPEN-6", "KDF-5"],
                    comment: "A frame under \(member) of all \(name == "zero" ? "zero" : "0xff") bytes opens.",
                    flags: ["ExtremeValue"],
                    input: [
                        "role": .string(sealer.peer.rawValue), "c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c),
                        "frame": .hex(frame),
                    ],
                    expect: .output(["plaintext": .hex(base.plaintext("message", length: 16))])
                )
            }
        }
    }
}
