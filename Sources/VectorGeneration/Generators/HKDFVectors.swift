import TunnelCrypto
import VectorFormat

/// `vectors/hkdf.json`: HKDF-SHA256 (RFC 5869), its appendix known answers, the output-length
/// limit and the empty-salt rule (KDF-1).
enum HKDFVectors {
    static func make() throws -> VectorFile {
        let wycheproof = try WycheproofData.hkdfSHA256()
        var file = VectorFileBuilder(
            area: "hkdf",
            description: "HKDF-SHA256 (RFC 5869): the SHA-256 known answers of appendix A, the longest "
                + "permitted output (255 * 32 = 8,160 bytes), one byte more, the empty salt, and Project "
                + "Wycheproof's 86 HKDF-SHA256 cases.",
            flags: [
                "KnownAnswer": Flag(
                    description: "Bytes copied from RFC 5869 appendix A.",
                    bug: "Extract and expand swapped, wrong HMAC key/message order, counter starting at 0."
                ),
                "LengthLimit": Flag(
                    description: "Output length at or just over 255 * HashLen.",
                    bug: "No length check: the one-byte block counter wraps and output repeats."
                ),
                "EmptySalt": Flag(
                    description: "An empty salt, which RFC 5869 defines as HashLen zero bytes.",
                    bug: "Empty salt treated differently from 32 zero bytes, or refused."
                ),
            ].merging(WycheproofVectors.hkdfFlags(wycheproof)) { kit, _ in kit }
        )
        for known in [KnownAnswers.RFC5869.a1, KnownAnswers.RFC5869.a2, KnownAnswers.RFC5869.a3] {
            let name = "rfc5869-" + known.section.split(separator: " ").last!.lowercased()
            try file.add(
                name,
                operation: "hkdf-sha256",
                requirements: ["KDF-1"],
                comment:
                    "\(known.section): HKDF-SHA256 with \(known.salt.isEmpty ? "empty salt and info" : "\(known.salt.count / 2)-byte salt").",
                flags: ["KnownAnswer"],
                source: known.section,
                input: [
                    "ikm": .string(known.ikm), "salt": .string(known.salt), "info": .string(known.info),
                    "length": .int(known.length),
                ],
                expect: .output(["okm": .string(known.okm)])
            )
        }
        let ikm = LabelDerived.bytes(32, id: file.id("length"), name: "ikm")
        let salt = LabelDerived.bytes(32, id: file.id("length"), name: "salt")
        let info = Array("openhuman-tunnel/vectors/hkdf".utf8)
        try file.add(
            "length-8160-maximum",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "255 * 32 = 8,160 bytes, the longest output RFC 5869 permits, is produced.",
            flags: ["LengthLimit"],
            input: ["ikm": .hex(ikm), "salt": .hex(salt), "info": .hex(info), "length": 8160],
            expect: .valid
        )
        try file.add(
            "length-8161-too-long",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "8,161 bytes would need a 256th block: refused with hkdf_output_too_long.",
            flags: ["LengthLimit"],
            input: ["ikm": .hex(ikm), "salt": .hex(salt), "info": .hex(info), "length": 8161],
            expect: .error("hkdf_output_too_long")
        )
        // The limit again with other keying material, the 8,160 bytes given in full: an
        // implementation that refuses the maximum, or wraps its block counter, fails here too.
        let otherIKM = LabelDerived.bytes(22, id: file.id("length-8160-other-ikm"), name: "ikm")
        let otherInfo = Array("openhuman-tunnel/vectors/hkdf/other".utf8)
        let maximumOutput = try HKDF.sha256(ikm: otherIKM, salt: [], info: otherInfo, length: 8160)
        try file.add(
            "length-8160-other-ikm",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "A 22-byte ikm, empty salt: all 8,160 bytes of the longest permitted output.",
            flags: ["LengthLimit"],
            input: ["ikm": .hex(otherIKM), "salt": "", "info": .hex(otherInfo), "length": 8160],
            expect: .output(["okm": .hex(maximumOutput)])
        )
        try file.add(
            "length-8161-other-ikm",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "The same 22-byte ikm and empty salt, one byte more: hkdf_output_too_long.",
            flags: ["LengthLimit"],
            input: ["ikm": .hex(otherIKM), "salt": "", "info": .hex(otherInfo), "length": 8161],
            expect: .error("hkdf_output_too_long")
        )
        // The range of `length` (KDF-1, ADP-30): its lower end, the block edges around it, and
        // the largest integer the adapter protocol carries, which is a protocol answer too.
        for length in [0, 1, 31, 32, 33, 8159] {
            let okm = try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: length)
            try file.add(
                "length-\(length)",
                operation: "hkdf-sha256",
                requirements: ["KDF-1"],
                comment: length == 0
                    ? "length 0 is in range: the empty output, not an error."
                    : "length \(length): the first \(length) bytes of the output stream, one HMAC block per 32 bytes.",
                flags: ["LengthLimit"],
                input: ["ikm": .hex(ikm), "salt": .hex(salt), "info": .hex(info), "length": .int(Int64(length))],
                expect: .output(["okm": .hex(okm)])
            )
        }
        try file.add(
            "length-2-pow-53-minus-1-too-long",
            operation: "hkdf-sha256",
            requirements: ["KDF-1", "ADP-30"],
            comment:
                "length 2^53 - 1, the largest integer of the adapter protocol: hkdf_output_too_long, not bad_request.",
            flags: ["LengthLimit"],
            input: ["ikm": .hex(ikm), "salt": .hex(salt), "info": .hex(info), "length": .int((1 << 53) - 1)],
            expect: .error("hkdf_output_too_long")
        )
        try file.add(
            "length-0-empty-inputs",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "Empty ikm, salt and info with length 0: the empty output.",
            flags: ["LengthLimit"],
            input: ["ikm": "", "salt": "", "info": "", "length": 0],
            expect: .output(["okm": ""])
        )
        try file.add(
            "length-2-pow-32-plus-32-too-long",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "length 2^32 + 32: hkdf_output_too_long; a length kept in 32 bits would read it as 32.",
            flags: ["LengthLimit"],
            input: ["ikm": .hex(ikm), "salt": .hex(salt), "info": .hex(info), "length": .int((1 << 32) + 32)],
            expect: .error("hkdf_output_too_long")
        )
        try file.add(
            "length-2-pow-32-too-long",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "length 2^32: hkdf_output_too_long; a length kept in 32 bits would read it as 0.",
            flags: ["LengthLimit"],
            input: ["ikm": .hex(ikm), "salt": .hex(salt), "info": .hex(info), "length": .int(1 << 32)],
            expect: .error("hkdf_output_too_long")
        )
        let zeroSaltOutput = try HKDF.sha256(ikm: ikm, salt: [UInt8](repeating: 0, count: 32), info: info, length: 32)
        try file.add(
            "empty-salt-equals-zero-salt",
            operation: "hkdf-sha256",
            requirements: ["KDF-1"],
            comment: "An empty salt gives the same output as 32 zero bytes (RFC 5869 section 2.2).",
            flags: ["EmptySalt"],
            input: ["ikm": .hex(ikm), "salt": "", "info": .hex(info), "length": 32],
            expect: .output(["okm": .hex(zeroSaltOutput)])
        )
        try WycheproofVectors.addHKDF(to: &file, data: wycheproof)
        return try file.build()
    }
}
