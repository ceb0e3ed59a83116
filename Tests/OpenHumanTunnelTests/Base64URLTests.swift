import OpenHumanTunnel
import Testing

/// Strict canonical unpadded base64url (spec 1.2): one accepted text per byte string.
@Suite struct Base64URLTests {
    /// The device key of chapter 10 and its text.
    static let key = hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
    static let keyText = "3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK08"

    // REQ: ENC-2
    @Test func rfc4648Section10VectorsInTheUrlAlphabetWithoutPadding() throws {
        let cases: [(String, String)] = [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
        ]
        for (plain, text) in cases {
            #expect(Base64URL.encode(utf8(plain)) == text)
            #expect(try Base64URL.decode(text) == utf8(plain))
        }
        // The two characters where the URL alphabet differs from the standard one.
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(try Base64URL.decode("-_8") == [0xfb, 0xff])
    }

    /// Every byte string of length 0 to 3 over a set of edge bytes round-trips, and the encoder
    /// never emits anything outside the alphabet.
    // REQ: ENC-1, ENC-2
    @Test func everyShortByteStringRoundTripsThroughItsCanonicalText() throws {
        let edge: [UInt8] = [0x00, 0x01, 0x3e, 0x3f, 0x7f, 0x80, 0xf0, 0xfb, 0xfe, 0xff]
        var inputs: [[UInt8]] = [[]]
        var layer: [[UInt8]] = [[]]
        for _ in 0..<3 {
            layer = layer.flatMap { prefix in edge.map { prefix + [$0] } }
            inputs += layer
        }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        for bytes in inputs {
            let text = Base64URL.encode(bytes)
            #expect(text.utf8.allSatisfy(alphabet.contains))
            #expect(text.utf8.count == (bytes.count * 4 + 2) / 3)
            #expect(try Base64URL.decode(text) == bytes)
        }
        #expect(inputs.count == 1 + 10 + 100 + 1_000)
    }

    // REQ: ENC-1, ENC-3
    @Test func theKeyOfChapter10DecodesAsAKey() throws {
        #expect(Base64URL.encode(Self.key) == Self.keyText)
        #expect(try Base64URL.decodeKey(Self.keyText) == Self.key)
    }

    /// The table of spec 1.2, row by row.
    // REQ: ENC-1, ENC-3
    @Test(arguments: [
        ("3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK08=", TunnelError.badBase64URL),
        ("3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08", .badBase64URL),
        ("3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK09", .badBase64URL),
        ("3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK08\n", .badBase64URL),
        ("3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK0", .badBase64URL),
        ("3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK", .badBase64URL),
        ("3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-I", .badKeyLength),
        ("3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK08A", .badKeyLength),
        ("", .badKeyLength),
    ])
    func specChapter1KeyTextExamples(text: String, error: TunnelError) {
        #expect(throws: error) { try Base64URL.decodeKey(text) }
    }

    /// One character of every kind the alphabet excludes, put in place of the first character of
    /// a valid key text (which stays valid: the positive control).
    // REQ: ENC-1
    @Test(arguments: ["=", "+", "/", " ", "\t", "\n", "\r", ".", "~", "%", "\u{0}", "é", "\u{ff21}", "\u{7f}"])
    func aCharacterOutsideTheAlphabetIsRefused(character: String) throws {
        #expect(try Base64URL.decodeKey("A" + Self.keyText.dropFirst()).count == 32)
        #expect(throws: TunnelError.badBase64URL) { try Base64URL.decode(character + Self.keyText.dropFirst()) }
        #expect(throws: TunnelError.badBase64URL) { try Base64URL.decode(Self.keyText + character) }
    }

    /// Every 2- and 3-character final group: accepted exactly when its unused low bits are zero
    /// (4 bits for length % 4 == 2, 2 bits for length % 4 == 3).
    // REQ: ENC-1, ENC-2
    @Test func trailingBitsMustBeZero() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for (value, last) in alphabet.enumerated() {
            let two = "AA" + "Q" + String(last)  // length 4: always valid, control
            #expect(try Base64URL.decode(two).count == 3)
            let pair = "AAAA" + "Q" + String(last)  // length 6 % 4 == 2
            if value % 16 == 0 {
                #expect(try Base64URL.decode(pair).count == 4)
                #expect(Base64URL.encode(try Base64URL.decode(pair)) == pair)
            } else {
                #expect(throws: TunnelError.badBase64URL, "\(pair)") { try Base64URL.decode(pair) }
            }
            let triple = "AAAA" + "QQ" + String(last)  // length 7 % 4 == 3
            if value % 4 == 0 {
                #expect(try Base64URL.decode(triple).count == 5)
                #expect(Base64URL.encode(try Base64URL.decode(triple)) == triple)
            } else {
                #expect(throws: TunnelError.badBase64URL, "\(triple)") { try Base64URL.decode(triple) }
            }
        }
    }

    // REQ: ENC-1
    @Test(arguments: [1, 5, 9, 41, 45])
    func aLengthOfOneModuloFourIsRefused(length: Int) throws {
        #expect(try Base64URL.decode(String(repeating: "A", count: length - 1)).count == (length - 1) * 3 / 4)
        #expect(throws: TunnelError.badBase64URL) { try Base64URL.decode(String(repeating: "A", count: length)) }
    }

    /// A text that is both invalid and of the wrong length is `bad_base64url` (decoding first).
    // REQ: ENC-3
    @Test func decodingIsCheckedBeforeKeyLength() {
        #expect(throws: TunnelError.badBase64URL) { try Base64URL.decodeKey("AAA=") }
        #expect(throws: TunnelError.badKeyLength) { try Base64URL.decodeKey("AAAA") }
        #expect(throws: TunnelError.badKeyLength) { try Base64URL.decodeKey(Base64URL.encode(repeated(7, 31))) }
        #expect(throws: TunnelError.badKeyLength) { try Base64URL.decodeKey(Base64URL.encode(repeated(7, 33))) }
        #expect(Base64URL.encode(repeated(7, 31)).count == 42)
        #expect(Base64URL.encode(repeated(7, 33)).count == 44)
    }
}
