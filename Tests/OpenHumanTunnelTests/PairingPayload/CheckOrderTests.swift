import OpenHumanTunnel
import Testing

/// QR-PARSE-1: the checks run in one order, and the first failure is the error.
@Suite("Consuming: order of checks")
struct CheckOrderTests {
    // Each payload has two defects; the earlier check in QR-PARSE-1's list must win.
    // REQ: QR-PARSE-1
    @Test func whenAPayloadHasTwoDefectsTheEarlierCheckDecides() {
        let long = String(repeating: "p", count: 2400)
        let cases: [(String, String, String)] = [
            ("too long beats bad character", "openhuman://pair?x=" + long + " ", "qr_too_long"),
            ("bad character beats bad scheme", "https://pair?x= ", "qr_bad_character"),
            (
                "bad scheme beats bad host", "https://evil?" + Fixtures.canonical.split(separator: "?")[1],
                "qr_bad_scheme"
            ),
            ("bad host beats bad path", "openhuman://evil/x?cid=a", "qr_bad_host"),
            ("bad path beats fragment", "openhuman://pair/x?cid=a#f", "qr_bad_path"),
            ("fragment beats missing query", "openhuman://pair#f", "qr_fragment"),
            ("fragment beats bad percent encoding", Fixtures.payload(pt: "%zz") + "#f", "qr_fragment"),
            (
                "bad percent encoding in an earlier field beats bad UTF-8 in a later one",
                "openhuman://pair?a=%zz&b=%FF", "qr_bad_percent_encoding"
            ),
            (
                "bad UTF-8 in an earlier field beats bad percent encoding in a later one",
                "openhuman://pair?a=%FF&b=%zz", "qr_bad_utf8"
            ),
            ("bad UTF-8 beats duplicate", Fixtures.payload(extra: "cid=x&z=%FF"), "qr_bad_utf8"),
            ("duplicate beats missing", "openhuman://pair?pt=a&pt=b", "qr_duplicate_field"),
            ("missing cid beats everything about later fields", "openhuman://pair?pt=&cpk=!&exp=x", "qr_missing_field"),
            ("bad cpk beats bad rpc", Fixtures.payload(cpk: "!", rpc: "ftp"), "qr_bad_cpk_base64url"),
            ("bad rpc beats bad exp", Fixtures.payload(rpc: "ftp", exp: "x"), "qr_bad_rpc"),
            ("bad exp beats expired", Fixtures.payload(exp: "01"), "qr_bad_exp"),
        ]
        for (claim, payload, code) in cases {
            #expect(Fixtures.parseError(payload)?.code == code, "\(claim)")
        }
    }

    // REQ: QR-PARSE-1
    @Test func parsingIsAPureFunctionOfPayloadAndNow() throws {
        let first = try PairingPayloadParser.parse(Fixtures.canonical, now: Fixtures.now)
        let second = try PairingPayloadParser.parse(Fixtures.canonical, now: Fixtures.now)
        #expect(first == second)
        #expect(
            Fixtures.parseError(Fixtures.canonical, now: Fixtures.expiresAt + 1)
                == Fixtures.parseError(Fixtures.canonical, now: Fixtures.expiresAt + 1)
        )
    }
}
