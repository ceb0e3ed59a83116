import OpenHumanTunnel
import Testing

/// Payloads the deployed phone app accepted (it rewrote `openhuman://` to an https URL, read the
/// query with URLSearchParams, parsed `exp` with a lenient integer parse and validated nothing
/// else), and what this specification does with each.
@Suite("The deployed consumer's lenient cases")
struct DeployedConsumerTests {
    // Deployed: accepted (parseInt reads 1790000000). This spec: refused.
    // REQ: QR-PARSE-23
    @Test func trailingTextAfterExpWasAcceptedAndIsNowRefused() {
        #expect(Fixtures.parseError(Fixtures.payload(exp: "1790000000abc"))?.code == "qr_bad_exp")
        #expect(Fixtures.parseError(Fixtures.payload(exp: "1790000000.9"))?.code == "qr_bad_exp")
        #expect(Fixtures.parseError(Fixtures.payload(exp: "1790000000")) == nil)
    }

    // Deployed: accepted (any scheme; the app itself rewrote the deep link to https). This spec: refused.
    // REQ: QR-PARSE-4
    @Test func theHTTPSFormOfTheLinkWasAcceptedAndIsNowRefused() {
        let query = String(Fixtures.canonical.split(separator: "?", maxSplits: 1)[1])
        #expect(Fixtures.parseError("https://pair?" + query)?.code == "qr_bad_scheme")
        #expect(Fixtures.parseError("https://example.com/pair?" + query)?.code == "qr_bad_scheme")
        #expect(Fixtures.parseError("openhuman://pair?" + query) == nil)
    }

    // Deployed: refused (it required non-empty cid, pt, cpk and exp). This spec: refused, with the field named.
    // REQ: QR-PARSE-16, QR-PARSE-17
    @Test func missingFieldsWereRefusedAndStillAre() {
        #expect(Fixtures.parseError(Fixtures.payload(cid: nil)) == .missingField("cid"))
        #expect(Fixtures.parseError(Fixtures.payload(pt: nil)) == .missingField("pt"))
        #expect(Fixtures.parseError(Fixtures.payload(cpk: nil)) == .missingField("cpk"))
        #expect(Fixtures.parseError(Fixtures.payload(exp: nil)) == .missingField("exp"))
        #expect(Fixtures.parseError(Fixtures.payload(cid: "")) == .emptyField("cid"))
    }

    // Deployed: accepted (host and path unchecked). This spec: refused.
    // REQ: QR-PARSE-5, QR-PARSE-6
    @Test func anotherHostOrAPathWasAcceptedAndIsNowRefused() {
        #expect(Fixtures.parseError(Fixtures.payload(prefix: "openhuman://evil?"))?.code == "qr_bad_host")
        #expect(Fixtures.parseError(Fixtures.payload(prefix: "openhuman://pair/anything?"))?.code == "qr_bad_path")
    }

    // Deployed: accepted (no field validated at parse time; the bad key failed later, in the handshake).
    // This spec: refused when the QR code is read.
    // REQ: QR-PARSE-19, QR-PARSE-21
    @Test func anUnusableCoreKeyWasAcceptedAndIsNowRefusedAtScanTime() {
        #expect(Fixtures.parseError(Fixtures.payload(cpk: "not-a-key"))?.code == "qr_bad_cpk_base64url")
        #expect(
            Fixtures.parseError(Fixtures.payload(cpk: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))?.code
                == "qr_low_order_cpk"
        )
    }

    // Deployed: accepted, URLSearchParams.get took the first value. This spec: refused.
    // REQ: QR-PARSE-13
    @Test func aDuplicatedChannelIDWasResolvedToTheFirstAndIsNowRefused() {
        #expect(Fixtures.parseError(Fixtures.payload(extra: "cid=OTHER")) == .duplicateField("cid"))
    }

    // Deployed: accepted ("%zz" kept literally, "%FF" became U+FFFD). This spec: refused.
    // REQ: QR-PARSE-10, QR-PARSE-11
    @Test func strayPercentAndInvalidUTF8WereRepairedAndAreNowRefused() {
        #expect(Fixtures.parseError(Fixtures.payload(pt: "tok%zz"))?.code == "qr_bad_percent_encoding")
        #expect(Fixtures.parseError(Fixtures.payload(pt: "tok%FF"))?.code == "qr_bad_utf8")
    }

    // Deployed: accepted, and so does this spec (forward compatibility).
    // REQ: QR-PARSE-14
    @Test func unknownParametersWereIgnoredAndStillAre() throws {
        #expect(
            try PairingPayloadParser.parse(Fixtures.payload(extra: "lan_token=abc"), now: Fixtures.now)
                == Fixtures.example
        )
    }

    // Deployed: refused when exp < now, accepted when equal. This spec: the same.
    // REQ: QR-PARSE-24
    @Test func expiryWasCheckedWithEqualStillValidAndStillIs() {
        #expect(Fixtures.parseError(Fixtures.canonical, now: Fixtures.expiresAt) == nil)
        #expect(Fixtures.parseError(Fixtures.canonical, now: Fixtures.expiresAt + 1) == .expired)
    }
}
