import OpenHumanTunnel
import Testing

/// Splitting the query into fields, decoding them, and finding the known ones.
@Suite("Consuming: query fields")
struct QueryTests {
    // REQ: QR-GRAM-3, QR-PARSE-9
    @Test func emptyFieldsAreSkipped() throws {
        let payload =
            "openhuman://pair?&&cid=\(Fixtures.rawCID)&&pt=\(Fixtures.rawPT)&cpk=\(Fixtures.rawCPK)"
            + "&rpc=\(Fixtures.rawRPC)&exp=\(Fixtures.rawExp)&"
        #expect(try PairingPayloadParser.parse(payload, now: Fixtures.now) == Fixtures.example)
    }

    // REQ: QR-GRAM-3, QR-PARSE-9
    @Test func theFirstEqualsSignSplitsNameFromValueAndLaterOnesBelongToTheValue() throws {
        // An unknown field "x" whose value is "a=b", and a field without "=" (empty value).
        #expect(
            try PairingPayloadParser.parse(Fixtures.payload(extra: "x=a=b&flag"), now: Fixtures.now) == Fixtures.example
        )
        // In a known field the later "=" stays in the value, where it fails that value's rules.
        #expect(Fixtures.parseError(Fixtures.payload(cpk: Fixtures.rawCPK + "="))?.code == "qr_bad_cpk_base64url")
        let value = try PairingPayloadParser.parse(Fixtures.payload(pt: "a=b"), now: Fixtures.now)
        #expect(value.pairingToken == "a=b")
    }

    // REQ: QR-PARSE-9, QR-PARSE-17
    @Test func aKnownNameWithoutEqualsSignHasAnEmptyValue() {
        let payload = "openhuman://pair?cid&pt=\(Fixtures.rawPT)&cpk=\(Fixtures.rawCPK)&exp=\(Fixtures.rawExp)"
        #expect(Fixtures.parseError(payload) == .emptyField("cid"))
    }

    // REQ: QR-PARSE-10
    @Test func plusIsASpaceAndPercentTripletsAreBytesInEitherHexCase() throws {
        let value = try PairingPayloadParser.parse(Fixtures.payload(pt: "a+b%2Bc%2bd%20e%C3%a9"), now: Fixtures.now)
        #expect(Array(value.pairingToken.utf8) == Array("a b+c+d e\u{E9}".utf8))
        let rpc = try PairingPayloadParser.parse(
            Fixtures.payload(rpc: "http%3a%2f%2f192.168.1.5%3a7788%2frpc"),
            now: Fixtures.now
        )
        #expect(rpc == Fixtures.example)
    }

    // REQ: QR-PARSE-10
    @Test func decodingIsOnePassSoAnEncodedPercentIsNotDecodedTwice() throws {
        let value = try PairingPayloadParser.parse(Fixtures.payload(pt: "%2541%252B"), now: Fixtures.now)
        #expect(value.pairingToken == "%41%2B")
    }

    // REQ: QR-PARSE-10
    @Test func aPercentWithoutTwoHexDigitsIsRefusedInAnyField() {
        for raw in ["%", "tok%", "tok%4", "%G1", "%1G", "%%41", "%-1", "%+1"] {
            #expect(Fixtures.parseError(Fixtures.payload(pt: raw))?.code == "qr_bad_percent_encoding", "\(raw)")
        }
        // Also in an unknown field's value and in a name.
        #expect(Fixtures.parseError(Fixtures.payload(extra: "future=%zz"))?.code == "qr_bad_percent_encoding")
        #expect(Fixtures.parseError(Fixtures.payload(extra: "fu%ture=1"))?.code == "qr_bad_percent_encoding")
    }

    // REQ: QR-PARSE-11
    @Test func aDecodedValueThatIsNotUTF8IsRefused() {
        let notUTF8 = [
            "%FF", "%C0%80", "%C1%BF", "%E0%80%80", "%ED%A0%80", "%ED%BF%BF", "%F4%90%80%80", "%F5%80%80%80",
            "%E2%82", "%80", "%BF", "%C3", "%F0%9F%98", "a%C3%28",
        ]
        for raw in notUTF8 {
            #expect(Fixtures.parseError(Fixtures.payload(pt: raw))?.code == "qr_bad_utf8", "\(raw)")
        }
        #expect(Fixtures.parseError(Fixtures.payload(extra: "future=%FF"))?.code == "qr_bad_utf8")
        #expect(Fixtures.parseError(Fixtures.payload(extra: "%FF=1"))?.code == "qr_bad_utf8")
    }

    // REQ: QR-PARSE-11
    @Test func wellFormedUTF8AtEveryLengthAndBoundaryIsAccepted() throws {
        let cases: [(String, String)] = [
            ("%00", "\u{0}"), ("%7F", "\u{7F}"), ("%C2%80", "\u{80}"), ("%DF%BF", "\u{7FF}"),
            ("%E0%A0%80", "\u{800}"), ("%ED%9F%BF", "\u{D7FF}"), ("%EE%80%80", "\u{E000}"),
            ("%EF%BF%BD", "\u{FFFD}"), ("%F0%90%80%80", "\u{10000}"), ("%F4%8F%BF%BF", "\u{10FFFF}"),
        ]
        for (raw, expected) in cases {
            let value = try PairingPayloadParser.parse(Fixtures.payload(pt: raw), now: Fixtures.now)
            #expect(Array(value.pairingToken.utf8) == Array(expected.utf8), "\(raw)")
        }
    }

    // REQ: QR-PARSE-12
    @Test func namesAreComparedAfterDecodingSoAPercentEncodedNameIsTheKnownName() throws {
        let payload = Fixtures.canonical.replacing("?cid=", with: "?%63id=").replacing("&exp=", with: "&%65%78%70=")
        #expect(try PairingPayloadParser.parse(payload, now: Fixtures.now) == Fixtures.example)
    }

    // REQ: QR-PARSE-12
    @Test func namesAreCaseSensitiveSoCIDIsAnUnknownName() {
        let payload = Fixtures.canonical.replacing("?cid=", with: "?CID=")
        #expect(Fixtures.parseError(payload) == .missingField("cid"))
        let spaced = Fixtures.canonical.replacing("?cid=", with: "?cid+=")
        #expect(Fixtures.parseError(spaced) == .missingField("cid"))
    }

    // REQ: QR-PARSE-13
    @Test func aKnownParameterTwiceIsRefusedEvenWithTheSameValue() {
        #expect(Fixtures.parseError(Fixtures.payload(extra: "cid=\(Fixtures.rawCID)")) == .duplicateField("cid"))
        #expect(Fixtures.parseError(Fixtures.payload(extra: "cid=OTHER")) == .duplicateField("cid"))
        #expect(Fixtures.parseError(Fixtures.payload(extra: "pt=x")) == .duplicateField("pt"))
        #expect(Fixtures.parseError(Fixtures.payload(extra: "cpk=\(Fixtures.rawCPK)")) == .duplicateField("cpk"))
        #expect(Fixtures.parseError(Fixtures.payload(extra: "rpc=\(Fixtures.rawRPC)")) == .duplicateField("rpc"))
        #expect(Fixtures.parseError(Fixtures.payload(extra: "exp=1790000001")) == .duplicateField("exp"))
        #expect(Fixtures.parseError(Fixtures.payload(extra: "exp=1790000001"))?.code == "qr_duplicate_field")
        // An empty duplicate is still a duplicate.
        #expect(Fixtures.parseError(Fixtures.payload(extra: "cid=")) == .duplicateField("cid"))
        #expect(Fixtures.parseError(Fixtures.payload(extra: "cid")) == .duplicateField("cid"))
    }

    // REQ: QR-PARSE-13, QR-PARSE-12
    @Test func aDuplicateSpelledDifferentlyIsStillADuplicate() {
        // WHATWG URLSearchParams.get("cid") returns "B" here; another parser might return "A".
        let payload =
            "openhuman://pair?%63id=B&cid=A&pt=\(Fixtures.rawPT)&cpk=\(Fixtures.rawCPK)&exp=\(Fixtures.rawExp)"
        #expect(Fixtures.parseError(payload) == .duplicateField("cid"))
    }

    // REQ: QR-PARSE-13
    @Test func duplicatesAreFoundBeforeAnyFieldIsChecked() {
        // cid is missing and cpk is bad, but the duplicate exp is reported.
        let payload = "openhuman://pair?pt=x&cpk=bad&exp=1&exp=2"
        #expect(Fixtures.parseError(payload) == .duplicateField("exp"))
    }

    // REQ: QR-PARSE-14
    @Test func unknownParametersAreIgnoredWhateverTheirNumberPositionOrRepetition() throws {
        let payload =
            "openhuman://pair?v=3&cid=\(Fixtures.rawCID)&future=1&future=2&pt=\(Fixtures.rawPT)&cpk=\(Fixtures.rawCPK)"
            + "&=orphan&rpc=\(Fixtures.rawRPC)&exp=\(Fixtures.rawExp)&lan_token=secret&cid2=x&x"
        #expect(try PairingPayloadParser.parse(payload, now: Fixtures.now) == Fixtures.example)
    }

    // REQ: QR-PARSE-15
    @Test func parametersAreAcceptedInAnyOrder() throws {
        let payload =
            "openhuman://pair?exp=\(Fixtures.rawExp)&rpc=\(Fixtures.rawRPC)&cpk=\(Fixtures.rawCPK)&pt=\(Fixtures.rawPT)&cid=\(Fixtures.rawCID)"
        #expect(try PairingPayloadParser.parse(payload, now: Fixtures.now) == Fixtures.example)
    }

    // REQ: QR-PARSE-16
    @Test func eachRequiredParameterMustBePresentAndRPCMayBeAbsent() throws {
        #expect(Fixtures.parseError(Fixtures.payload(cid: nil)) == .missingField("cid"))
        #expect(Fixtures.parseError(Fixtures.payload(pt: nil)) == .missingField("pt"))
        #expect(Fixtures.parseError(Fixtures.payload(cpk: nil)) == .missingField("cpk"))
        #expect(Fixtures.parseError(Fixtures.payload(exp: nil)) == .missingField("exp"))
        #expect(Fixtures.parseError(Fixtures.payload(exp: nil))?.code == "qr_missing_field")
        let withoutRPC = try PairingPayloadParser.parse(Fixtures.payload(rpc: nil), now: Fixtures.now)
        #expect(withoutRPC.rpcURL == nil)
        #expect(withoutRPC == Fixtures.example { $0.rpcURL = nil })
    }

    // REQ: QR-PARSE-16
    @Test func fieldsAreCheckedInTheOrderCidPtCpkRpcExpEachCompletelyBeforeTheNext() {
        // Every field is wrong; fixing them one by one reveals the next error in order.
        #expect(
            Fixtures.parseError(Fixtures.payload(cid: nil, pt: nil, cpk: "!", rpc: "ftp", exp: "x"))
                == .missingField("cid")
        )
        #expect(
            Fixtures.parseError(Fixtures.payload(cid: "", pt: nil, cpk: "!", rpc: "ftp", exp: "x"))
                == .emptyField("cid")
        )
        #expect(Fixtures.parseError(Fixtures.payload(pt: nil, cpk: "!", rpc: "ftp", exp: "x")) == .missingField("pt"))
        #expect(Fixtures.parseError(Fixtures.payload(pt: "", cpk: "!", rpc: "ftp", exp: "x")) == .emptyField("pt"))
        #expect(Fixtures.parseError(Fixtures.payload(cpk: "!", rpc: "ftp", exp: "x"))?.code == "qr_bad_cpk_base64url")
        #expect(Fixtures.parseError(Fixtures.payload(cpk: "AAAA", rpc: "ftp", exp: "x"))?.code == "qr_bad_cpk_length")
        #expect(
            Fixtures.parseError(
                Fixtures.payload(cpk: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", rpc: "ftp", exp: "x")
            )?.code == "qr_low_order_cpk"
        )
        #expect(Fixtures.parseError(Fixtures.payload(rpc: "ftp", exp: "x"))?.code == "qr_bad_rpc")
        #expect(Fixtures.parseError(Fixtures.payload(rpc: "", exp: "x")) == .emptyField("rpc"))
        #expect(Fixtures.parseError(Fixtures.payload(exp: "x"))?.code == "qr_bad_exp")
        #expect(Fixtures.parseError(Fixtures.payload(exp: "1"))?.code == "qr_expired")
        #expect(Fixtures.parseError(Fixtures.payload()) == nil)
    }

    // REQ: QR-PARSE-17
    @Test func aKnownParameterWithAnEmptyValueIsRefusedIncludingRPC() {
        #expect(Fixtures.parseError(Fixtures.payload(cid: "")) == .emptyField("cid"))
        #expect(Fixtures.parseError(Fixtures.payload(pt: "")) == .emptyField("pt"))
        #expect(Fixtures.parseError(Fixtures.payload(cpk: "")) == .emptyField("cpk"))
        #expect(Fixtures.parseError(Fixtures.payload(rpc: "")) == .emptyField("rpc"))
        #expect(Fixtures.parseError(Fixtures.payload(exp: "")) == .emptyField("exp"))
        #expect(Fixtures.parseError(Fixtures.payload(exp: ""))?.code == "qr_empty_field")
        // A value that decodes to a space is not empty.
        #expect(Fixtures.parseError(Fixtures.payload(pt: "+")) == nil)
    }
}
