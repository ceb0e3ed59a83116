import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/x25519.json`: RFC 7748's known answers, the input conventions of section 5
/// (clamping, top-bit masking, non-canonical u) and the all-zero output check (DH-2).
enum X25519Vectors {
    static func make() throws -> VectorFile {
        let wycheproof = try WycheproofData.x25519()
        var file = VectorFileBuilder(
            area: "x25519",
            description: "X25519 (RFC 7748): known answers, scalar clamping, masking of the top bit of u, "
                + "non-canonical u, the mandatory rejection of an all-zero output for every low-order key, "
                + "and Project Wycheproof's 518 X25519 cases (twists, non-canonical and small-order keys).",
            flags: [
                "ExtremeValue": ExtremeValueVectors.flag,
                "KnownAnswer": Flag(
                    description: "Bytes copied from an RFC.",
                    bug: "Wrong field arithmetic, wrong byte order, or a swapped scalar and u."
                ),
                "Clamping": Flag(
                    description: "The scalar has the bits that clamping clears or sets flipped.",
                    bug: "Scalar not clamped (RFC 7748 section 5) before the ladder."
                ),
                "TopBit": Flag(
                    description: "The top bit of u is set; RFC 7748 masks it.",
                    bug: "Top bit of u used in the arithmetic, or the key rejected."
                ),
                "NonCanonical": Flag(
                    description: "u is at least 2^255 - 19 and not of low order; it is reduced modulo p.",
                    bug: "Non-canonical u rejected instead of reduced (RFC 7748 section 5)."
                ),
                "LowOrder": Flag(
                    description: "u is one of the fourteen low-order encodings; the output is all zero.",
                    bug: "All-zero shared secret used as a key (missing DH-2 check), or a short blocklist."
                ),
            ].merging(WycheproofVectors.x25519Flags(wycheproof)) { kit, _ in kit }
        )
        let dh = ["DH-1"]
        for (index, vector) in [KnownAnswers.RFC7748.vector1, KnownAnswers.RFC7748.vector2].enumerated() {
            try file.add(
                "rfc7748-5.2-vector-\(index + 1)",
                operation: "x25519",
                requirements: dh,
                comment: "RFC 7748 section 5.2 single-shot vector \(index + 1).",
                flags: ["KnownAnswer"],
                source: KnownAnswers.RFC7748.section52,
                input: ["scalar": .string(vector.0), "u": .string(vector.1)],
                expect: .output(["shared": .string(vector.2)])
            )
        }
        try file.add(
            "rfc7748-5.2-iteration-1",
            operation: "x25519",
            requirements: dh,
            comment: "RFC 7748 section 5.2 iteration: X25519(9, 9), the result after one round.",
            flags: ["KnownAnswer"],
            source: KnownAnswers.RFC7748.section52,
            input: ["scalar": .string(KnownAnswers.RFC7748.nine), "u": .string(KnownAnswers.RFC7748.nine)],
            expect: .output(["shared": .string(KnownAnswers.RFC7748.afterOneIteration)])
        )
        try addDiffieHellman(&file)
        try addInputConventions(&file)
        for point in LowOrderPoints.all {
            try file.add(
                "low-order-\(point.name)",
                operation: "x25519",
                requirements: ["DH-2"],
                comment: "u = \(point.name): the output is all zero and MUST be refused.",
                flags: ["LowOrder"],
                input: [
                    "scalar": .hex(LabelDerived.privateKey(id: file.id("low-order-\(point.name)"), name: "scalar")),
                    "u": .hex(point.bytes),
                ],
                expect: .error("low_order_key")
            )
        }
        try ExtremeValueVectors.addX25519(to: &file)
        try WycheproofVectors.addX25519(to: &file, data: wycheproof)
        return try file.build()
    }

    /// Section 6.1: both public keys from the base point, and the shared secret from both sides.
    private static func addDiffieHellman(_ file: inout VectorFileBuilder) throws {
        typealias K = KnownAnswers.RFC7748
        let cases: [(String, String, String, String, String)] = [
            ("alice-public", "Alice's public key, X25519(a, 9).", K.alicePrivate, K.nine, K.alicePublic),
            ("bob-public", "Bob's public key, X25519(b, 9).", K.bobPrivate, K.nine, K.bobPublic),
            (
                "alice-shared", "The shared secret computed by Alice, X25519(a, X25519(b, 9)).", K.alicePrivate,
                K.bobPublic, K.shared
            ),
            (
                "bob-shared", "The shared secret computed by Bob, X25519(b, X25519(a, 9)).", K.bobPrivate,
                K.alicePublic, K.shared
            ),
        ]
        for (name, comment, scalar, u, shared) in cases {
            try file.add(
                "rfc7748-6.1-\(name)",
                operation: "x25519",
                requirements: ["DH-1"],
                comment: comment,
                flags: ["KnownAnswer"],
                source: K.section61,
                input: ["scalar": .string(scalar), "u": .string(u)],
                expect: .output(["shared": .string(shared)])
            )
        }
    }

    /// Each input convention against a plain computation: the same output proves the convention.
    private static func addInputConventions(_ file: inout VectorFileBuilder) throws {
        let bob = Hex.decode(KnownAnswers.RFC7748.bobPublic)!
        let shared = KnownAnswers.RFC7748.shared
        var unclamped = Hex.decode(KnownAnswers.RFC7748.alicePrivate)!
        // Clamping clears bits 0-2 of byte 0 and bit 7 of byte 31 and sets bit 6 of byte 31.
        // Alice's scalar already has bits 0-2 set; set bit 7 and clear bit 6 as well, and the
        // clamped scalar, so the output, is unchanged.
        unclamped[31] = (unclamped[31] | 0x80) & ~0x40
        try file.add(
            "clamping-ignores-low-and-high-bits",
            operation: "x25519",
            requirements: ["DH-1"],
            comment:
                "Alice's scalar with bit 255 set and bit 254 clear (bits 0-2 are set already) gives the RFC 7748 section 6.1 secret.",
            flags: ["Clamping"],
            input: ["scalar": .hex(unclamped), "u": .hex(bob)],
            expect: .output(["shared": .string(shared)])
        )
        var topBit = bob
        topBit[31] |= 0x80
        try file.add(
            "top-bit-of-u-masked",
            operation: "x25519",
            requirements: ["DH-1"],
            comment: "Bob's public key with bit 255 set gives the RFC 7748 section 6.1 secret.",
            flags: ["TopBit"],
            input: ["scalar": .string(KnownAnswers.RFC7748.alicePrivate), "u": .hex(topBit)],
            expect: .output(["shared": .string(shared)])
        )
        // u = p + 2 = 2^255 - 17 is the non-canonical encoding of u = 2, a point of large order.
        var pPlus2 = [UInt8](repeating: 0xff, count: 32)
        pPlus2[0] = 0xef
        pPlus2[31] = 0x7f
        var two = [UInt8](repeating: 0, count: 32)
        two[0] = 2
        let scalar = LabelDerived.privateKey(id: file.id("non-canonical-u-p-plus-2"), name: "scalar")
        let reduced = try X25519.sharedSecret(privateKey: scalar, publicKey: two)
        try file.add(
            "non-canonical-u-p-plus-2",
            operation: "x25519",
            requirements: ["DH-1"],
            comment: "u = 2^255 - 17 (p + 2) is accepted and gives the same output as u = 2.",
            flags: ["NonCanonical"],
            input: ["scalar": .hex(scalar), "u": .hex(pPlus2)],
            expect: .output(["shared": .hex(reduced)])
        )
        try addMoreNonCanonical(&file)
    }

    /// Two more encodings >= p, each reduced modulo p (RFC 7748 section 5), so a check that
    /// refuses non-canonical u is caught apart from the u = p + 2 case.
    private static func addMoreNonCanonical(_ file: inout VectorFileBuilder) throws {
        // u = p + 9 = 2^255 - 10 reduces to 9, the base point: the output is the scalar's public key.
        var pPlus9 = [UInt8](repeating: 0xff, count: 32)
        pPlus9[0] = 0xf6
        pPlus9[31] = 0x7f
        let baseScalar = LabelDerived.privateKey(id: file.id("non-canonical-u-p-plus-9"), name: "scalar")
        try file.add(
            "non-canonical-u-p-plus-9",
            operation: "x25519",
            requirements: ["DH-1"],
            comment:
                "u = 2^255 - 10 (p + 9) is accepted and reduced to the base point 9: the output is the scalar's public key.",
            flags: ["NonCanonical"],
            input: ["scalar": .hex(baseScalar), "u": .hex(pPlus9)],
            expect: .output(["shared": .hex(X25519.publicKey(privateKey: baseScalar))])
        )
        // 32 bytes of 0xff: bit 255 is masked, leaving 2^255 - 1 = p + 18, which reduces to 18.
        var eighteen = [UInt8](repeating: 0, count: 32)
        eighteen[0] = 18
        let allOnesScalar = LabelDerived.privateKey(id: file.id("non-canonical-u-all-ones"), name: "scalar")
        try file.add(
            "non-canonical-u-all-ones",
            operation: "x25519",
            requirements: ["DH-1"],
            comment:
                "u = 32 bytes of 0xff: bit 255 masked gives 2^255 - 1 (p + 18), accepted with the same output as u = 18.",
            flags: ["NonCanonical", "TopBit"],
            input: ["scalar": .hex(allOnesScalar), "u": .hex([UInt8](repeating: 0xff, count: 32))],
            expect: .output(["shared": .hex(try X25519.sharedSecret(privateKey: allOnesScalar, publicKey: eighteen))])
        )
    }
}
