import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/session-keys.json`: the session key schedule (KDF-2), with first known answers for
/// the fixed inputs the deployed code's own tests use.
enum SessionKeysVectors {
    /// (static_dh, eph_dh, client_eph_pub, server_eph_pub), each byte repeated 32 times: the
    /// fixed inputs of the deployed code's tests (protocol-facts section 3). That code asserts
    /// only inequalities; these vectors are the first known answers for them.
    static let fixedTuples: [(UInt8, UInt8, UInt8, UInt8)] = [
        (0x11, 0x22, 0x33, 0x44), (0x55, 0x66, 0x77, 0x88), (0x33, 0x44, 0x99, 0xAA), (0x01, 0x02, 0x03, 0x04),
        (0x42, 0x21, 0x01, 0x02), (0x42, 0x21, 0x03, 0x04), (0x42, 0xAA, 0xC1, 0xC2), (0x42, 0xBB, 0xD1, 0xD2),
    ]

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "session-keys",
            description:
                "Session keys: c2s and s2c = HKDF-SHA256(static_dh || eph_dh, client_eph_pub || server_eph_pub, "
                + "\"openhuman-tunnel/v1/c2s\" / \"openhuman-tunnel/v1/s2c\", 32), for fixed and label-derived inputs.",
            flags: [
                "ExtremeValue": ExtremeValueVectors.flag,
                "FixedInput": Flag(
                    description: "Inputs of one repeated byte each, as in the deployed code's tests.",
                    bug: "Wrong info tag, wrong HKDF inputs, c2s and s2c swapped."
                ),
                "OrderSwapped": Flag(
                    description: "Two inputs swapped against a fixed-input vector: the keys MUST differ.",
                    bug: "ikm as eph_dh || static_dh, or salt as server_eph_pub || client_eph_pub."
                ),
                "Derived": Flag(
                    description: "Inputs derived from the vector's label, like real DH outputs and keys.",
                    bug: "Any schedule error not visible with repeated-byte inputs."
                ),
            ]
        )
        func input(_ s: [UInt8], _ e: [UInt8], _ c: [UInt8], _ v: [UInt8]) -> JSONValue {
            [
                "staticDh": .hex(s), "ephemeralDh": .hex(e), "clientEphemeralPublic": .hex(c),
                "serverEphemeralPublic": .hex(v),
            ]
        }
        func repeated(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }
        func hex2(_ byte: UInt8) -> String { Hex.encode([byte]) }
        for (s, e, c, v) in fixedTuples {
            let name = "fixed-\(hex2(s))-\(hex2(e))-\(hex2(c))-\(hex2(v))"
            try file.add(
                name,
                operation: "session-keys",
                requirements: ["KDF-2"],
                comment:
                    "static_dh = 0x\(hex2(s)) * 32, eph_dh = 0x\(hex2(e)) * 32, client_eph_pub = 0x\(hex2(c)) * 32, server_eph_pub = 0x\(hex2(v)) * 32.",
                flags: ["FixedInput"],
                input: input(repeated(s), repeated(e), repeated(c), repeated(v)),
                expect: .valid
            )
        }
        try file.add(
            "ikm-order-swapped",
            operation: "session-keys",
            requirements: ["KDF-2"],
            comment:
                "static_dh and eph_dh of fixed-11-22-33-44 swapped: ikm is static_dh || eph_dh, so the keys differ.",
            flags: ["OrderSwapped"],
            input: input(repeated(0x22), repeated(0x11), repeated(0x33), repeated(0x44)),
            expect: .valid
        )
        try file.add(
            "salt-order-swapped",
            operation: "session-keys",
            requirements: ["KDF-2"],
            comment:
                "The two ephemeral keys of fixed-11-22-33-44 swapped: salt is client_eph_pub || server_eph_pub, so the keys differ.",
            flags: ["OrderSwapped"],
            input: input(repeated(0x11), repeated(0x22), repeated(0x44), repeated(0x33)),
            expect: .valid
        )
        let id = file.id("derived")
        try file.add(
            "derived",
            operation: "session-keys",
            requirements: ["KDF-2"],
            comment: "Label-derived DH outputs and public keys.",
            flags: ["Derived"],
            input: input(
                LabelDerived.key(id: id, name: "static_dh"),
                LabelDerived.key(id: id, name: "eph_dh"),
                LabelDerived.key(id: id, name: "client_eph_pub"),
                LabelDerived.key(id: id, name: "server_eph_pub")
            ),
            expect: .valid
        )
        try ExtremeValueVectors.addSessionKeys(to: &file)
        return try file.build()
    }
}
