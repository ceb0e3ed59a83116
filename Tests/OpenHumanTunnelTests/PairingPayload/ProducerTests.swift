import OpenHumanTunnel
import Testing

@Suite("Producing the pairing payload")
struct ProducerTests {
    // REQ: QR-ENC-1, QR-ENC-2, QR-ENC-3, QR-ENC-4, QR-ENC-5, QR-GRAM-1
    @Test func theDeployedExampleEncodesToExactlyTheStringTheDeployedProducerEmits() throws {
        let payload = try PairingPayloadEncoder.encode(Fixtures.example)
        #expect(
            payload
                == "openhuman://pair?cid=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&pt=tok_abc123&cpk=hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo&rpc=http%3A%2F%2F192.168.1.5%3A7788%2Frpc&exp=1790000000"
        )
        #expect(payload == Fixtures.canonical)
        #expect(payload.utf8.count == 172)
        #expect(CanonicalGrammar.matches(payload))
    }

    // REQ: QR-ENC-1, QR-ENC-4
    @Test func withoutAnRPCURLTheParameterIsLeftOutAndTheOrderIsUnchanged() throws {
        let payload = try PairingPayloadEncoder.encode(Fixtures.example { $0.rpcURL = nil })
        #expect(
            payload
                == "openhuman://pair?cid=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&pt=tok_abc123&cpk=hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo&exp=1790000000"
        )
        #expect(CanonicalGrammar.matches(payload))
    }

    // REQ: QR-ENC-2
    @Test func everyValueIsFormEncodedExactlyAsURLSearchParamsDoes() throws {
        // Expected string from Node 20: new URLSearchParams({cid, pt, cpk, rpc, exp}).toString().
        let value = PairingPayload(
            channelID: "ch_123",
            pairingToken: "tok abc+/=&\u{E9}\u{301}\u{1F600}~!",
            corePublicKey: Fixtures.alicePublicKey,
            rpcURL: "http://[fe80::1]:7788/rpc?a=b",
            expiresAt: 0
        )
        #expect(
            try PairingPayloadEncoder.encode(value)
                == "openhuman://pair?cid=ch_123&pt=tok+abc%2B%2F%3D%26%C3%A9%CC%81%F0%9F%98%80%7E%21"
                + "&cpk=hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo&rpc=http%3A%2F%2F%5Bfe80%3A%3A1%5D%3A7788%2Frpc%3Fa%3Db&exp=0"
        )
    }

    // REQ: QR-ENC-2
    @Test func eachASCIIByteIsKeptOnlyWhenURLSearchParamsKeepsIt() throws {
        // Node 20: new URLSearchParams({v: <U+0000 ... U+007F>}).toString(), without the leading "v=".
        let everyByte = String(decoding: Array(UInt8(0x00)...UInt8(0x7F)), as: UTF8.self)
        let payload = try PairingPayloadEncoder.encode(Fixtures.example { $0.pairingToken = everyByte })
        let expected =
            "%00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F"
            + "+%21%22%23%24%25%26%27%28%29*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ"
            + "%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E%7F"
        #expect(payload.contains("&pt=\(expected)&cpk="))
    }

    // REQ: QR-ENC-3
    @Test func cpkIsTheCanonicalBase64URLOfTheKeyAndNeedsNoEscaping() throws {
        let payload = try PairingPayloadEncoder.encode(Fixtures.example)
        #expect(payload.contains("&cpk=\(Base64URL.encode(Fixtures.alicePublicKey))&"))
        #expect(Base64URL.encode(Fixtures.alicePublicKey) == Fixtures.alicePublicKeyText)
        #expect(Fixtures.alicePublicKeyText.utf8.count == 43)
    }

    // REQ: QR-ENC-5
    @Test func expIsTheRelayExpiryFlooredToWholeSecondsInShortestDecimal() throws {
        #expect(PairingPayload.expiry(fromEpochMilliseconds: 1_790_000_000_999) == 1_790_000_000)
        #expect(PairingPayload.expiry(fromEpochMilliseconds: 1_790_000_000_000) == 1_790_000_000)
        #expect(PairingPayload.expiry(fromEpochMilliseconds: 999) == 0)
        let zero = try PairingPayloadEncoder.encode(Fixtures.example { $0.expiresAt = 0 })
        #expect(zero.hasSuffix("&exp=0"))
        let maximum = try PairingPayloadEncoder.encode(Fixtures.example { $0.expiresAt = 253_402_300_799 })
        #expect(maximum.hasSuffix("&exp=253402300799"))
    }

    // REQ: QR-ENC-6
    @Test func theProducerRefusesAnEmptyChannelIDTokenOrRPCURL() {
        #expect(Fixtures.encodeError(Fixtures.example { $0.channelID = "" }) == .emptyField("cid"))
        #expect(Fixtures.encodeError(Fixtures.example { $0.pairingToken = "" }) == .emptyField("pt"))
        #expect(Fixtures.encodeError(Fixtures.example { $0.rpcURL = "" }) == .emptyField("rpc"))
        #expect(Fixtures.encodeError(Fixtures.example { $0.rpcURL = "" })?.code == "qr_empty_field")
        // Positive control: one character is enough, and absence of rpc is not emptiness.
        #expect(
            Fixtures.encodeError(
                Fixtures.example {
                    $0.channelID = "c"
                    $0.pairingToken = " "
                    $0.rpcURL = nil
                }
            ) == nil
        )
    }

    // REQ: QR-ENC-7
    @Test func theProducerRefusesACoreKeyOfTheWrongLength() {
        for length in [0, 31, 33, 64] {
            let value = Fixtures.example { $0.corePublicKey = [UInt8](repeating: 0x09, count: length) }
            #expect(Fixtures.encodeError(value)?.code == "qr_bad_cpk_length", "length \(length)")
        }
        #expect(
            Fixtures.encodeError(Fixtures.example { $0.corePublicKey = [UInt8](repeating: 0x09, count: 32) }) == nil
        )
    }

    // REQ: QR-ENC-7
    @Test func theProducerRefusesALowOrderCoreKey() {
        for key in Fixtures.lowOrderKeys {
            let value = Fixtures.example { $0.corePublicKey = Hex.decode(key)! }
            #expect(Fixtures.encodeError(value)?.code == "qr_low_order_cpk", "\(key)")
        }
    }

    // REQ: QR-ENC-8
    @Test func theProducerRefusesAnRPCURLThatAConsumerWouldRefuse() {
        for rpc in [
            "ftp://192.168.1.5/rpc", "http://user@192.168.1.5/rpc", "192.168.1.5:7788/rpc", "http://192.168.1.5/rpc#x",
        ] {
            #expect(Fixtures.encodeError(Fixtures.example { $0.rpcURL = rpc })?.code == "qr_bad_rpc", "\(rpc)")
        }
    }

    // REQ: QR-ENC-9
    @Test func theProducerRefusesAnExpiryBeyondTheYear9999() {
        #expect(Fixtures.encodeError(Fixtures.example { $0.expiresAt = 253_402_300_800 })?.code == "qr_bad_exp")
        #expect(Fixtures.encodeError(Fixtures.example { $0.expiresAt = .max })?.code == "qr_bad_exp")
        #expect(Fixtures.encodeError(Fixtures.example { $0.expiresAt = 253_402_300_799 }) == nil)
    }

    // REQ: QR-ENC-9
    @Test func theProducerDoesNotRefuseAnExpiryInThePastBecauseItReadsNoClock() throws {
        #expect(try PairingPayloadEncoder.encode(Fixtures.example { $0.expiresAt = 1 }).hasSuffix("&exp=1"))
    }

    // REQ: QR-ENC-10
    @Test func theProducerChecksFieldsInOrderAndReportsTheFirstFailure() {
        let everythingWrong = PairingPayload(
            channelID: "",
            pairingToken: "",
            corePublicKey: [1],
            rpcURL: "ftp://x",
            expiresAt: .max
        )
        #expect(Fixtures.encodeError(everythingWrong) == .emptyField("cid"))
        var value = everythingWrong
        value.channelID = "c"
        #expect(Fixtures.encodeError(value) == .emptyField("pt"))
        value.pairingToken = "t"
        #expect(Fixtures.encodeError(value)?.code == "qr_bad_cpk_length")
        value.corePublicKey = Fixtures.alicePublicKey
        #expect(Fixtures.encodeError(value)?.code == "qr_bad_rpc")
        value.rpcURL = nil
        #expect(Fixtures.encodeError(value)?.code == "qr_bad_exp")
        value.expiresAt = 0
        value.channelID = String(repeating: "c", count: 3000)
        #expect(Fixtures.encodeError(value)?.code == "qr_too_long")
    }

    // REQ: QR-ENC-11
    @Test func theProducerRefusesAPayloadLongerThan2331Octets() throws {
        // Without rpc, the payload is 98 octets plus the channel id: a 2,233-octet id fills 2,331.
        let fits = Fixtures.example {
            $0.rpcURL = nil
            $0.channelID = String(repeating: "c", count: 2233)
        }
        let payload = try PairingPayloadEncoder.encode(fits)
        #expect(payload.utf8.count == 2331)
        let tooLong = Fixtures.example {
            $0.rpcURL = nil
            $0.channelID = String(repeating: "c", count: 2234)
        }
        #expect(Fixtures.encodeError(tooLong)?.code == "qr_too_long")
        // Length counts encoded octets: a space stays one octet (+), "é" becomes six (%C3%A9).
        let accented = Fixtures.example {
            $0.rpcURL = nil
            $0.channelID = String(repeating: "\u{E9}", count: 372) + "c"
        }
        #expect(try PairingPayloadEncoder.encode(accented).utf8.count == 98 + 372 * 6 + 1)
        let accentedTooLong = Fixtures.example {
            $0.rpcURL = nil
            $0.channelID = String(repeating: "\u{E9}", count: 372) + "cc"
        }
        #expect(Fixtures.encodeError(accentedTooLong)?.code == "qr_too_long")
    }
}
