import OpenHumanTunnel
import VectorFormat

/// `vectors/qr-encode.json`: the producer of the pairing payload (QR-ENC-*, QR-GRAM-1).
enum QREncodeVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "qr-encode",
            description:
                "Producing the pairing payload (operation qr-encode): the canonical text of chapter 8's example, "
                + "WHATWG form encoding of every kind of byte, the optional rpc, the exp range, and each refusal in QR-ENC-10 order.",
            flags: [
                "KnownAnswer": Flag(
                    description: "The exact payload text printed in chapter 8.",
                    bug: "Another parameter order, lowercase hex, %20 for space, or a differently encoded URL."
                ),
                "FormEncoding": Flag(
                    description: "A value with bytes that the form encoding keeps, turns into '+' or escapes.",
                    bug: "encodeURIComponent-style encoding (keeps ~!'()), %20 for space, or lowercase hex."
                ),
                "Refused": Flag(
                    description: "A value no consumer would accept: the producer refuses it and emits nothing.",
                    bug: "A producer that draws QR codes phones reject, or fail later in the handshake."
                ),
                "CheckOrder": Flag(
                    description: "Two values are wrong; QR-ENC-10's order decides the code.",
                    bug: "Checks in another order: implementations disagree on the code."
                ),
                "Boundary": Flag(
                    description: "A value at or just beyond a limit (exp range, 2,331 octets).",
                    bug: "An off-by-one limit."
                ),
                "LowOrder": Flag(
                    description: "cpk is one of the fourteen low-order encodings.",
                    bug: "A QR code whose key makes every handshake's DH output public (caught only later by DH-2)."
                ),
            ]
        )
        let example = QRExample.self
        try file.add(
            "example-with-rpc",
            operation: "qr-encode",
            requirements: ["QR-GRAM-1", "QR-ENC-1", "QR-ENC-2", "QR-ENC-3", "QR-ENC-4", "QR-ENC-5", "ENC-2"],
            comment: "The example of section 8.1 encodes to its 172-octet canonical payload.",
            flags: ["KnownAnswer"],
            source: "\(example.chapter) section 8.1",
            input: example.encodeInput(),
            expect: .output(["payload": .string(example.payload)])
        )
        let withoutRPC = example.payload(replacing: "rpc", with: nil)
        try file.add(
            "example-without-rpc",
            operation: "qr-encode",
            requirements: ["QR-ENC-1", "QR-ENC-4", "QR-GRAM-1"],
            comment: "Without a LAN URL the rpc parameter is left out (130 octets).",
            flags: ["KnownAnswer"],
            source: "\(example.chapter) section 8.1",
            input: example.encodeInput(rpc: .none),
            expect: .output(["payload": .string(withoutRPC)])
        )
        try file.add(
            "rpc-null",
            operation: "qr-encode",
            requirements: ["QR-ENC-4"],
            comment: "rpc null means no LAN URL, as absent does.",
            flags: ["KnownAnswer"],
            input: example.encodeInput(rpc: .some(nil)),
            expect: .output(["payload": .string(withoutRPC)])
        )
        let values: [(String, String, String)] = [
            ("space", "tok abc", "A space is written '+'."),
            ("two-spaces", "tok  abc ", "Each space, two in a row and a trailing one, is written '+'."),
            ("reserved", "+/=&", "'+', '/', '=' and '&' are escaped."),
            ("tilde-bang", "~!'()", "'~', '!', ''', '(' and ')' are escaped (unlike encodeURIComponent)."),
            ("kept", "aZ09*-._", "Alphanumerics and '*', '-', '.', '_' stand for themselves."),
            ("latin", "é", "U+00E9 is its UTF-8 bytes, %C3%A9, uppercase hex."),
            ("emoji", "😀", "U+1F600 is %F0%9F%98%80."),
            ("control", "a\u{0}b\u{7f}", "NUL and DEL are escaped."),
            ("percent", "100%", "'%' itself is escaped as %25."),
        ]
        for (name, value, comment) in values {
            try file.add(
                "form-encoding-\(name)",
                operation: "qr-encode",
                requirements: ["QR-ENC-2"],
                comment: "pt = \(name): \(comment)",
                flags: ["FormEncoding"],
                input: example.encodeInput(pt: value),
                expect: .output(["payload": .string(example.payload(replacing: "pt", with: example.formEncode(value)))])
            )
        }
        for (name, exp, comment) in [
            ("exp-0", Int64(0), "exp 0 is written \"0\" (and a past expiry is not refused: no clock)."),
            ("exp-maximum", Int64(253_402_300_799), "exp 253402300799 (9999-12-31T23:59:59Z) is the largest."),
        ] {
            try file.add(
                name,
                operation: "qr-encode",
                requirements: ["QR-ENC-5", "QR-ENC-9", "QR-GRAM-5"],
                comment: comment,
                flags: ["Boundary"],
                input: example.encodeInput(exp: exp),
                expect: .output(["payload": .string(example.payload(replacing: "exp", with: String(exp)))])
            )
        }
        try addRefusals(&file)
        try QRBoundaryVectors.addEncode(to: &file)
        return try file.build()
    }

    private static func addRefusals(_ file: inout VectorFileBuilder) throws {
        let example = QRExample.self
        func refuse(
            _ name: String,
            _ requirements: [String],
            _ comment: String,
            _ input: JSONValue,
            _ error: String,
            flag: String = "Refused"
        ) throws {
            try file.add(
                name,
                operation: "qr-encode",
                requirements: requirements,
                comment: comment,
                flags: [flag],
                input: input,
                expect: .error(error)
            )
        }
        try refuse(
            "exp-too-large",
            ["QR-ENC-9", "QR-GRAM-5"],
            "exp 253402300800 is beyond the last second of 9999.",
            example.encodeInput(exp: 253_402_300_800),
            "qr_bad_exp",
            flag: "Boundary"
        )
        try refuse("empty-cid", ["QR-ENC-6"], "An empty channel id.", example.encodeInput(cid: ""), "qr_empty_field")
        try refuse("empty-pt", ["QR-ENC-6"], "An empty pairing token.", example.encodeInput(pt: ""), "qr_empty_field")
        try refuse(
            "empty-rpc",
            ["QR-ENC-6", "QR-ENC-4"],
            "An empty LAN URL: absent is written as absent, never as rpc=.",
            example.encodeInput(rpc: .some("")),
            "qr_empty_field"
        )
        let key = Hex.decode(example.cpk)!
        for (name, bytes) in [("cpk-31-bytes", Array(key.prefix(31))), ("cpk-33-bytes", key + [0]), ("cpk-empty", [])] {
            try refuse(
                name,
                ["QR-ENC-7"],
                "A core key of \(bytes.count) bytes.",
                example.encodeInput(cpk: bytes),
                "qr_bad_cpk_length"
            )
        }
        for point in LowOrderPoints.all {
            try refuse(
                "cpk-low-order-\(point.name)",
                ["QR-ENC-7", "DH-2"],
                "The low-order core key \(point.name).",
                example.encodeInput(cpk: point.bytes),
                "qr_low_order_cpk",
                flag: "LowOrder"
            )
        }
        for (index, rpc) in QRParseVectors.invalidRPCs.enumerated() {
            try refuse(
                "rpc-invalid-\(index + 1)",
                ["QR-ENC-8", "QR-GRAM-4"],
                "The LAN URL \(rpc.debugDescription) breaks QR-GRAM-4.",
                example.encodeInput(rpc: .some(rpc)),
                "qr_bad_rpc"
            )
        }
        // 2,331 octets exactly, then one more, by lengthening the channel id.
        let base = example.payload.utf8.count - example.cid.utf8.count
        for (length, error) in [(2330, nil), (2331, nil), (2332, "qr_too_long")] as [(Int, String?)] {
            let cid = String(repeating: "C", count: length - base)
            try file.add(
                "length-\(length)",
                operation: "qr-encode",
                requirements: ["QR-ENC-11"],
                comment: error == nil
                    ? "A payload of exactly \(length) octets is produced." : "A 2,332-octet payload is refused.",
                flags: ["Boundary"],
                input: example.encodeInput(cid: cid),
                expect: error.map { .error($0) }
                    ?? .output(["payload": .string(example.payload(replacing: "cid", with: cid))])
            )
        }
        let longCID = String(repeating: "C", count: 2400)
        let order: [(String, String, JSONValue, String)] = [
            (
                "empty-cid-before-pt", "Empty cid and empty pt: cid first.", example.encodeInput(cid: "", pt: ""),
                "qr_empty_field"
            ),
            (
                "pt-before-cpk", "Empty pt and a 31-byte key: pt first.",
                example.encodeInput(pt: "", cpk: [UInt8](repeating: 9, count: 31)), "qr_empty_field"
            ),
            (
                "cpk-length-before-rpc", "A 31-byte key and a bad rpc: the key first.",
                example.encodeInput(cpk: [UInt8](repeating: 9, count: 31), rpc: .some("ftp://x/")), "qr_bad_cpk_length"
            ),
            (
                "low-order-before-rpc", "A low-order key and a bad rpc: the key first.",
                example.encodeInput(cpk: LowOrderPoints.all[0].bytes, rpc: .some("ftp://x/")), "qr_low_order_cpk"
            ),
            (
                "rpc-before-exp", "A bad rpc and a bad exp: rpc first.",
                example.encodeInput(rpc: .some("ftp://x/"), exp: 253_402_300_800), "qr_bad_rpc"
            ),
            (
                "exp-before-length", "A bad exp and a 2,400-octet cid: exp before the length.",
                example.encodeInput(cid: longCID, exp: 253_402_300_800), "qr_bad_exp"
            ),
        ]
        for (name, comment, input, error) in order {
            try refuse("order-\(name)", ["QR-ENC-10"], comment, input, error, flag: "CheckOrder")
        }
    }
}
