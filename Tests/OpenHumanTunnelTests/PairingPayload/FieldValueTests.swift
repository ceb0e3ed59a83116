import OpenHumanTunnel
import Testing

/// The values of cid, pt, cpk and exp, and the expiry check.
@Suite("Consuming: field values")
struct FieldValueTests {
    // REQ: QR-PARSE-18
    @Test func channelIDAndTokenAreReturnedByteForByteWithoutNormalizationOrTrimming() throws {
        let decomposed = try PairingPayloadParser.parse(
            Fixtures.payload(cid: "e%CC%81", pt: "+tok+"),
            now: Fixtures.now
        )
        let precomposed = try PairingPayloadParser.parse(
            Fixtures.payload(cid: "%C3%A9", pt: "+tok+"),
            now: Fixtures.now
        )
        #expect(Array(decomposed.channelID.utf8) == [0x65, 0xCC, 0x81])
        #expect(Array(precomposed.channelID.utf8) == [0xC3, 0xA9])
        #expect(decomposed.pairingToken == " tok ")
        // Swift's String == calls these equal; the payload values must not be.
        #expect(decomposed.channelID == precomposed.channelID)
        #expect(decomposed != precomposed)
    }

    // REQ: QR-PARSE-18
    @Test func channelIDAndTokenAreOpaqueSoTheDocumentedFixturesAndControlCharactersAreAccepted() throws {
        for cid in ["ch_123", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", "%00", "%0A", "%E4%B8%AD", "%F0%9F%98%80"] {
            #expect(Fixtures.parseError(Fixtures.payload(cid: cid)) == nil, "\(cid)")
        }
    }

    // REQ: QR-PARSE-19
    @Test func cpkThatIsNotCanonicalBase64URLIsRefused() {
        let text = Fixtures.rawCPK
        let cases = [
            text.replacing("_", with: "%2F"),  // standard alphabet "/"
            "hSDwCYkwp1R0i33ctD73Wg2%2BOg0mOBr066SpjqqbTmo",  // "+" (from %2B)
            "hSDwCYkwp1R0i33ctD73Wg2+Og0mOBr066SpjqqbTmo",  // a raw "+" is a space after decoding
            text + "%3D",  // padding
            text + "=",  // padding, raw
            "hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmp",  // last character has non-zero low bits
            "hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTm",  // 42 characters: 42 % 4 == 2, "m" has low bits set
            "hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbT",  // 41 characters: 41 % 4 == 1
            "%C3%A9" + String(text.dropFirst()),  // non-ASCII after decoding
        ]
        for cpk in cases {
            #expect(Fixtures.parseError(Fixtures.payload(cpk: cpk))?.code == "qr_bad_cpk_base64url", "\(cpk)")
        }
        // Positive control: the same key, canonical, even with some characters percent-encoded.
        #expect(Fixtures.parseError(Fixtures.payload(cpk: "%68SDwCYkwp1R0i33ctD73Wg2%5FOg0mOBr066SpjqqbTmo")) == nil)
    }

    // REQ: QR-PARSE-20
    @Test func cpkThatDecodesToAnythingButThirtyTwoBytesIsRefused() {
        let cases = [
            "AAAA",  // 3 bytes
            String(Fixtures.rawCPK.dropLast(3)),  // 40 characters = 30 bytes
            Fixtures.rawCPK + "A",  // 44 chars = 33 bytes
            Hex.encode(Fixtures.alicePublicKey),  // the key in hex: 64 base64url chars = 48 bytes
        ]
        for cpk in cases {
            #expect(Fixtures.parseError(Fixtures.payload(cpk: cpk))?.code == "qr_bad_cpk_length", "\(cpk)")
        }
    }

    // REQ: QR-PARSE-21
    @Test func aLowOrderCoreKeyIsRefusedWhenTheQRCodeIsRead() {
        for key in Fixtures.lowOrderKeys {
            let text = Base64URL.encode(Hex.decode(key)!)
            #expect(Fixtures.parseError(Fixtures.payload(cpk: text))?.code == "qr_low_order_cpk", "\(key)")
        }
        // The same seven points with the top bit set (RFC 7748 masks it): still low order.
        for key in Fixtures.lowOrderKeys {
            var bytes = Hex.decode(key)!
            bytes[31] |= 0x80
            #expect(
                Fixtures.parseError(Fixtures.payload(cpk: Base64URL.encode(bytes)))?.code == "qr_low_order_cpk",
                "\(key)"
            )
        }
    }

    // REQ: QR-GRAM-5, QR-PARSE-23
    @Test func expIsPlainDecimalDigitsUpToTheYear9999() throws {
        for (raw, expected) in [
            ("0", UInt64(0)), ("1790000000", 1_790_000_000), ("253402300799", 253_402_300_799),
            ("%31790000000", 1_790_000_000),
        ] {
            let value = try PairingPayloadParser.parse(Fixtures.payload(exp: raw), now: 0)
            #expect(value.expiresAt == expected, "\(raw)")
        }
    }

    // REQ: QR-GRAM-5, QR-PARSE-23
    @Test func expWithASignSpaceFractionExponentLeadingZeroOrTrailingTextIsRefused() {
        let cases = [
            "1790000000abc", "1790000000+", "+1790000000", "%2B1790000000", "-1790000000", "%2D1",
            "1790000000.0", "1790000000.5", "1.79e9", "1E9", "0x6AB1A100", "01790000000", "00", "0000000000001",
            "1790000000%00", "%EF%BC%91%EF%BC%97%EF%BC%99", "\u{661}".addingPercentEncodingForTest(), "Infinity", "NaN",
            "1_790_000_000", "1,790,000,000",
        ]
        for raw in cases {
            #expect(Fixtures.parseError(Fixtures.payload(exp: raw), now: 0)?.code == "qr_bad_exp", "\(raw)")
        }
    }

    // REQ: QR-GRAM-5, QR-PARSE-23
    @Test func expAboveTheMaximumIsRefusedWithoutOverflow() {
        for raw in [
            "253402300800", "999999999999", "1000000000000", "18446744073709551615", "18446744073709551616",
            String(repeating: "9", count: 2000),
        ] {
            #expect(Fixtures.parseError(Fixtures.payload(exp: raw), now: 0)?.code == "qr_bad_exp", "\(raw.prefix(30))")
        }
    }

    // REQ: QR-PARSE-24
    @Test func thePayloadIsValidUpToAndIncludingTheSecondExpNamesAndExpiredAfter() throws {
        let exp = Fixtures.expiresAt
        #expect(try PairingPayloadParser.parse(Fixtures.canonical, now: exp - 1) == Fixtures.example)
        #expect(try PairingPayloadParser.parse(Fixtures.canonical, now: exp) == Fixtures.example)
        #expect(Fixtures.parseError(Fixtures.canonical, now: exp + 1) == .expired)
        #expect(Fixtures.parseError(Fixtures.canonical, now: exp + 1)?.code == "qr_expired")
        #expect(Fixtures.parseError(Fixtures.canonical, now: .max) == .expired)
        #expect(Fixtures.parseError(Fixtures.payload(exp: "0"), now: 0) == nil)
        #expect(Fixtures.parseError(Fixtures.payload(exp: "0"), now: 1) == .expired)
    }

    // REQ: QR-PARSE-1, QR-PARSE-24
    @Test func timeIsAnInputSoTheSamePayloadGivesTheSameAnswerForTheSameNow() throws {
        // A parser that read the clock would refuse exp=1 today; this one accepts it at now = 0 and 1.
        let old = Fixtures.payload(exp: "1")
        #expect(Fixtures.parseError(old, now: 0) == nil)
        #expect(Fixtures.parseError(old, now: 1) == nil)
        #expect(Fixtures.parseError(old, now: 2) == .expired)
        for _ in 0..<3 {
            #expect(try PairingPayloadParser.parse(old, now: 1) == Fixtures.example { $0.expiresAt = 1 })
        }
    }
}

private extension String {
    /// Percent-encodes every UTF-8 byte (uppercase hex), for non-ASCII test inputs.
    func addingPercentEncodingForTest() -> String {
        utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
    }
}
