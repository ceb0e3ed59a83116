import Foundation
import Testing
import VectorFormat

/// The kit's one JSON reader and writer: exact on good input, a precise error on bad input, never
/// a crash on hostile input from an adapter, and the tolerant top-level reading that the
/// adapter's request ids and the composed handshake path use.
@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONReader.value(Array(text.utf8))
    }

    private func failure(_ text: String) -> JSONReader.Failure? {
        valueFailure(Array(text.utf8))
    }

    private func members(
        _ text: String,
        leniency: JSONReader.Leniency = .strict
    ) throws(JSONReader.Failure) -> [(name: String, value: JSONValue?)]? {
        try JSONReader.topLevelMembers(Array(text.utf8), maximumDepth: 64, leniency: leniency)
    }

    @Test func parsesEveryKindOfValue() throws {
        #expect(
            try parse(#" {"id":7,"ok":true,"output":{"a":[1,-2,null,false,"x"]}} "#)
                == ["id": 7, "ok": true, "output": ["a": [1, -2, nil, false, "x"]]]
        )
        #expect(try parse("-9223372036854775808") == .int(Int64.min))
        #expect(try parse("9223372036854775807") == .int(Int64.max))
    }

    @Test func decodesEscapesIncludingSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\n\u0041\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\nAé😀"))
    }

    // REQ: ADP-11
    @Test func refusesWhatTheKitNeverUsesAsJSONNotAsSyntax() throws {
        #expect(failure("1.5")?.description == "number with a fraction or exponent (only integers are used) at byte 0")
        #expect(failure("1e3")?.description == "number with a fraction or exponent (only integers are used) at byte 0")
        #expect(failure("9223372036854775808")?.description == "integer out of the 64-bit range at byte 0")
        #expect(failure(#"{"a":1,"a":2}"#)?.description == "duplicate member name \"a\" at byte 7")
        #expect(failure(#"{"a":1,"a":2}"#)?.isSyntaxError == false)
        #expect(failure("1.5")?.isSyntaxError == false)
        // Positive control: the same shapes with integers and distinct names are read.
        #expect(try parse(#"{"a":1,"b":2}"#) == ["a": 1, "b": 2])
    }

    @Test func refusesMalformedText() {
        #expect(failure("")?.description == "unexpected end of text at byte 0")
        #expect(failure("{} x")?.description == "unexpected text after the JSON value at byte 3")
        #expect(failure(#"{"a" 1}"#)?.description == "expected ':' at byte 5")
        #expect(failure("[1,]")?.description == "unexpected character ']' at byte 3")
        #expect(failure("01")?.description == "leading zero in a number at byte 0")
        #expect(failure("\"tab\there\"")?.description == "unescaped control character in a string at byte 4")
        #expect(failure(#""\ud800""#)?.description == "unpaired surrogate escape at byte 7")
        #expect(failure(#""\x""#)?.description == #"invalid escape '\x' at byte 3"#)
        #expect(failure("nul")?.description == "not a JSON value (true, false or null expected) at byte 0")
        #expect(failure("1.")?.isSyntaxError == true)
    }

    private func valueFailure(_ bytes: [UInt8]) -> JSONReader.Failure? {
        do {
            _ = try JSONReader.value(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func memberFailure(_ bytes: [UInt8]) -> JSONReader.Failure? {
        do {
            _ = try JSONReader.topLevelMembers(bytes, maximumDepth: 64)
            return nil
        } catch {
            return error
        }
    }

    @Test func refusesInvalidUTF8() {
        #expect(failure("\"\u{E9}\"") == nil, "positive control: valid UTF-8")
        let invalid: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(valueFailure(invalid)?.description == "string is not valid UTF-8 at byte 1")
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(failure(hostile)?.description == "nesting deeper than 255 at byte 256")
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(failure(deepest) == nil)
    }

    @Test func topLevelMembersKeepOrderRepeatsAndValuesTheModelCannotHold() throws {
        let list = try #require(try members(#"{"id":3,"x":1.5,"id":4,"o":{"a":1,"a":2},"s":"t"}"#))
        #expect(list.map(\.name) == ["id", "x", "id", "o", "s"])
        #expect(list.map(\.value) == [.int(3), nil, .int(4), nil, .string("t")])
        #expect(try members("[1]") == nil)
    }

    @Test func topLevelMembersRecordTheFirstRepeatSeenBeforeASyntaxError() throws {
        let error = try #require(throws: JSONReader.Failure.self) { try members(#"{"a":1,"a":2,"b":}"#) }
        #expect(error.duplicateSeen == "a")
        #expect(error.isSyntaxError)
        // Positive control: without the syntax error the repeat is read, not refused.
        #expect(try members(#"{"a":1,"a":2,"b":3}"#)?.count == 3)
    }

    // REQ: ADP-32
    @Test func aLoneSurrogateIsJSONThatValueCannotHoldNotASyntaxError() throws {
        let error = try #require(failure(#"{"id":7,"s":"\ud800"}"#))
        #expect(error.isSyntaxError == false)
        // The id is still readable, leniently, as the adapter reads it for its answer.
        var lenient = JSONReader.Leniency.strict
        lenient.loneSurrogates = true
        #expect(try members(#"{"id":7,"s":"\ud800"}"#, leniency: lenient)?.first?.value == .int(7))
        // Positive control: a broken escape is a syntax error.
        #expect(failure(#"{"s":"\uZZZZ"}"#)?.isSyntaxError == true)
    }

    @Test func leniencyModelsTheDeparturesOfRealParsers() throws {
        #expect(memberFailure(Array(#"{"k":"\ud800"}"#.utf8))?.description == "unpaired surrogate escape at byte 12")
        var lenient = JSONReader.Leniency.strict
        lenient.loneSurrogates = true
        #expect(try members(#"{"k":"\ud800"}"#, leniency: lenient)?.first?.value == .string("\u{FFFD}"))
        lenient = .strict
        lenient.rawMemberNames = true
        #expect(try members(#"{"\u006b":1}"#, leniency: lenient)?.first?.name == #"\u006b"#)
        #expect(try members(#"{"\u006b":1}"#)?.first?.name == "k")
        lenient = .strict
        lenient.invalidUTF8 = true
        let invalid: [UInt8] = Array(#"{"k":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(
            try JSONReader.topLevelMembers(invalid, maximumDepth: 64, leniency: lenient)?.first?.value
                == .string("\u{FFFD}(")
        )
        #expect(memberFailure(invalid)?.description == "string is not valid UTF-8 at byte 6")
    }

    @Test func writerRoundTripsWithSortedKeysAndEscapes() throws {
        let value: JSONValue = ["z": "line\nfeed \"quoted\" \u{01} é/", "a": [1, nil, true], "m": [:]]
        let compact = JSONWriter.compactString(value)
        #expect(compact == #"{"a":[1,null,true],"m":{},"z":"line\nfeed \"quoted\" \u0001 é/"}"#)
        #expect(try JSONReader.value(Array(compact.utf8)) == value)
        #expect(try JSONReader.value(JSONWriter.pretty(value)) == value)
    }

    @Test func writerPutsLeadingMembersFirstThenSortsTheRest() {
        let response: JSONValue = ["output": ["b": 1, "a": 2], "ok": true, "id": 9, "error": nil]
        #expect(
            String(decoding: JSONWriter.compact(response, leading: ["id", "ok"]), as: UTF8.self)
                == #"{"id":9,"ok":true,"error":null,"output":{"a":2,"b":1}}"#
        )
    }

    @Test func writerAgreesWithFoundation() throws {
        let value: JSONValue = ["steps": [["frame": "02ab"], .error("replayed")], "n": -5]
        let decoded = try JSONSerialization.jsonObject(with: Data(JSONWriter.compact(value))) as? NSDictionary
        #expect(decoded == ["steps": [["frame": "02ab"], ["error": "replayed"]], "n": -5] as NSDictionary)
    }
}
