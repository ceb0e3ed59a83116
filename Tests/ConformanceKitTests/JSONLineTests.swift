import ConformanceKit
import Foundation
import TunnelVectors
import XCTest

/// The runner's JSON reader and writer: exact on good input, a precise error on bad input, and
/// never a crash on hostile input from an adapter.
final class JSONLineTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONLineParser.parse(Array(text.utf8))
    }

    private func failure(_ text: String) -> String? {
        do {
            _ = try JSONLineParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    func testParsesEveryKindOfValue() throws {
        XCTAssertEqual(try parse(#" {"id":7,"ok":true,"output":{"a":[1,-2,null,false,"x"]}} "#),
                       ["id": 7, "ok": true, "output": ["a": [1, -2, nil, false, "x"]]])
        XCTAssertEqual(try parse("-9223372036854775808"), .int(Int64.min))
        XCTAssertEqual(try parse("9223372036854775807"), .int(Int64.max))
    }

    func testDecodesEscapesIncludingSurrogatePairs() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\n\u0041\u00e9\ud83d\ude00""#), .string("a\"b\\c/d\nAé😀"))
    }

    func testRefusesWhatTheKitNeverUses() {
        XCTAssertEqual(failure("1.5"), "number with a fraction or exponent (only integers are used) at byte 0")
        XCTAssertEqual(failure("1e3"), "number with a fraction or exponent (only integers are used) at byte 0")
        XCTAssertEqual(failure("9223372036854775808"), "integer out of the 64-bit range at byte 0")
        XCTAssertEqual(failure(#"{"a":1,"a":2}"#), "duplicate member name \"a\" at byte 7")
    }

    func testRefusesMalformedText() {
        XCTAssertEqual(failure(""), "unexpected end of text at byte 0")
        XCTAssertEqual(failure("{} x"), "unexpected text after the JSON value at byte 3")
        XCTAssertEqual(failure(#"{"a" 1}"#), "expected ':' at byte 5")
        XCTAssertEqual(failure("[1,]"), "unexpected character ']' at byte 3")
        XCTAssertEqual(failure("01"), "leading zero in a number at byte 0")
        XCTAssertEqual(failure("\"tab\there\""), "unescaped control character in a string at byte 4")
        XCTAssertEqual(failure(#""\ud800""#), "unpaired surrogate escape at byte 7")
        XCTAssertEqual(failure(#""\x""#), #"invalid escape '\x' at byte 3"#)
        XCTAssertEqual(failure("nul"), "not a JSON value (true, false or null expected) at byte 0")
    }

    func testRefusesInvalidUTF8() {
        XCTAssertThrowsError(try JSONLineParser.parse([0x22, 0xC3, 0x28, 0x22]))
    }

    func testDeepNestingIsRefusedNotACrash() {
        let hostile = String(repeating: "[", count: 1_000_000)
        XCTAssertEqual(failure(hostile), "nesting deeper than 256 at byte 256")
    }

    func testWriterRoundTripsWithSortedKeysAndEscapes() throws {
        let value: JSONValue = ["z": "line\nfeed \"quoted\" \u{01} é/", "a": [1, nil, true], "m": [:]]
        let compact = JSONWriter.compactString(value)
        XCTAssertEqual(compact, #"{"a":[1,null,true],"m":{},"z":"line\nfeed \"quoted\" \u0001 é/"}"#)
        XCTAssertEqual(try JSONLineParser.parse(Array(compact.utf8)), value)
        XCTAssertEqual(try JSONLineParser.parse(JSONWriter.pretty(value)), value)
    }

    func testWriterAgreesWithFoundation() throws {
        let value: JSONValue = ["steps": [["frame": "02ab"], .error("replayed")], "n": -5]
        let decoded = try JSONSerialization.jsonObject(with: Data(JSONWriter.compact(value))) as? NSDictionary
        XCTAssertEqual(decoded, ["steps": [["frame": "02ab"], ["error": "replayed"]], "n": -5] as NSDictionary)
    }
}
