import OpenHumanTunnel
import Testing

/// Length, characters, scheme, authority, path, fragment and query: everything before the fields.
@Suite("Consuming: the payload's structure")
struct StructureTests {
    // REQ: QR-GRAM-2
    @Test func theDeployedExampleParsesToTheExampleValues() throws {
        let value = try PairingPayloadParser.parse(Fixtures.canonical, now: Fixtures.now)
        #expect(value == Fixtures.example)
        #expect(value.channelID == "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        #expect(value.pairingToken == "tok_abc123")
        #expect(Hex.encode(value.corePublicKey) == "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
        #expect(value.rpcURL == "http://192.168.1.5:7788/rpc")
        #expect(value.expiresAt == 1_790_000_000)
    }

    // REQ: QR-GRAM-2
    @Test func theOctetsOfAPayloadAreParsedLikeItsText() throws {
        #expect(
            try PairingPayloadParser.parse(bytes: Array(Fixtures.canonical.utf8), now: Fixtures.now) == Fixtures.example
        )
        // A QR byte segment can hold octets that are not UTF-8: refused as characters, never decoded.
        var bytes = Array(Fixtures.canonical.utf8)
        bytes.append(0xFF)
        #expect(throws: PairingPayloadError.badCharacter) {
            try PairingPayloadParser.parse(bytes: bytes, now: Fixtures.now)
        }
    }

    // REQ: QR-PARSE-2
    @Test func aPayloadOf2331OctetsIsReadAndOneOf2332IsRefusedBeforeAnythingElse() throws {
        let base = Fixtures.canonical + "&pad="
        let exact = base + String(repeating: "p", count: 2331 - base.utf8.count)
        #expect(exact.utf8.count == 2331)
        #expect(try PairingPayloadParser.parse(exact, now: Fixtures.now) == Fixtures.example)
        #expect(Fixtures.parseError(exact + "p")?.code == "qr_too_long")
        // Length comes first: a 2,332-octet text that is not even a payload is still "too long".
        #expect(Fixtures.parseError(String(repeating: " ", count: 2332))?.code == "qr_too_long")
        // Octets, not characters: 1,166 two-octet characters are 2,332 octets.
        #expect(Fixtures.parseError(String(repeating: "\u{E9}", count: 1166))?.code == "qr_too_long")
        #expect(Fixtures.parseError(String(repeating: "\u{E9}", count: 1165))?.code == "qr_bad_character")
    }

    // REQ: QR-PARSE-3
    @Test func anOctetOutsideTheURICharacterSetIsRefusedAndNothingIsTrimmed() {
        let badOctets: [String] = [
            " ", "\n", "\r", "\t", "\u{0}", "\u{7F}", "\"", "<", ">", "\\", "^", "`", "{", "|", "}",
            "[", "]", "\u{E9}", "\u{FEFF}", "\u{1F600}",
        ]
        for bad in badOctets {
            #expect(
                Fixtures.parseError(Fixtures.payload(pt: "tok" + bad))?.code == "qr_bad_character",
                "\(bad.unicodeScalars.map(\.value))"
            )
        }
        #expect(Fixtures.parseError(Fixtures.canonical + "\n")?.code == "qr_bad_character")
        #expect(Fixtures.parseError(" " + Fixtures.canonical)?.code == "qr_bad_character")
        #expect(Fixtures.parseError("\u{FEFF}" + Fixtures.canonical)?.code == "qr_bad_character")
    }

    // REQ: QR-PARSE-3, QR-GRAM-2
    @Test func everyOctetTheGrammarAllowsIsAcceptedInAnUnknownParameter() throws {
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        let allowed = letters + "-._~!$'()*+,;:@/?=%41%4a"
        #expect(
            try PairingPayloadParser.parse(Fixtures.payload(extra: "x=" + allowed), now: Fixtures.now)
                == Fixtures.example
        )
    }

    // REQ: QR-PARSE-4
    @Test func theSchemeIsMatchedWithoutRegardToCase() throws {
        for scheme in ["openhuman", "OPENHUMAN", "OpenHuman", "oPeNhUmAn"] {
            let payload = Fixtures.payload(prefix: "\(scheme)://pair?")
            #expect(try PairingPayloadParser.parse(payload, now: Fixtures.now) == Fixtures.example, "\(scheme)")
        }
    }

    // REQ: QR-PARSE-4
    @Test func anyOtherSchemeIncludingAnHTTPSUniversalLinkIsRefused() {
        let prefixes = [
            "https://pair?", "https://example.com/pair?", "http://pair?", "openhumans://pair?",
            "openhuma://pair?", "open-human://pair?", "://pair?", "openhuman//pair?", "pair?", "",
            "openhuman%3A//pair?", "x-openhuman://pair?",
        ]
        for prefix in prefixes {
            #expect(Fixtures.parseError(Fixtures.payload(prefix: prefix))?.code == "qr_bad_scheme", "\(prefix)")
        }
        #expect(Fixtures.parseError("")?.code == "qr_bad_scheme")
    }

    // REQ: QR-PARSE-5
    @Test func theHostPairIsMatchedWithoutRegardToCase() throws {
        for host in ["pair", "PAIR", "Pair", "pAiR"] {
            #expect(
                try PairingPayloadParser.parse(Fixtures.payload(prefix: "openhuman://\(host)?"), now: Fixtures.now)
                    == Fixtures.example
            )
        }
    }

    // REQ: QR-PARSE-5
    @Test func anyOtherAuthorityIsRefused() {
        let prefixes = [
            "openhuman:pair?", "openhuman:xxpair?", "openhuman:--pair?", "openhuman:/pair?", "openhuman:///pair?",
            "openhuman://?", "openhuman://pairs?",
            "openhuman://pai?", "openhuman://evil?", "openhuman://user@pair?", "openhuman://pair@evil?",
            "openhuman://pair:80?", "openhuman://pair:?", "openhuman://p%61ir?", "openhuman://pair.?",
            "openhuman://pair.example?", "openhuman:?",
        ]
        for prefix in prefixes {
            #expect(Fixtures.parseError(Fixtures.payload(prefix: prefix))?.code == "qr_bad_host", "\(prefix)")
        }
    }

    // REQ: QR-PARSE-6
    @Test func aPathAfterTheHostIsRefusedEvenASingleSlash() {
        for prefix in ["openhuman://pair/?", "openhuman://pair/x?", "openhuman://pair//?", "openhuman://pair/v3?"] {
            #expect(Fixtures.parseError(Fixtures.payload(prefix: prefix))?.code == "qr_bad_path", "\(prefix)")
        }
        #expect(Fixtures.parseError("openhuman://pair/")?.code == "qr_bad_path")
    }

    // REQ: QR-PARSE-7
    @Test func aFragmentIsRefusedEvenWhenEmpty() {
        #expect(Fixtures.parseError(Fixtures.canonical + "#")?.code == "qr_fragment")
        #expect(Fixtures.parseError(Fixtures.canonical + "#exp=1")?.code == "qr_fragment")
        #expect(Fixtures.parseError(Fixtures.payload(exp: "1790000000#x"))?.code == "qr_fragment")
        #expect(Fixtures.parseError(Fixtures.payload(prefix: "openhuman://pair#?"))?.code == "qr_fragment")
        #expect(Fixtures.parseError("openhuman://pair#")?.code == "qr_fragment")
        // Positive control: "#" percent-encoded in a value is data, not a fragment.
        #expect(Fixtures.parseError(Fixtures.payload(pt: "tok%23abc")) == nil)
    }

    // REQ: QR-PARSE-8
    @Test func aPayloadWithoutAQueryIsRefused() {
        #expect(Fixtures.parseError("openhuman://pair")?.code == "qr_missing_query")
        #expect(Fixtures.parseError("OPENHUMAN://PAIR")?.code == "qr_missing_query")
        // "?" with nothing after it is a query with no fields: the first required field is missing.
        #expect(Fixtures.parseError("openhuman://pair?") == .missingField("cid"))
    }
}
