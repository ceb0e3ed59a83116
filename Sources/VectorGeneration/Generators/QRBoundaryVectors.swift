import OpenHumanTunnel

/// Pairing-payload vectors settled in suite 2.2.0 (D5 to D7) and the boundaries of `exp` and
/// `now` (issue 9 section 4), for the consumer (`qr-parse`) and the producer (`qr-encode`).
enum QRBoundaryVectors {
    /// LAN URLs at the edges of QR-GRAM-4's host and port rules: (name, URL, accepted).
    static let rpcEdges: [(String, String, Bool)] = [
        ("host-bare-0x", "http://0x/", false),
        ("host-bare-0X", "http://0X/", false),
        ("host-last-label-bare-0x", "http://a.0x/", false),
        ("host-0x-not-last", "http://0x.example/", true),
        ("host-0x-then-non-hex", "http://0xg/", true),
        ("port-leading-zeros", "http://host:00080/", true),
        ("port-leading-zero-ipv6", "http://[::1]:07788/rpc", true),
        ("port-five-zeros", "http://host:00000/", false),
        ("port-six-digits", "http://host:000080/", false),
        ("port-1", "http://host:1/", true),
        ("port-65535-leading-zero", "http://host:065535/", false),
        ("port-empty", "http://host:/", false),
    ]

    static func addParse(to file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        for (name, rpc, accepted) in rpcEdges {
            try file.add(
                "rpc-\(name)",
                operation: "qr-parse",
                requirements: ["QR-PARSE-22", "QR-GRAM-4"],
                comment:
                    "The LAN URL \(rpc.debugDescription) is \(accepted ? "accepted and returned as written" : "qr_bad_rpc").",
                flags: ["Field"],
                input: e.parseInput(e.payload(replacing: "rpc", with: e.formEncode(rpc))),
                expect: accepted ? .output(e.parsed().setting("rpc", .string(rpc))) : .error("qr_bad_rpc")
            )
        }
        // cpk all 0xff: 2^255 - 1 after masking, p + 18, not low order, so a key like any other.
        let ffKey = [UInt8](repeating: 0xff, count: 32)
        try file.add(
            "cpk-all-ff",
            operation: "qr-parse",
            requirements: ["QR-PARSE-21", "QR-PARSE-20", "DH-1"],
            comment: "cpk of 32 0xff bytes (p + 18 once masked, not low order) is accepted and returned as is.",
            flags: ["Field"],
            input: e.parseInput(e.payload(replacing: "cpk", with: Base64URL.encode(ffKey))),
            expect: .output(e.parsed().setting("cpk", .hex(ffKey)))
        )
        // p + 2 = 2^255 - 17: non-canonical, reduced to 2 by X25519, not low order.
        let pPlus2 = [0xef] + [UInt8](repeating: 0xff, count: 30) + [0x7f]
        try file.add(
            "cpk-non-canonical-p-plus-2",
            operation: "qr-parse",
            requirements: ["QR-PARSE-21", "DH-1"],
            comment: "cpk = p + 2 (a non-canonical encoding of 2, not low order) is accepted and returned as is.",
            flags: ["Field"],
            input: e.parseInput(e.payload(replacing: "cpk", with: Base64URL.encode(pPlus2))),
            expect: .output(e.parsed().setting("cpk", .hex(pPlus2)))
        )
        let query = String(e.payload.dropFirst("openhuman://pair".count))
        let noColon: [(String, String, String)] = [
            ("scheme-no-colon-empty", "", "The empty payload has no ':' and so no scheme: qr_bad_scheme."),
            ("scheme-no-colon-scheme-only", "openhuman", "openhuman with no ':': no scheme, qr_bad_scheme."),
            ("scheme-no-colon-upper-case", "OPENHUMAN", "OPENHUMAN with no ':': no scheme, qr_bad_scheme."),
            (
                "scheme-no-colon-whole-payload", "openhuman//pair" + query.replacingOccurrences(of: "%3A", with: "%3a"),
                "The example without its ':' (and no other ':'): qr_bad_scheme."
            ),
            (
                "scheme-first-colon-in-query", "openhuman//pair?cid=a:b",
                "The first ':' is in the query: the scheme is everything before it, qr_bad_scheme."
            ),
        ]
        for (name, payload, comment) in noColon {
            try file.add(
                name,
                operation: "qr-parse",
                requirements: ["QR-PARSE-4", "QR-GRAM-2"],
                comment: comment,
                flags: ["Envelope"],
                input: e.parseInput(payload),
                expect: .error("qr_bad_scheme")
            )
        }
        let times: [(String, Int64, Int64, Bool, String)] = [
            ("now-one-before-exp", e.exp, e.exp - 1, true, "now == exp - 1: valid."),
            ("exp-0-now-0", 0, 0, true, "exp 0 at now 0: equal, valid."),
            ("exp-0-now-1", 0, 1, false, "exp 0 at now 1: qr_expired."),
            (
                "exp-0-now-ordinary", 0, e.now, false,
                "exp 0 at an ordinary now: qr_expired; 0 is a time, not 'no expiry'."
            ),
            (
                "exp-maximum-now-equal", 253_402_300_799, 253_402_300_799, true,
                "exp 253402300799 at now 253402300799: valid."
            ),
            (
                "exp-maximum-now-after", 253_402_300_799, 253_402_300_800, false,
                "exp 253402300799 at now 253402300800: qr_expired."
            ),
            (
                "exp-maximum-now-2-pow-53-minus-1", 253_402_300_799, (1 << 53) - 1, false,
                "exp 253402300799 at now 2^53 - 1: qr_expired."
            ),
            (
                "exp-2-pow-32-minus-1-now-2-pow-32", (1 << 32) - 1, 1 << 32, false,
                "exp 2^32 - 1 at now 2^32: qr_expired; 32-bit times would wrap now to 0 and accept."
            ),
            (
                "exp-2-pow-32-now-2-pow-32-minus-1", 1 << 32, (1 << 32) - 1, true,
                "exp 2^32 at now 2^32 - 1: valid; 32-bit times would wrap exp to 0 and refuse."
            ),
        ]
        for (name, exp, now, valid, comment) in times {
            try file.add(
                name,
                operation: "qr-parse",
                requirements: ["QR-PARSE-24", "QR-GRAM-5", "ENC-4"],
                comment: comment,
                flags: ["Boundary"],
                input: e.parseInput(e.payload(replacing: "exp", with: String(exp)), now: now),
                expect: valid ? .output(e.parsed().setting("exp", .int(exp))) : .error("qr_expired")
            )
        }
    }

    static func addEncode(to file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        for (name, rpc, accepted) in rpcEdges {
            try file.add(
                "rpc-\(name)",
                operation: "qr-encode",
                requirements: ["QR-ENC-8", "QR-GRAM-4"],
                comment: "The LAN URL \(rpc.debugDescription) is \(accepted ? "written" : "refused with qr_bad_rpc").",
                flags: ["Boundary"],
                input: e.encodeInput(rpc: .some(rpc)),
                expect: accepted
                    ? .output(["payload": .string(e.payload(replacing: "rpc", with: e.formEncode(rpc)))])
                    : .error("qr_bad_rpc")
            )
        }
        let ffKey = [UInt8](repeating: 0xff, count: 32)
        try file.add(
            "cpk-all-ff",
            operation: "qr-encode",
            requirements: ["QR-ENC-7", "QR-ENC-3"],
            comment: "cpk of 32 0xff bytes (p + 18 once masked, not low order) is written, as 42 '_' and an '8'.",
            flags: ["Boundary"],
            input: e.encodeInput(cpk: ffKey),
            expect: .output(["payload": .string(e.payload(replacing: "cpk", with: Base64URL.encode(ffKey)))])
        )
        for exp in [Int64(1), Int64((1 << 32) - 1), Int64(1 << 32), Int64(253_402_300_798)] {
            try file.add(
                "exp-\(exp)",
                operation: "qr-encode",
                requirements: ["QR-ENC-5", "QR-GRAM-5"],
                comment: "exp \(exp) is written in decimal without leading zeros.",
                flags: ["Boundary"],
                input: e.encodeInput(exp: exp),
                expect: .output(["payload": .string(e.payload(replacing: "exp", with: String(exp)))])
            )
        }
    }
}
