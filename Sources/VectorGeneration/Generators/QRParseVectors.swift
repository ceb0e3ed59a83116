import AdapterOperations
import OpenHumanTunnel
import VectorFormat

/// `vectors/qr-parse.json`: the consumer of the pairing payload (QR-PARSE-*, QR-GRAM-2 to 5,
/// QR-ENC-12): every step of QR-PARSE-1 in order, the liberties a consumer MUST take and the
/// texts it MUST refuse.
enum QRParseVectors {
    /// LAN URLs that break QR-GRAM-4 (chapter 8's list and more); refused by both sides.
    static let invalidRPCs = [
        "ftp://192.168.1.5/rpc", "javascript:alert(1)", "/rpc", "192.168.1.5:7788/rpc", "http:///rpc",
        "http://:7788/rpc",
        "http://user:pass@host/", "http://host:0/", "http://host:65536/", "http://127.1/", "http://192.168.1.256/",
        "http://0x7f.0.0.1/", "http://0177.0.0.1/", "http://[fe80::1%25en0]/", "http://host/#x", "http://host/a b",
        "http://host.example./", "http://-host/", "http://host_name/", "http://[v1.x]/",
    ]

    /// LAN URLs that meet QR-GRAM-4; returned exactly as written.
    static let validRPCs = [
        "https://core.example:8443/rpc?x=1", "http://[::1]:7788/rpc", "HTTP://Core.Example/",
        "http://xn--bcher-kva.example/",
        "http://192.168.1.5", "http://10.0.0.1:65535/a/b/c", "http://host-1.local/%7Euser",
    ]

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "qr-parse",
            description: "Consuming the pairing payload (operation qr-parse): the checks of QR-PARSE-1 in order, each "
                + "refusal with its code, the spellings a consumer MUST accept (case, order, unknown and empty fields, "
                + "escapes), and the round trip of the producer's output.",
            flags: [
                "Valid": Flag(
                    description: "A payload a consumer MUST accept, with the values it MUST return.",
                    bug: "A consumer stricter than the grammar, or one that normalizes or trims values."
                ),
                "Equivalent": Flag(
                    description: "Another spelling of the example; the result MUST equal the example's.",
                    bug: "Case-sensitive scheme or host, order-dependent parsing, or escapes not decoded."
                ),
                "Envelope": Flag(
                    description:
                        "The text around the query is wrong: length, characters, scheme, host, path, fragment, query.",
                    bug: "A consumer that accepts any deep link, or trims and repairs damaged text."
                ),
                "Decoding": Flag(
                    description: "Form decoding and UTF-8 of names and values.",
                    bug: "Stray '%' kept, two-pass decoding, or invalid UTF-8 replaced with U+FFFD."
                ),
                "Duplicate": Flag(
                    description: "A known field appears twice.",
                    bug: "First- or last-one-wins parsing: two consumers read two channels."
                ),
                "Field": Flag(
                    description: "A known field is missing, empty or invalid.",
                    bug:
                        "Lenient integer parsing of exp, a key not validated at scan time, an rpc URL parsers read differently."
                ),
                "LowOrder": Flag(
                    description: "cpk is one of the fourteen low-order encodings.",
                    bug: "A forged QR code accepted, failing only later in the handshake."
                ),
                "CheckOrder": Flag(
                    description: "Two checks fail; QR-PARSE-1's order decides the code.",
                    bug: "Another check order: implementations disagree on the code."
                ),
                "Boundary": Flag(
                    description: "A value at or just beyond a limit (length, exp, now).",
                    bug: "An off-by-one limit."
                ),
                "RoundTrip": Flag(
                    description: "The producer's output for a tricky value, parsed back (QR-ENC-12).",
                    bug: "Producer and consumer disagree on the form encoding."
                ),
            ]
        )
        try addValid(&file)
        try addEnvelope(&file)
        try addDecoding(&file)
        try addFields(&file)
        try addOrder(&file)
        try addRoundTrips(&file)
        try QRBoundaryVectors.addParse(to: &file)
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
            operation: "qr-parse",
            requirements: requirements,
            comment: comment,
            flags: [flag],
            input: QRExample.parseInput(payload, now: now),
            expect: expect
        )
    }

    private static func addValid(_ file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        try file.add(
            "example",
            operation: "qr-parse",
            requirements: ["QR-GRAM-2", "QR-GRAM-3", "QR-PARSE-1", "QR-PARSE-18"],
            comment: "The example of section 8.1 gives back its five values.",
            flags: ["Valid"],
            source: "\(e.chapter) section 8.8",
            input: e.parseInput(e.payload),
            expect: .output(e.parsed())
        )
        try parse(
            &file,
            "version-3-payload-read-as-version-2",
            ["QR-PARSE-14", "QR3-COMPAT-1"],
            "A version 2 consumer ignores v and ps: section 8.12's payload reads as version 2 with its five values.",
            flag: "Valid",
            QRV3Example.payload,
            expect: .output(e.parsed().setting("cpk", .hex(QRV3Example.cpk)))
        )
        try parse(
            &file,
            "example-without-rpc",
            ["QR-PARSE-16", "QR-GRAM-2"],
            "Without rpc, rpc is null.",
            flag: "Valid",
            e.payload(replacing: "rpc", with: nil),
            expect: .output(e.parsed(withRPC: false))
        )
        try parse(
            &file,
            "now-equals-exp",
            ["QR-PARSE-24"],
            "now == exp is still valid.",
            flag: "Boundary",
            e.payload,
            now: e.exp,
            expect: .output(e.parsed())
        )
        try parse(
            &file,
            "now-after-exp",
            ["QR-PARSE-24", "ADP-10"],
            "now == exp + 1 is qr_expired.",
            flag: "Boundary",
            e.payload,
            now: e.exp + 1,
            expect: .error("qr_expired")
        )
        let fields = e.fields
        let equivalents: [(String, String, String, [String])] = [
            (
                "upper-case-scheme-and-host", "OPENHUMAN://PAIR? is the same payload.",
                e.payload(fields, prefix: "OPENHUMAN://PAIR?"), ["QR-PARSE-4", "QR-PARSE-5"]
            ),
            (
                "mixed-case-scheme-and-host", "OpenHuman://Pair? is the same payload.",
                e.payload(fields, prefix: "OpenHuman://Pair?"),
                ["QR-PARSE-4", "QR-PARSE-5"]
            ),
            (
                "upper-case-host-only", "openhuman://PAIR? (the host alone in upper case) is the same payload.",
                e.payload(fields, prefix: "openhuman://PAIR?"), ["QR-PARSE-5"]
            ),
            ("reversed-order", "The five fields in reverse order.", e.payload(fields.reversed()), ["QR-PARSE-15"]),
            (
                "empty-fields", "Empty fields (leading, doubled and trailing '&') are skipped.",
                e.prefix + "&&" + fields.map { "\($0.name)=\($0.raw)" }.joined(separator: "&&") + "&", ["QR-PARSE-9"]
            ),
            (
                "unknown-fields", "Unknown fields anywhere, repeated, empty and without '=' are ignored.",
                e.prefix + "lan_token=abc&" + fields.map { "\($0.name)=\($0.raw)" }.joined(separator: "&x=1&")
                    + "&x=2&flag&v=a=b",
                ["QR-PARSE-14", "QR-PARSE-9"]
            ),
            (
                "encoded-names", "Percent-encoded names: %63id is cid, %65%78%70 is exp.",
                e.payload(
                    fields.map { $0.name == "cid" ? ("%63id", $0.raw) : $0.name == "exp" ? ("%65%78%70", $0.raw) : $0 }
                ),
                ["QR-PARSE-12", "QR-PARSE-10"]
            ),
            (
                "needless-escapes", "Characters escaped without need (%41 for A) decode to themselves.",
                e.payload(replacing: "cid", with: "%41%42" + e.cid.dropFirst(2)), ["QR-PARSE-10", "QR-PARSE-25"]
            ),
            (
                "lowercase-hex", "Lowercase hex in escapes (%3a%2f) is accepted.",
                e.payload(replacing: "rpc", with: e.formEncode(e.rpc).lowercased()), ["QR-PARSE-10", "QR-PARSE-25"]
            ),
            (
                "encoded-cpk", "cpk with an escaped character (%68 for h) is the same key.",
                e.payload(replacing: "cpk", with: "%68" + e.cpkText.dropFirst()), ["QR-PARSE-10", "QR-PARSE-25"]
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
        let space: JSONValue = e.parsed().setting("pt", "tok abc")
        try parse(
            &file,
            "equivalent-plus-and-percent-20",
            ["QR-PARSE-25", "QR-PARSE-10"],
            "pt=tok+abc and pt=tok%20abc give the same \"tok abc\" (this: %20).",
            flag: "Equivalent",
            e.payload(replacing: "pt", with: "tok%20abc"),
            expect: .output(space)
        )
        try parse(
            &file,
            "plus-is-space",
            ["QR-PARSE-10", "QR-GRAM-3"],
            "pt=tok+abc is \"tok abc\".",
            flag: "Decoding",
            e.payload(replacing: "pt", with: "tok+abc"),
            expect: .output(space)
        )
        try parse(
            &file,
            "pt-single-space",
            ["QR-PARSE-17"],
            "pt=+ decodes to one space, which is not empty.",
            flag: "Valid",
            e.payload(replacing: "pt", with: "+"),
            expect: .output(e.parsed().setting("pt", " "))
        )
        for (index, rpc) in validRPCs.enumerated() {
            try parse(
                &file,
                "rpc-valid-\(index + 1)",
                ["QR-PARSE-22", "QR-GRAM-4"],
                "The LAN URL \(rpc.debugDescription) is returned as written.",
                flag: "Valid",
                e.payload(replacing: "rpc", with: e.formEncode(rpc)),
                expect: .output(e.parsed().setting("rpc", .string(rpc)))
            )
        }
        for (name, exp, now) in [("exp-0", "0", Int64(0)), ("exp-maximum", "253402300799", QRExample.now)] {
            try parse(
                &file,
                name,
                ["QR-GRAM-5", "QR-PARSE-23"],
                "exp = \(exp) is valid.",
                flag: "Boundary",
                e.payload(replacing: "exp", with: exp),
                now: now,
                expect: .valid
            )
        }
        let nfc = e.payload(replacing: "cid", with: "%C3%A9"), nfd = e.payload(replacing: "cid", with: "e%CC%81")
        try parse(
            &file,
            "cid-precomposed",
            ["QR-PARSE-18"],
            "cid %C3%A9 is returned as U+00E9, unnormalized.",
            flag: "Valid",
            nfc,
            expect: .output(e.parsed().setting("cid", "\u{e9}"))
        )
        try parse(
            &file,
            "cid-decomposed",
            ["QR-PARSE-18"],
            "cid e%CC%81 is returned as e + U+0301, not normalized to U+00E9.",
            flag: "Valid",
            nfd,
            expect: .output(e.parsed().setting("cid", .string(String(decoding: [0x65, 0xCC, 0x81], as: UTF8.self))))
        )
        try parse(
            &file,
            "pt-nul",
            ["QR-PARSE-11", "QR-PARSE-18"],
            "pt=a%00b: U+0000 is valid UTF-8 and kept.",
            flag: "Valid",
            e.payload(replacing: "pt", with: "a%00b"),
            expect: .output(e.parsed().setting("pt", "a\u{0}b"))
        )
        try parse(
            &file,
            "pt-untrimmed",
            ["QR-PARSE-18"],
            "pt=+tok+ keeps its leading and trailing spaces.",
            flag: "Valid",
            e.payload(replacing: "pt", with: "+tok+"),
            expect: .output(e.parsed().setting("pt", " tok "))
        )
    }

    private static func addEnvelope(_ file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        let base = e.payload.utf8.count - e.cid.utf8.count
        for (length, error) in [(2330, nil), (2331, nil), (2332, "qr_too_long")] as [(Int, String?)] {
            let padded = e.payload + "&z=" + String(repeating: "z", count: length - e.payload.utf8.count - 3)
            try parse(
                &file,
                "length-\(length)",
                ["QR-PARSE-2"],
                error == nil
                    ? "\(length) octets (an unknown field pads it) are accepted."
                    : "2,332 octets are qr_too_long.",
                flag: "Boundary",
                padded,
                expect: error.map { .error($0) } ?? .output(e.parsed())
            )
        }
        // The largest length again with other content: no unknown field, a long channel id.
        let longCID = String(repeating: "C", count: 2331 - base)
        try parse(
            &file,
            "length-2331-long-cid",
            ["QR-PARSE-2", "QR-PARSE-18"],
            "2,331 octets made of a 2,191-octet cid are accepted, the cid returned whole.",
            flag: "Boundary",
            e.payload(replacing: "cid", with: longCID),
            expect: .output(e.parsed().setting("cid", .string(longCID)))
        )
        let characters: [(String, String)] = [
            ("space", " "), ("line-feed", "\n"), ("tab", "\t"), ("nul", "\u{0}"), ("del", "\u{7f}"), ("quote", "\""),
            ("less-than", "<"),
            ("greater-than", ">"), ("open-bracket", "["), ("close-bracket", "]"), ("backslash", "\\"), ("caret", "^"),
            ("backtick", "`"),
            ("open-brace", "{"), ("pipe", "|"), ("close-brace", "}"), ("non-ascii", "é"),
        ]
        for (name, character) in characters {
            try parse(
                &file,
                "character-\(name)",
                ["QR-PARSE-3"],
                "A raw \(name) inside pt is qr_bad_character.",
                flag: "Envelope",
                e.payload(replacing: "pt", with: "tok" + character + "abc"),
                expect: .error("qr_bad_character")
            )
        }
        try parse(
            &file,
            "character-trailing-line-feed",
            ["QR-PARSE-3"],
            "The example followed by a line feed: refused, not trimmed.",
            flag: "Envelope",
            e.payload + "\n",
            expect: .error("qr_bad_character")
        )
        let rest = String(e.payload.dropFirst("openhuman://pair".count))
        let envelope: [(String, String, String, String)] = [
            (
                "scheme-https", "https://pair?...: the universal-link form is refused.", "https://pair" + rest,
                "qr_bad_scheme"
            ),
            ("scheme-https-host", "https://example.com/pair?...", "https://example.com/pair" + rest, "qr_bad_scheme"),
            ("scheme-other", "openhumanx://pair?...", "openhumanx://pair" + rest, "qr_bad_scheme"),
            ("scheme-missing", "//pair?... without a scheme.", "//pair" + rest, "qr_bad_scheme"),
            ("host-no-authority", "openhuman:pair?...", "openhuman:pair" + rest, "qr_bad_host"),
            ("host-other", "openhuman://evil?...", "openhuman://evil" + rest, "qr_bad_host"),
            ("host-user-info", "openhuman://user@pair?...", "openhuman://user@pair" + rest, "qr_bad_host"),
            ("host-port", "openhuman://pair:80?...", "openhuman://pair:80" + rest, "qr_bad_host"),
            ("host-percent-encoded", "openhuman://p%61ir?...", "openhuman://p%61ir" + rest, "qr_bad_host"),
            ("host-trailing-dot", "openhuman://pair.?...", "openhuman://pair." + rest, "qr_bad_host"),
            ("path-slash", "openhuman://pair/?...", "openhuman://pair/" + rest, "qr_bad_path"),
            ("path-segment", "openhuman://pair/v3?...", "openhuman://pair/v3" + rest, "qr_bad_path"),
            ("fragment-empty", "The example followed by '#'.", e.payload + "#", "qr_fragment"),
            ("fragment-inside-value", "'#x' after the exp value.", e.payload + "#x", "qr_fragment"),
            ("missing-query", "openhuman://pair with no '?'.", "openhuman://pair", "qr_missing_query"),
            (
                "empty-query", "openhuman://pair? with nothing after it: cid is missing.", "openhuman://pair?",
                "qr_missing_field"
            ),
        ]
        for (name, comment, payload, error) in envelope {
            let rule = [
                "qr_bad_scheme": "QR-PARSE-4", "qr_bad_host": "QR-PARSE-5", "qr_bad_path": "QR-PARSE-6",
                "qr_fragment": "QR-PARSE-7", "qr_missing_query": "QR-PARSE-8", "qr_missing_field": "QR-PARSE-8",
            ][error]!
            try parse(&file, name, [rule, "QR-GRAM-2"], comment, flag: "Envelope", payload, expect: .error(error))
        }
    }

    private static func addDecoding(_ file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        let cases: [(String, String, String, String, [String])] = [
            (
                "percent-bad-digits", "pt=tok%zz: '%' without two hex digits.",
                e.payload(replacing: "pt", with: "tok%zz"), "qr_bad_percent_encoding", ["QR-PARSE-10"]
            ),
            (
                "percent-at-end", "pt=tok%: '%' at the end of a value.", e.payload(replacing: "pt", with: "tok%"),
                "qr_bad_percent_encoding", ["QR-PARSE-10"]
            ),
            (
                "percent-one-digit", "pt=tok%4: one hex digit.", e.payload(replacing: "pt", with: "tok%4"),
                "qr_bad_percent_encoding", ["QR-PARSE-10"]
            ),
            (
                "percent-in-unknown-name", "An unknown field named %zz: unknown fields are decoded too.",
                e.payload + "&%zz=1", "qr_bad_percent_encoding", ["QR-PARSE-10"]
            ),
            (
                "percent-in-unknown-value", "An unknown field x=%g0.", e.payload + "&x=%g0", "qr_bad_percent_encoding",
                ["QR-PARSE-10"]
            ),
            (
                "utf8-ff", "pt=tok%FF: 0xff is never UTF-8.", e.payload(replacing: "pt", with: "tok%FF"), "qr_bad_utf8",
                ["QR-PARSE-11"]
            ),
            (
                "utf8-overlong", "pt=%C0%80: an overlong NUL.", e.payload(replacing: "pt", with: "%C0%80"),
                "qr_bad_utf8", ["QR-PARSE-11"]
            ),
            (
                "utf8-surrogate", "pt=%ED%A0%80: the surrogate U+D800.", e.payload(replacing: "pt", with: "%ED%A0%80"),
                "qr_bad_utf8", ["QR-PARSE-11"]
            ),
            (
                "utf8-above-10ffff", "pt=%F4%90%80%80: above U+10FFFF.",
                e.payload(replacing: "pt", with: "%F4%90%80%80"), "qr_bad_utf8", ["QR-PARSE-11"]
            ),
            (
                "utf8-stray-continuation", "pt=a%80: a continuation byte alone.",
                e.payload(replacing: "pt", with: "a%80"), "qr_bad_utf8", ["QR-PARSE-11"]
            ),
            (
                "utf8-truncated", "pt=%E2%82: a truncated sequence.", e.payload(replacing: "pt", with: "%E2%82"),
                "qr_bad_utf8", ["QR-PARSE-11"]
            ),
            ("utf8-in-unknown-field", "An unknown field x=%FF.", e.payload + "&x=%FF", "qr_bad_utf8", ["QR-PARSE-11"]),
            (
                "utf8-in-unknown-name", "An unknown field named %C0%80.", e.payload + "&%C0%80=1", "qr_bad_utf8",
                ["QR-PARSE-11"]
            ),
        ]
        for (name, comment, payload, error, requirements) in cases {
            try parse(&file, name, requirements, comment, flag: "Decoding", payload, expect: .error(error))
        }
        try parse(
            &file,
            "one-pass-percent-25",
            ["QR-PARSE-10"],
            "pt=%2541 decodes once, to \"%41\", not to \"A\".",
            flag: "Decoding",
            e.payload(replacing: "pt", with: "%2541"),
            expect: .output(e.parsed().setting("pt", "%41"))
        )
        try parse(
            &file,
            "one-pass-percent-2b",
            ["QR-PARSE-10"],
            "pt=%2B decodes to \"+\", not to a space.",
            flag: "Decoding",
            e.payload(replacing: "pt", with: "%2B"),
            expect: .output(e.parsed().setting("pt", "+"))
        )
        try parse(
            &file,
            "value-with-equals",
            ["QR-PARSE-9"],
            "cid=a=b: the value is everything after the first '='.",
            flag: "Decoding",
            e.payload(replacing: "cid", with: "a=b"),
            expect: .output(e.parsed().setting("cid", "a=b"))
        )
    }

    private static func addFields(_ file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        var cases: [(String, String, String, String, [String], String)] = []
        for field in ["cid", "pt", "cpk", "exp"] {
            cases.append(
                (
                    "missing-\(field)", "\(field) is absent.", e.payload(replacing: field, with: nil),
                    "qr_missing_field", ["QR-PARSE-16"], "Field"
                )
            )
        }
        for field in ["cid", "pt", "cpk", "rpc", "exp"] {
            cases.append(
                (
                    "empty-\(field)", "\(field)= with an empty value.", e.payload(replacing: field, with: ""),
                    "qr_empty_field", ["QR-PARSE-17"], "Field"
                )
            )
            let raw = e.fields.first { $0.name == field }!.raw
            cases.append(
                (
                    "duplicate-\(field)-equal", "\(field) twice with equal values.", e.payload + "&\(field)=\(raw)",
                    "qr_duplicate_field", ["QR-PARSE-13"], "Duplicate"
                )
            )
        }
        cases += [
            (
                "missing-upper-case-name", "CID=... is not cid: names are case-sensitive.",
                e.payload(e.fields.map { $0.name == "cid" ? ("CID", $0.raw) : $0 }),
                "qr_missing_field", ["QR-PARSE-12", "QR-PARSE-16"], "Field"
            ),
            (
                "duplicate-cid-different", "cid=A&...&cid=B.", e.payload + "&cid=B", "qr_duplicate_field",
                ["QR-PARSE-13"], "Duplicate"
            ),
            (
                "duplicate-cid-empty", "A second, empty cid.", e.payload + "&cid=", "qr_duplicate_field",
                ["QR-PARSE-13"], "Duplicate"
            ),
            (
                "duplicate-encoded-name", "%63id and cid are the same name.", e.payload + "&%63id=B",
                "qr_duplicate_field", ["QR-PARSE-13", "QR-PARSE-12"], "Duplicate"
            ),
            (
                "duplicate-bare-name", "A second cid without '=' (an empty value).", e.payload + "&cid",
                "qr_duplicate_field", ["QR-PARSE-13", "QR-PARSE-9"], "Duplicate"
            ),
            (
                "cpk-padded", "cpk with '%3D' (padding) appended.",
                e.payload(replacing: "cpk", with: e.cpkText + "%3D"), "qr_bad_cpk_base64url", ["QR-PARSE-19"], "Field"
            ),
            (
                "cpk-padded-raw-first",
                "cpk first, with a raw '=' (padding) appended: a later '=' belongs to the value (QR-PARSE-9).",
                e.payload([("cpk", e.cpkText + "=")] + e.fields.filter { $0.name != "cpk" }), "qr_bad_cpk_base64url",
                ["QR-PARSE-19", "QR-PARSE-9"], "Field"
            ),
            (
                "cpk-padded-lower-case-escape", "cpk with '%3d' (padding, lower-case hex) appended.",
                e.payload(replacing: "cpk", with: e.cpkText + "%3d"), "qr_bad_cpk_base64url",
                ["QR-PARSE-19", "QR-PARSE-10"], "Field"
            ),
            (
                "cpk-plus-escaped", "cpk with a '%2B' ('+', standard alphabet).",
                e.payload(replacing: "cpk", with: "%2B" + e.cpkText.dropFirst()), "qr_bad_cpk_base64url",
                ["QR-PARSE-19"], "Field"
            ),
            (
                "cpk-slash-escaped", "cpk with a '%2F' ('/', standard alphabet).",
                e.payload(replacing: "cpk", with: "%2F" + e.cpkText.dropFirst()), "qr_bad_cpk_base64url",
                ["QR-PARSE-19"], "Field"
            ),
            (
                "cpk-raw-plus", "cpk with a raw '+', which decodes to a space.",
                e.payload(replacing: "cpk", with: "+" + e.cpkText.dropFirst()), "qr_bad_cpk_base64url", ["QR-PARSE-19"],
                "Field"
            ),
            (
                "cpk-trailing-bits", "cpk ending in 'p' instead of 'o': non-zero unused bits.",
                e.payload(replacing: "cpk", with: e.cpkText.dropLast() + "p"), "qr_bad_cpk_base64url", ["QR-PARSE-19"],
                "Field"
            ),
            (
                "cpk-length-41", "cpk cut to 41 characters.",
                e.payload(replacing: "cpk", with: String(e.cpkText.prefix(41))), "qr_bad_cpk_base64url",
                ["QR-PARSE-19"], "Field"
            ),
            (
                "cpk-not-a-key", "cpk=not-a-key (9 characters).", e.payload(replacing: "cpk", with: "not-a-key"),
                "qr_bad_cpk_base64url", ["QR-PARSE-19"], "Field"
            ),
            (
                "cpk-hex", "cpk written in hex: 64 characters of base64url, 48 bytes.",
                e.payload(replacing: "cpk", with: e.cpk), "qr_bad_cpk_length", ["QR-PARSE-20"], "Field"
            ),
            (
                "cpk-31-bytes", "cpk of 31 bytes (42 characters).",
                e.payload(replacing: "cpk", with: Base64URL.encode(Array(Hex.decode(e.cpk)!.prefix(31)))),
                "qr_bad_cpk_length", ["QR-PARSE-20"], "Field"
            ),
        ]
        for (name, comment, payload, error, requirements, flag) in cases {
            try parse(&file, name, requirements, comment, flag: flag, payload, expect: .error(error))
        }
        for point in LowOrderPoints.all {
            try parse(
                &file,
                "cpk-low-order-\(point.name)",
                ["QR-PARSE-21", "DH-2"],
                "cpk is the low-order key \(point.name).",
                flag: "LowOrder",
                e.payload(replacing: "cpk", with: Base64URL.encode(point.bytes)),
                expect: .error("qr_low_order_cpk")
            )
        }
        for (index, rpc) in invalidRPCs.enumerated() {
            try parse(
                &file,
                "rpc-invalid-\(index + 1)",
                ["QR-PARSE-22", "QR-GRAM-4"],
                "The LAN URL \(rpc.debugDescription) is qr_bad_rpc.",
                flag: "Field",
                e.payload(replacing: "rpc", with: e.formEncode(rpc)),
                expect: .error("qr_bad_rpc")
            )
        }
        let exps: [(String, String, String)] = [
            ("trailing-text", "1790000000abc", "trailing text"), ("negative", "-1", "a sign"),
            ("plus-sign", "+1790000000", "a '+', which arrives as a space"),
            ("space", "%201790000000", "a leading space"), ("fraction", "1790000000.5", "a fraction"),
            ("exponent", "1.79e9", "an exponent"),
            ("hex", "0x6AB0E580", "hex"), ("arabic-digits", "%D9%A1%D9%A7", "non-ASCII digits"),
            ("leading-zero", "01790000000", "a leading zero"),
            ("13-digits", "1790000000000", "13 digits"), ("too-large", "253402300800", "a value above 253402300799"),
            ("very-long", String(repeating: "9", count: 40), "40 digits (no overflow)"),
        ]
        for (name, value, what) in exps {
            try parse(
                &file,
                "exp-\(name)",
                ["QR-PARSE-23", "QR-GRAM-5"],
                "exp=\(value): \(what) is qr_bad_exp.",
                flag: "Field",
                e.payload(replacing: "exp", with: value),
                now: 0,
                expect: .error("qr_bad_exp")
            )
        }
    }

    private static func addOrder(_ file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        let long = e.payload + "&z=" + String(repeating: "\"", count: 2400)
        let cases: [(String, String, String, String)] = [
            ("too-long-before-character", "2,400 bad characters: the length is checked first.", long, "qr_too_long"),
            (
                "character-before-scheme", "https://pair?... with a space: characters before scheme.",
                "https://pair?cid=a b", "qr_bad_character"
            ),
            ("scheme-before-host", "https://evil?...: scheme before host.", "https://evil?cid=a", "qr_bad_scheme"),
            (
                "host-before-path", "openhuman://evil/x?...: host before path.", "openhuman://evil/x?cid=a",
                "qr_bad_host"
            ),
            (
                "path-before-fragment", "openhuman://pair/x?...#: path before fragment.", "openhuman://pair/x?cid=a#",
                "qr_bad_path"
            ),
            (
                "fragment-before-query", "openhuman://pair#x: fragment before the missing query.", "openhuman://pair#x",
                "qr_fragment"
            ),
            (
                "decoding-before-duplicate", "A duplicate cid and a bad escape later: decoding comes first.",
                e.payload + "&cid=B&x=%zz", "qr_bad_percent_encoding"
            ),
            (
                "duplicate-before-missing", "A duplicate exp and a missing cid: duplicates first.",
                e.payload(replacing: "cid", with: nil) + "&exp=1", "qr_duplicate_field"
            ),
            (
                "cid-before-pt", "cid empty and pt missing: cid first.",
                e.payload(replacing: "pt", with: nil).replacingOccurrences(of: "cid=\(e.cid)", with: "cid="),
                "qr_empty_field"
            ),
            (
                "cpk-before-rpc", "A bad cpk and a bad rpc: cpk first.",
                e.payload(
                    e.fields.map {
                        $0.name == "cpk" ? ($0.name, "x") : $0.name == "rpc" ? ($0.name, "ftp%3A%2F%2Fx") : $0
                    }
                ), "qr_bad_cpk_base64url"
            ),
            (
                "rpc-before-exp", "A bad rpc and a bad exp: rpc first.",
                e.payload(
                    e.fields.map {
                        $0.name == "rpc" ? ($0.name, "ftp%3A%2F%2Fx") : $0.name == "exp" ? ($0.name, "x") : $0
                    }
                ), "qr_bad_rpc"
            ),
            (
                "key-before-clock", "An expired payload with a low-order key reports the key: the clock comes last.",
                e.payload(replacing: "cpk", with: Base64URL.encode(LowOrderPoints.all[0].bytes)), "qr_low_order_cpk"
            ),
        ]
        for (name, comment, payload, error) in cases {
            try parse(
                &file,
                "order-\(name)",
                ["QR-PARSE-1"],
                comment,
                flag: "CheckOrder",
                payload,
                now: name == "key-before-clock" ? e.exp + 1 : e.now,
                expect: .error(error)
            )
        }
    }

    /// The producer's output for tricky values, parsed back to the same values (QR-ENC-12).
    private static func addRoundTrips(_ file: inout VectorFileBuilder) throws {
        let e = QRExample.self
        let values: [(String, String, String, String?)] = [
            ("spaces-and-reserved", "a b+c&d=e", "tok %2B/?#", "https://[::1]:8443/p?q=1"),
            ("non-ascii", "é e\u{301} 😀", "\u{0}\u{1f}\u{7f}", nil),
            ("percent", "%41%", "%%", "http://h/%41"),
        ]
        for (name, cid, pt, rpc) in values {
            let input = e.encodeInput(cid: cid, pt: pt, rpc: .some(rpc))
            guard case .output(let encoded) = Operations.reference("qr-encode", input: input),
                let payload = encoded["payload"]?.stringValue
            else {
                throw GenerationError("qr-parse/round-trip-\(name): the producer refuses its values")
            }
            try parse(
                &file,
                "round-trip-\(name)",
                ["QR-ENC-12", "QR-ENC-2", "QR-GRAM-3"],
                "The producer's payload for cid \(cid.debugDescription), pt \(pt.debugDescription) parses back to them.",
                flag: "RoundTrip",
                payload,
                expect: .output([
                    "cid": .string(cid), "pt": .string(pt), "cpk": .string(e.cpk),
                    "rpc": rpc.map(JSONValue.string) ?? .null, "exp": .int(e.exp),
                ])
            )
        }
    }
}
