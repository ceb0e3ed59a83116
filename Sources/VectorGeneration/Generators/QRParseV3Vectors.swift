import OpenHumanTunnel
import VectorFormat

/// `vectors/qr-parse-v3.json`: the consumer of a phone that runs both wire versions (QR3-PARSE-1
/// to QR3-PARSE-4): the version read from `v`, the channel id held to the prologue's limit, the
/// secret, QR3-PARSE-1's order, and every version 2 case of `qr-parse.json` answered as a version
/// 2 consumer answers it.
enum QRParseV3Vectors {
    static func make(versionTwo: VectorFile) throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "qr-parse-v3",
            description:
                "Consuming the pairing payload as a phone that runs both wire versions (operation qr-parse-v3): "
                + "v decides the version, a version 3 payload carries its secret and a channel id the prologue can hold, "
                + "and every version 2 payload is read exactly as qr-parse reads it.",
            flags: versionTwo.flags.merging([
                "Version": Flag(
                    description: "The value of v, or its absence, decides the version or the refusal.",
                    bug:
                        "v read as a number, v=2 accepted, a later version called damaged, or ps without v read as version 2."
                ),
                "Secret": Flag(
                    description: "The pairing secret ps: present, canonical base64url, 16 bytes.",
                    bug: "A padded, non-canonical or wrong-length secret accepted."
                ),
                "ChannelID": Flag(
                    description:
                        "A version 3 cid must fit the prologue: 1 to 255 ASCII bytes; a version 2 cid need not.",
                    bug: "No prologue limit, or version 3's limit applied to version 2 payloads."
                ),
                "VersionTwo": Flag(
                    description:
                        "A case of qr-parse.json, without v or ps: the answer is qr-parse's, with v 2 and ps null.",
                    bug: "A version 3 consumer that reads version 2 payloads differently from a version 2 consumer."
                ),
            ]) { old, _ in old }
        )
        try addValid(&file)
        try addVersion(&file)
        try addChannelID(&file)
        try addSecret(&file)
        try addOrder(&file)
        try addVersionTwo(&file, from: versionTwo)
        return try file.build()
    }

    private static func parse(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        flag: String,
        _ payload: String,
        now: Int64 = QRExample.now,
        expect: Expectation
    ) throws {
        try file.add(
            name,
            operation: "qr-parse-v3",
            requirements: ["QR3-PARSE-1"] + requirements,
            comment: comment,
            flags: [flag],
            input: QRExample.parseInput(payload, now: now),
            expect: expect
        )
    }

    private static func addValid(_ file: inout VectorFileBuilder) throws {
        let e = QRV3Example.self
        try file.add(
            "example",
            operation: "qr-parse-v3",
            requirements: ["QR3-PARSE-1", "QR3-PARSE-2", "QR3-PARSE-4", "QR-GRAM-2", "ADP-127"],
            comment: "The example of section 8.12 gives back v 3, its six values and the secret.",
            flags: ["Valid"],
            source: "\(e.chapter) section 8.12.6",
            input: QRExample.parseInput(e.payload),
            expect: .output(e.parsed())
        )
        let withoutRPC = e.payload(replacing: "rpc", with: nil)
        try parse(
            &file,
            "example-without-rpc",
            ["QR-PARSE-16"],
            "Without rpc, rpc is null.",
            flag: "Valid",
            withoutRPC,
            expect: .output(e.parsed(withRPC: false))
        )
        try parse(
            &file,
            "version-2-example",
            ["QR3-PARSE-2", "ADP-127"],
            "Section 8.1's version 2 example (no v) is version 2, with ps null.",
            flag: "Valid",
            QRExample.payload,
            expect: .output(QRExample.parsed().setting("v", .int(2)).setting("ps", .null))
        )
        let fields = e.fields
        let equivalents: [(String, String, String, [String])] = [
            (
                "v-last", "v=3 written last is the same payload.",
                QRExample.payload(Array(fields.dropFirst()) + [fields[0]]), ["QR-PARSE-15"]
            ),
            (
                "reversed-order", "The seven fields in reverse order.", QRExample.payload(fields.reversed()),
                ["QR-PARSE-15"]
            ),
            (
                "encoded-names", "%76 is v and p%73 is ps.",
                QRExample.payload(
                    fields.map { $0.name == "v" ? ("%76", $0.raw) : $0.name == "ps" ? ("p%73", $0.raw) : $0 }
                ),
                ["QR-PARSE-12"]
            ),
            ("encoded-version", "v=%33 decodes to 3.", e.payload(replacing: "v", with: "%33"), ["QR-PARSE-10"]),
            (
                "encoded-secret", "ps with %69 for its first character i is the same secret.",
                e.payload(replacing: "ps", with: "%69" + e.psText.dropFirst()), ["QR-PARSE-10", "QR-PARSE-25"]
            ),
            (
                "unknown-fields", "Unknown fields around v and ps are ignored.",
                QRExample.prefix + "x=1&" + fields.map { "\($0.name)=\($0.raw)" }.joined(separator: "&vv=2&"),
                ["QR-PARSE-14"]
            ),
        ]
        for (name, comment, payload, requirements) in equivalents {
            try parse(
                &file,
                "equivalent-\(name)",
                requirements + ["QR-PARSE-25"],
                comment,
                flag: "Equivalent",
                payload,
                expect: .output(e.parsed())
            )
        }
        try parse(
            &file,
            "now-equals-exp",
            ["QR-PARSE-24"],
            "now == exp is still valid.",
            flag: "Boundary",
            e.payload,
            now: QRExample.exp,
            expect: .output(e.parsed())
        )
        try parse(
            &file,
            "now-after-exp",
            ["QR-PARSE-24"],
            "now == exp + 1 is qr_expired.",
            flag: "Boundary",
            e.payload,
            now: QRExample.exp + 1,
            expect: .error("qr_expired")
        )
    }

    private static func addVersion(_ file: inout VectorFileBuilder) throws {
        let e = QRV3Example.self
        let refused: [(String, String?, String, String)] = [
            (
                "v-absent-with-secret", nil, "ps without v: the version is missing, qr_missing_field.",
                "qr_missing_field"
            ),
            ("v-empty", "", "v= is qr_empty_field.", "qr_empty_field"),
            ("v-2", "2", "v=2 is never written (version 2 has no v): qr_bad_version.", "qr_bad_version"),
            ("v-1", "1", "v=1 is qr_bad_version.", "qr_bad_version"),
            ("v-0", "0", "v=0 is qr_bad_version.", "qr_bad_version"),
            ("v-03", "03", "v=03 (a leading zero) is qr_bad_version, not 3.", "qr_bad_version"),
            ("v-003", "003", "v=003 is qr_bad_version.", "qr_bad_version"),
            ("v-04", "04", "v=04 (a leading zero) is qr_bad_version, not a later version.", "qr_bad_version"),
            ("v-3-point-0", "3.0", "v=3.0 is qr_bad_version.", "qr_bad_version"),
            ("v-space-3", "+3", "v=+3 decodes to \" 3\": qr_bad_version.", "qr_bad_version"),
            ("v-3-space", "3+", "v=3+ decodes to \"3 \": qr_bad_version.", "qr_bad_version"),
            ("v-letters", "three", "v=three is qr_bad_version.", "qr_bad_version"),
            ("v-1000", "1000", "v=1000 (four digits) is qr_bad_version.", "qr_bad_version"),
            ("v-4", "4", "v=4 is a later version: qr_unsupported_version.", "qr_unsupported_version"),
            ("v-9", "9", "v=9 is qr_unsupported_version.", "qr_unsupported_version"),
            ("v-10", "10", "v=10 is qr_unsupported_version.", "qr_unsupported_version"),
            ("v-999", "999", "v=999, the largest later version, is qr_unsupported_version.", "qr_unsupported_version"),
        ]
        for (name, value, comment, error) in refused {
            try parse(
                &file,
                name,
                ["QR3-PARSE-2"],
                comment,
                flag: "Version",
                e.payload(replacing: "v", with: value),
                expect: .error(error)
            )
        }
        try parse(
            &file,
            "v-absent-with-empty-secret",
            ["QR3-PARSE-2"],
            "An empty ps= is still a field named ps: without v, qr_missing_field.",
            flag: "Version",
            e.payload(replacing: "v", with: nil).replacing("&ps=" + e.psText, with: "&ps="),
            expect: .error("qr_missing_field")
        )
        try parse(
            &file,
            "v-without-value",
            ["QR3-PARSE-2", "QR-PARSE-9"],
            "A bare v (no '=') has an empty value: qr_empty_field.",
            flag: "Version",
            e.payload.replacing("?v=3&", with: "?v&"),
            expect: .error("qr_empty_field")
        )
        try parse(
            &file,
            "v-upper-case-name",
            ["QR3-PARSE-2", "QR-PARSE-12"],
            "V=3 is an unknown field, so ps comes without v: qr_missing_field.",
            flag: "Version",
            e.payload.replacing("?v=3&", with: "?V=3&"),
            expect: .error("qr_missing_field")
        )
        try parse(
            &file,
            "v-2-without-secret",
            ["QR3-PARSE-2"],
            "Version 2's example with v=2 added is still qr_bad_version: a version 2 payload has one spelling.",
            flag: "Version",
            QRExample.payload.replacing("?cid=", with: "?v=2&cid="),
            expect: .error("qr_bad_version")
        )
        for (name, extra, comment) in [
            ("duplicate-v-equal", "&v=3", "v=3 twice is qr_duplicate_field."),
            ("duplicate-v-later", "&v=4", "v=3 and v=4 is qr_duplicate_field, not the first or the last."),
            ("duplicate-v-empty", "&v=", "v=3 and an empty v is qr_duplicate_field."),
            ("duplicate-secret", "&ps=" + e.psText, "ps twice, equal, is qr_duplicate_field."),
        ] {
            try parse(
                &file,
                name,
                ["QR-PARSE-13"],
                comment,
                flag: "Duplicate",
                e.payload + extra,
                expect: .error("qr_duplicate_field")
            )
        }
    }

    private static func addChannelID(_ file: inout VectorFileBuilder) throws {
        let e = QRV3Example.self
        let longest = String(repeating: "C", count: 255)
        try parse(
            &file,
            "cid-255-bytes",
            ["QR3-PARSE-3", "V3-PRO-1"],
            "A 255-byte cid is the longest a version 3 payload carries.",
            flag: "ChannelID",
            e.payload(replacing: "cid", with: longest),
            expect: .output(e.parsed().setting("cid", .string(longest)))
        )
        try parse(
            &file,
            "cid-256-bytes",
            ["QR3-PARSE-3", "V3-PRO-1"],
            "A 256-byte cid is qr_bad_cid.",
            flag: "ChannelID",
            e.payload(replacing: "cid", with: longest + "C"),
            expect: .error("qr_bad_cid")
        )
        try parse(
            &file,
            "cid-not-ascii",
            ["QR3-PARSE-3"],
            "A cid with U+00E9 (%C3%A9) is qr_bad_cid in version 3.",
            flag: "ChannelID",
            e.payload(replacing: "cid", with: "ch-%C3%A9"),
            expect: .error("qr_bad_cid")
        )
        try parse(
            &file,
            "cid-del",
            ["QR3-PARSE-3"],
            "0x7F is ASCII: a cid with %7F is accepted.",
            flag: "ChannelID",
            e.payload(replacing: "cid", with: "ch%7F"),
            expect: .output(e.parsed().setting("cid", "ch\u{7f}"))
        )
        try parse(
            &file,
            "cid-nul",
            ["QR3-PARSE-3"],
            "0x00 is ASCII: a cid with %00 is accepted.",
            flag: "ChannelID",
            e.payload(replacing: "cid", with: "a%00b"),
            expect: .output(e.parsed().setting("cid", "a\u{0}b"))
        )
        try parse(
            &file,
            "cid-255-bytes-escaped",
            ["QR3-PARSE-3"],
            "The limit counts decoded bytes: 255 bytes written as %43 each are accepted.",
            flag: "ChannelID",
            e.payload(replacing: "cid", with: String(repeating: "%43", count: 255)),
            expect: .output(e.parsed().setting("cid", .string(longest)))
        )
        let v2 = QRExample.self
        let versionTwo = v2.parsed().setting("v", .int(2)).setting("ps", .null)
        try parse(
            &file,
            "version-2-cid-256-bytes",
            ["QR3-PARSE-1", "QR-PARSE-18"],
            "A version 2 payload keeps version 2's rule: a 256-byte cid is accepted.",
            flag: "ChannelID",
            v2.payload(replacing: "cid", with: longest + "C"),
            expect: .output(versionTwo.setting("cid", .string(longest + "C")))
        )
        try parse(
            &file,
            "version-2-cid-not-ascii",
            ["QR3-PARSE-1", "QR-PARSE-18"],
            "A version 2 payload with cid %C3%A9 is accepted as U+00E9.",
            flag: "ChannelID",
            v2.payload(replacing: "cid", with: "%C3%A9"),
            expect: .output(versionTwo.setting("cid", "\u{e9}"))
        )
    }

    private static func addSecret(_ file: inout VectorFileBuilder) throws {
        let e = QRV3Example.self
        let refused: [(String, String?, String, String)] = [
            ("secret-absent", nil, "v=3 without ps is qr_missing_field.", "qr_missing_field"),
            ("secret-empty", "", "ps= is qr_empty_field.", "qr_empty_field"),
            ("secret-padded", e.psText + "==", "ps with '==' padding is qr_bad_ps_base64url.", "qr_bad_ps_base64url"),
            (
                "secret-padded-escaped", e.psText + "%3D%3D", "ps with %3D%3D padding is qr_bad_ps_base64url.",
                "qr_bad_ps_base64url"
            ),
            (
                "secret-non-canonical", String(e.psText.dropLast()) + "x",
                "ps whose last character has non-zero unused bits (x for w) is qr_bad_ps_base64url.",
                "qr_bad_ps_base64url"
            ),
            (
                "secret-21-characters", String(e.psText.dropLast()),
                "21 characters (length 1 modulo 4) is qr_bad_ps_base64url.", "qr_bad_ps_base64url"
            ),
            (
                "secret-standard-alphabet", "iSSHsY8qKvZNmZ1xCX4u9%2F",
                "'/' of standard base64 is qr_bad_ps_base64url.", "qr_bad_ps_base64url"
            ),
            (
                "secret-15-bytes", String(e.psText.prefix(20)), "20 characters are 15 bytes: qr_bad_ps_length.",
                "qr_bad_ps_length"
            ),
            (
                "secret-17-bytes", e.psText.dropLast() + "8A", "23 characters are 17 bytes: qr_bad_ps_length.",
                "qr_bad_ps_length"
            ),
            (
                "secret-as-hex", "892487b18f2a2af64d999d71097e2ef7",
                "The secret in hex (32 characters, 24 bytes as base64url) is qr_bad_ps_length.", "qr_bad_ps_length"
            ),
            (
                "secret-32-bytes", e.cpkText, "A 32-byte value (a key, or a psk) is qr_bad_ps_length.",
                "qr_bad_ps_length"
            ),
        ]
        for (name, value, comment, error) in refused {
            try parse(
                &file,
                name,
                ["QR3-PARSE-4"] + (value == nil || value == "" ? ["QR-PARSE-16", "QR-PARSE-17"] : []),
                comment,
                flag: "Secret",
                e.payload(replacing: "ps", with: value),
                expect: .error(error)
            )
        }
        try parse(
            &file,
            "secret-zeros",
            ["QR3-PARSE-4"],
            "An all-zero secret (AAAAAAAAAAAAAAAAAAAAAA) is read as written: the consumer does not judge its randomness.",
            flag: "Secret",
            e.payload(replacing: "ps", with: "AAAAAAAAAAAAAAAAAAAAAA"),
            expect: .output(e.parsed().setting("ps", .hex([UInt8](repeating: 0, count: 16))))
        )
    }

    private static func addOrder(_ file: inout VectorFileBuilder) throws {
        let e = QRV3Example.self
        let badCPK = "not-a-key"
        let cases: [(String, String, String, String)] = [
            (
                "order-version-before-cpk", "A bad v and a bad cpk: v is checked first, qr_bad_version.",
                e.payload(replacing: "v", with: "2").replacing(e.cpkText, with: badCPK), "qr_bad_version"
            ),
            (
                "order-missing-version-before-cpk", "ps without v and a bad cpk: qr_missing_field.",
                e.payload(replacing: "v", with: nil).replacing(e.cpkText, with: badCPK), "qr_missing_field"
            ),
            (
                "order-later-version-before-cid", "v=4 and no cid: qr_unsupported_version.",
                e.payload(replacing: "v", with: "4").replacing("cid=\(QRExample.cid)&", with: ""),
                "qr_unsupported_version"
            ),
            (
                "order-duplicate-before-version", "A repeated ps and v=2: qr_duplicate_field comes first.",
                e.payload(replacing: "v", with: "2") + "&ps=x", "qr_duplicate_field"
            ),
            (
                "order-cid-before-pt", "A 256-byte cid and an empty pt: qr_bad_cid.",
                e.payload(replacing: "cid", with: String(repeating: "C", count: 256)).replacing(
                    "pt=tok_abc123",
                    with: "pt="
                ), "qr_bad_cid"
            ),
            (
                "order-cpk-before-secret", "A bad cpk and a bad ps: the key first, qr_bad_cpk_base64url.",
                e.payload(replacing: "ps", with: "x").replacing(e.cpkText, with: badCPK), "qr_bad_cpk_base64url"
            ),
            (
                "order-secret-before-rpc", "A bad ps and a bad rpc: qr_bad_ps_base64url.",
                e.payload(replacing: "ps", with: "x").replacing(QRExample.formEncode(QRExample.rpc), with: "ftp"),
                "qr_bad_ps_base64url"
            ),
            (
                "order-missing-secret-before-exp", "No ps and a bad exp: qr_missing_field.",
                e.payload(replacing: "ps", with: nil).replacing("exp=1790000000", with: "exp=x"), "qr_missing_field"
            ),
            (
                "order-secret-before-expiry",
                "A 15-byte ps in an expired payload: qr_bad_ps_length (the clock comes last).",
                e.payload(replacing: "ps", with: String(e.psText.prefix(20))), "qr_bad_ps_length"
            ),
        ]
        for (name, comment, payload, error) in cases {
            try parse(
                &file,
                name,
                [],
                comment,
                flag: "CheckOrder",
                payload,
                now: name == "order-secret-before-expiry" ? QRExample.exp + 1 : QRExample.now,
                expect: .error(error)
            )
        }
    }

    /// Every `qr-parse` case whose payload has no field named `v` or `ps`, answered as
    /// `qr-parse` answers it, with `v` 2 and `ps` null on success.
    private static func addVersionTwo(_ file: inout VectorFileBuilder, from versionTwo: VectorFile) throws {
        for vector in versionTwo.vectors where !namesVersionThree(vector.input) {
            let name = String(vector.id.dropFirst("qr-parse/".count))
            let expect: Expectation =
                vector.expectedError.map { .error($0) }
                ?? .output(vector.expected.setting("v", .int(2)).setting("ps", .null))
            try file.add(
                "v2-\(name)",
                operation: "qr-parse-v3",
                requirements: ["QR3-PARSE-1"] + vector.requirements,
                comment: "As qr-parse/\(name): \(vector.comment)",
                flags: ["VersionTwo"] + vector.flags,
                input: vector.input,
                expect: expect
            )
        }
    }

    /// Whether a field of the payload is named `v` or `ps` once its name is form-decoded, or the
    /// payload cannot be split into fields at all (then its version 2 answer says nothing here).
    private static func namesVersionThree(_ input: JSONValue) -> Bool {
        guard case .string(let payload)? = input["payload"], let question = payload.firstIndex(of: "?") else {
            return false
        }
        let query = payload[payload.index(after: question)...].prefix { $0 != "#" }
        return query.split(separator: "&").contains { field in
            let rawName = field.prefix { $0 != "=" }
            guard let name = formDecodedName(rawName) else { return false }
            return name == "v" || name == "ps"
        }
    }

    /// A name decoded as QR-PARSE-10 decodes it; nil for a stray `%` (that payload is refused
    /// before any name matters).
    private static func formDecodedName(_ raw: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = Array(raw.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%") {
                guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
                else {
                    return nil
                }
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
