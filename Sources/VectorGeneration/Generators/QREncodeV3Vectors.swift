import OpenHumanTunnel
import VectorFormat

/// `vectors/qr-encode-v3.json`: the version 3 producer (QR3-ENC-1 to QR3-ENC-3): the example's
/// canonical text, the field order, and every refusal in QR3-ENC-3's order.
enum QREncodeV3Vectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "qr-encode-v3",
            description:
                "Producing the version 3 pairing payload (operation qr-encode-v3): the canonical text of section 8.12's "
                + "example, v first and ps after cpk, and each refusal in QR3-ENC-3 order.",
            flags: [
                "KnownAnswer": Flag(
                    description: "The exact payload text printed in section 8.12.",
                    bug: "v written last, ps elsewhere, ps padded, or version 2's text."
                ),
                "Refused": Flag(
                    description:
                        "A value no version 3 consumer would accept: the producer refuses it and emits nothing.",
                    bug: "A QR code whose channel id no prologue carries, or whose secret has the wrong length."
                ),
                "CheckOrder": Flag(
                    description: "Two values are wrong; QR3-ENC-3's order decides the code.",
                    bug: "Checks in another order: implementations disagree on the code."
                ),
                "Boundary": Flag(
                    description: "A channel id at or just beyond the prologue's 255 bytes.",
                    bug: "An off-by-one limit."
                ),
            ]
        )
        let e = QRV3Example.self
        try file.add(
            "example-with-rpc",
            operation: "qr-encode-v3",
            requirements: ["QR3-ENC-1", "QR3-ENC-2", "QR-ENC-2", "QR-ENC-3", "QR-ENC-5", "ADP-126"],
            comment: "The example of section 8.12 encodes to its 202-octet canonical payload.",
            flags: ["KnownAnswer"],
            source: "\(e.chapter) section 8.12",
            input: e.encodeInput(),
            expect: .output(["payload": .string(e.payload)])
        )
        try file.add(
            "example-without-rpc",
            operation: "qr-encode-v3",
            requirements: ["QR3-ENC-1", "QR-ENC-4"],
            comment: "Without a LAN URL the rpc parameter is left out (160 octets).",
            flags: ["KnownAnswer"],
            source: "\(e.chapter) section 8.12",
            input: e.encodeInput(rpc: nil),
            expect: .output(["payload": .string(e.payload(replacing: "rpc", with: nil))])
        )
        let zeros = [UInt8](repeating: 0, count: 16), ones = [UInt8](repeating: 0xFF, count: 16)
        for (name, secret, text) in [
            ("secret-zeros", zeros, "AAAAAAAAAAAAAAAAAAAAAA"), ("secret-ones", ones, "_____________________w"),
        ] {
            try file.add(
                name,
                operation: "qr-encode-v3",
                requirements: ["QR3-ENC-2", "ENC-2"],
                comment:
                    "A secret of all \(secret[0] == 0 ? "zero" : "one") bits is written \(text): 22 characters, the last with four zero bits.",
                flags: ["KnownAnswer"],
                input: e.encodeInput(ps: secret, rpc: nil),
                expect: .output([
                    "payload": .string(e.payload(replacing: "rpc", with: nil).replacing(e.psText, with: text))
                ])
            )
        }
        try addRefusals(&file)
        return try file.build()
    }

    private static func addRefusals(_ file: inout VectorFileBuilder) throws {
        let e = QRV3Example.self
        let longest = String(repeating: "C", count: 255)
        try file.add(
            "cid-255-bytes",
            operation: "qr-encode-v3",
            requirements: ["QR3-ENC-3", "V3-PRO-1"],
            comment: "A 255-byte ASCII channel id is the longest the prologue carries and is written.",
            flags: ["Boundary"],
            input: e.encodeInput(cid: longest, rpc: nil),
            expect: .output([
                "payload": .string(e.payload(replacing: "rpc", with: nil).replacing(QRExample.cid, with: longest))
            ])
        )
        let cases: [(String, String, JSONValue, String, String)] = [
            (
                "cid-empty", "An empty channel id is qr_empty_field.", e.encodeInput(cid: ""), "qr_empty_field",
                "Refused"
            ),
            (
                "cid-256-bytes", "A 256-byte channel id is qr_bad_cid.", e.encodeInput(cid: longest + "C"),
                "qr_bad_cid", "Boundary"
            ),
            (
                "cid-not-ascii", "A channel id with U+00E9 (bytes C3 A9) is qr_bad_cid.",
                e.encodeInput(cid: "ch-\u{e9}"), "qr_bad_cid", "Refused"
            ),
            (
                "cid-del-is-ascii", "0x7F is ASCII: a channel id with DEL is written (%7F).",
                e.encodeInput(cid: "ch\u{7f}"), "", "Boundary"
            ),
            (
                "secret-15-bytes", "A 15-byte secret is qr_bad_ps_length.", e.encodeInput(ps: Array(e.ps.prefix(15))),
                "qr_bad_ps_length", "Refused"
            ),
            (
                "secret-17-bytes", "A 17-byte secret is qr_bad_ps_length.", e.encodeInput(ps: e.ps + [0]),
                "qr_bad_ps_length", "Refused"
            ),
            (
                "secret-empty", "An empty secret is qr_bad_ps_length.", e.encodeInput(ps: []), "qr_bad_ps_length",
                "Refused"
            ),
            (
                "secret-32-bytes", "A 32-byte secret (a psk given instead of ps) is qr_bad_ps_length.",
                e.encodeInput(ps: e.ps + e.ps), "qr_bad_ps_length", "Refused"
            ),
            (
                "order-cid-before-pt", "An over-long cid and an empty pt: the cid is checked first, qr_bad_cid.",
                e.encodeInput(cid: longest + "C").setting("pt", ""), "qr_bad_cid", "CheckOrder"
            ),
            (
                "order-cpk-before-secret", "A 31-byte cpk and a 15-byte secret: qr_bad_cpk_length.",
                e.encodeInput(cpk: Array(e.cpk.prefix(31)), ps: Array(e.ps.prefix(15))), "qr_bad_cpk_length",
                "CheckOrder"
            ),
            (
                "order-secret-before-rpc", "A 15-byte secret and an invalid rpc: qr_bad_ps_length.",
                e.encodeInput(ps: Array(e.ps.prefix(15)), rpc: "http://127.1/"), "qr_bad_ps_length", "CheckOrder"
            ),
            (
                "order-secret-before-exp", "A 15-byte secret and exp above the maximum: qr_bad_ps_length.",
                e.encodeInput(ps: Array(e.ps.prefix(15))).setting("exp", .int(253_402_300_800)), "qr_bad_ps_length",
                "CheckOrder"
            ),
        ]
        for (name, comment, input, error, flag) in cases {
            try file.add(
                name,
                operation: "qr-encode-v3",
                requirements: ["QR3-ENC-3"] + (name.hasPrefix("cid") ? ["V3-PRO-1"] : []),
                comment: comment,
                flags: [flag],
                input: input,
                expect: error.isEmpty ? .valid : .error(error)
            )
        }
    }
}
