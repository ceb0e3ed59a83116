import OpenHumanTunnel
import Testing

/// The `rpc` parameter: an absolute http(s) URL with a host.
@Suite("Consuming: the rpc URL")
struct RPCTests {
    /// Parses a payload whose rpc is `url`, form-encoded the canonical way.
    private func parseRPC(_ url: String) -> Result<String?, PairingPayloadError> {
        let value = Fixtures.example { $0.rpcURL = nil }
        let base = (try? PairingPayloadEncoder.encode(value))!
        let payload = base.replacing("&exp=", with: "&rpc=\(formEncode(url))&exp=")
        do throws(PairingPayloadError) {
            return .success(try PairingPayloadParser.parse(payload, now: Fixtures.now).rpcURL)
        } catch {
            return .failure(error)
        }
    }

    /// URLSearchParams-style encoding, written out here so the test does not use the encoder.
    private func formEncode(_ text: String) -> String {
        text.utf8.map { b -> String in
            switch b {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2A, 0x2D, 0x2E, 0x5F: String(UnicodeScalar(b))
            case 0x20: "+"
            default: "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }.joined()
    }

    // REQ: QR-GRAM-4, QR-PARSE-22
    @Test func absoluteHTTPAndHTTPSURLsWithAHostAreAcceptedAndReturnedAsWritten() {
        let accepted = [
            "http://192.168.1.5:7788/rpc", "https://192.168.1.5:7788/rpc", "HTTP://192.168.1.5/rpc",
            "hTtPs://Core.Local/RPC",
            "http://localhost:7788", "http://localhost", "http://desktop-1.lan/", "http://xn--bcher-kva.example/rpc",
            "http://[fe80::1]:7788/rpc", "http://[::1]/", "http://[::]", "http://[::ffff:192.168.1.5]/rpc",
            "http://[2001:db8:0:0:0:0:2:1]/", "http://[2001:DB8::2:1]/", "http://[1:2:3:4:5:6:7::]/",
            "http://[::2:3:4:5:6:7:8]/",
            "http://[1:2:3:4:5:6:1.2.3.4]/", "http://0.0.0.0:1/", "http://255.255.255.255:65535/",
            "http://192.168.1.5/rpc?token=a%20b&x=1", "http://192.168.1.5/a/b;c=d/@:!$'()*+,=~", "http://host/%7Euser/",
            "http://a123/", "http://123a/", "http://0xg/", "http://1.2.3.a/",
        ]
        for url in accepted {
            #expect(parseRPC(url) == .success(url), "\(url)")
        }
    }

    // REQ: QR-GRAM-4, QR-PARSE-22
    @Test func otherSchemesAndRelativeReferencesAreRefused() {
        for url in [
            "ftp://192.168.1.5/rpc", "ws://192.168.1.5/rpc", "wss://h/", "file:///etc/passwd", "javascript:alert(1)",
            "data:text/plain,x", "httpx://h/", "http:", "http:/h/rpc", "http:h", "//192.168.1.5/rpc", "/rpc",
            "192.168.1.5:7788/rpc", "rpc", "openhuman://pair",
        ] {
            #expect(parseRPC(url).errorCode == "qr_bad_rpc", "\(url)")
        }
    }

    // REQ: QR-GRAM-4, QR-PARSE-22
    @Test func anEmptyHostUserInformationOrABadPortIsRefused() {
        for url in [
            "http://", "http:///rpc", "http://:7788/rpc", "http://?x", "http://user@192.168.1.5/rpc",
            "http://user:pass@192.168.1.5/rpc", "http://192.168.1.5@evil.example/", "http://@h/",
            "http://h:0/", "http://h:65536/", "http://h:/", "http://h:123456/", "http://h:abc/", "http://h:-1/",
            "http://h:80:81/", "http://[::1]:/", "http://[::1]x/", "http://[::1]:0/",
        ] {
            #expect(parseRPC(url).errorCode == "qr_bad_rpc", "\(url)")
        }
    }

    // REQ: QR-GRAM-4, QR-PARSE-22
    @Test func hostsThatURLParsersReadDifferentlyAreRefused() {
        // WHATWG reads each of the first five as an IPv4 address; RFC 3986 as a name.
        for url in [
            "http://127.1/", "http://0x7f.0.0.1/", "http://0177.0.0.1/", "http://2130706433/", "http://a.0x7f/",
            "http://192.168.1.256/", "http://1.2.3.4.5/", "http://1.2.3/", "http://01.2.3.4/",
            "http://example.com./", "http://.example/", "http://a..b/", "http://-a/", "http://a-/",
            "http://a_b/", "http://" + String(repeating: "a", count: 64) + "/",
            "http://" + Array(repeating: "abcdefg", count: 32).joined(separator: ".") + "/",
            "http://[fe80::1%25en0]/", "http://[fe80::1%en0]/", "http://[v1.x]/", "http://[1:2:3:4:5:6:7:8:9]/",
            "http://[1:2:3:4:5:6:7]/", "http://[1:2:3:4:5:6:7::8]/", "http://[1::2:3:4:5:6:7:8]/", "http://[1::2::3]/",
            "http://[:::]/", "http://[1:::2]/", "http://[12345::]/",
            "http://[::1.2.3.4.5]/", "http://[1.2.3.4::]/", "http://[::1/", "http://::1/", "http://[]/",
            "http://[1:2:3:4:5:6:7:1.2.3.4]/", "http://[g::1]/",
        ] {
            #expect(parseRPC(url).errorCode == "qr_bad_rpc", "\(url)")
        }
    }

    // REQ: QR-GRAM-4, QR-PARSE-22
    @Test func aFragmentOrACharacterOutsideRFC3986IsRefused() {
        for url in [
            "http://h/rpc#x", "http://h/#", "http://h/a b", "http://h/a\u{E9}", "http://h\u{E9}/", "http://h/a\"b",
            "http://h/a<b", "http://h/a\\b", "http://h/a^b", "http://h/a`b", "http://h/a{b", "http://h/a|b",
            "http://h/a}b",
            "http://h/a[b", "http://h/a]b", "http://h/?a[0]=1", "http://h/%zz", "http://h/%4", "http://h/?%",
            "http://h/\u{0}",
            "http://h/\n", " http://h/", "http://h/ ",
        ] {
            #expect(parseRPC(url).errorCode == "qr_bad_rpc", "\(url.debugDescription)")
        }
    }
}

private extension Result where Failure == PairingPayloadError {
    var errorCode: String? {
        if case let .failure(error) = self { return error.code }
        return nil
    }
}
