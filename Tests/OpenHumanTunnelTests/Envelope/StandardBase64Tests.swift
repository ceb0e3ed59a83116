import Foundation
import OpenHumanTunnel
import Testing

/// The chunk data encoding (CHUNK-3): the same text as Foundation's encoder for every length
/// class, and exactly one accepted text per byte string.
@Suite struct StandardBase64Tests {
    // REQ: CHUNK-3
    @Test func encodingMatchesFoundationAndDecodesBack() throws {
        for length in 0...200 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ length) }
            var text: [UInt8] = []
            StandardBase64.encode(bytes[...], into: &text)
            #expect(String(decoding: text, as: UTF8.self) == Data(bytes).base64EncodedString(), "length \(length)")
            #expect(try StandardBase64.decode(text) == bytes, "length \(length)")
        }
    }

    // REQ: CHUNK-3
    @Test func everyNonCanonicalTextIsRefused() {
        for text in [
            "AA", "AAA", "AA=A", "A===", "=AAA", "AA==AAAA", "+/9=", "AB==", "-_8=", "AA A", "AAA\n", "AAAAA===",
        ] {
            #expect(throws: EnvelopeError.badBase64, "\(text)") { try StandardBase64.decode(Array(text.utf8)) }
        }
        // Positive controls: the canonical neighbours decode.
        for text in ["AA==", "AAA=", "+/8=", "AQ==", "AAAA"] {
            #expect(throws: Never.self, "\(text)") { try StandardBase64.decode(Array(text.utf8)) }
        }
    }
}
