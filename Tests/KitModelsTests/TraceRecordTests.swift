import KitModels
import Testing

/// One line of a trace is read strictly and written in one form (kit chapter 3, TRACE-*).
@Suite struct TraceRecordTests {
    static func decode(_ line: String) throws(TraceError) -> TraceRecord { try TraceRecord.decode(line: utf8(line)) }

    // REQ: TRACE-6
    @Test func aProbeRoundTripsAndEveryOtherFormOfItIsRefused() throws {
        let base = #"{"data":{"channelId":"c","payload":"AA"},"event":"tunnel:frame","from":"device","#
        let probe = TraceProbe(breaks: "REPLAY-3", answer: .refused)
        let line = base + #""probe":{"answer":"refused","breaks":"REPLAY-3","expect":"refused"},"time":5,"to":"core"}"#
        let record = try Self.decode(line)
        #expect(record.probe == probe)
        #expect(record.line == line)
        // Positive controls: no probe, and a probe without answer and with a member of a later version.
        #expect(try Self.decode(base + #""time":5,"to":"core"}"#).probe == nil)
        #expect(
            try Self.decode(
                base + #""probe":{"breaks":"FRAME-SEAL-1","expect":"refused","why":"x"},"time":5,"to":"core"}"#
            )
            .probe == TraceProbe(breaks: "FRAME-SEAL-1")
        )
        let refused: [(String, TraceError)] = [
            (#""probe":"REPLAY-3""#, .badMemberType("probe")),
            (#""probe":{"breaks":"replay","expect":"refused"}"#, .badMemberValue("probe")),
            (#""probe":{"breaks":"REPLAY","expect":"refused"}"#, .badMemberValue("probe")),
            (#""probe":{"breaks":"REPLAY-3","expect":"accepted"}"#, .badMemberValue("probe")),
            (#""probe":{"breaks":"REPLAY-3"}"#, .badMemberValue("probe")),
            (#""probe":{"breaks":"REPLAY-3","expect":"refused","answer":"maybe"}"#, .badMemberValue("probe")),
            (#""probe":{"breaks":3,"expect":"refused"}"#, .badMemberValue("probe")),
        ]
        for (member, error) in refused {
            #expect(throws: error, "\(member)") { try Self.decode(base + member + #","time":5,"to":"core"}"#) }
        }
    }

    // REQ: TRACE-2
    @Test func theHeaderIsReadAndWrittenWithItsMembersSorted() throws {
        #expect(TraceHeader().line == #"{"trace":"openhuman-tunnel","version":1}"#)
        #expect(
            try TraceHeader.decode(line: utf8(#"{"version":1,"trace":"openhuman-tunnel","tool":"x"}"#)) == TraceHeader()
        )
        #expect(throws: TraceError.unsupportedVersion(2)) {
            try TraceHeader.decode(line: utf8(#"{"trace":"openhuman-tunnel","version":2}"#))
        }
        #expect(throws: TraceError.badMemberValue("trace")) {
            try TraceHeader.decode(line: utf8(#"{"trace":"other","version":1}"#))
        }
        #expect(throws: TraceError.missingMember("version")) {
            try TraceHeader.decode(line: utf8(#"{"trace":"openhuman-tunnel"}"#))
        }
        #expect(throws: TraceError.badMemberType("version")) {
            try TraceHeader.decode(line: utf8(#"{"trace":"openhuman-tunnel","version":"1"}"#))
        }
    }

    // REQ: TRACE-3, TRACE-4, TRACE-6
    @Test func aFrameRecordRoundTripsThroughItsOneSortedLine() throws {
        let record = TraceRecord.frame(
            time: 1_700_000_000_123,
            from: .device,
            to: .relay,
            channelId: "ch-1",
            payload: "AwAB"
        )
        let line = record.line
        #expect(
            line
                == #"{"data":{"channelId":"ch-1","payload":"AwAB"},"event":"tunnel:frame","from":"device","time":1700000000123,"to":"relay"}"#
        )
        #expect(try Self.decode(line) == record)
        #expect(try Self.decode(line).frame?.payload == "AwAB")
        // The same record written with its members in another order and white space reads the same.
        let spaced =
            #"{ "to":"relay", "time":1700000000123, "from":"device", "event":"tunnel:frame", "data":{"payload":"AwAB","channelId":"ch-1"} }"#
        #expect(try Self.decode(spaced).line == line)
    }

    // REQ: TRACE-5
    @Test func aPairingPayloadRecordRoundTrips() throws {
        let record = TraceRecord(time: 0, body: .pairingPayload("openhuman://pair?cid=a\u{1}"))
        #expect(record.line == #"{"pairingPayload":"openhuman://pair?cid=a\u0001","time":0}"#)
        #expect(try Self.decode(record.line) == record)
        #expect(record.frame == nil)
    }

    // REQ: TRACE-3
    @Test func timeIsAnIntegerFromZeroTo2Pow53Minus1() throws {
        let tail = #","pairingPayload":"p"}"#
        #expect(try Self.decode(#"{"time":9007199254740991"# + tail).time == TraceRecord.maximumTime)
        #expect(try Self.decode(#"{"time":0"# + tail).time == 0)
        #expect(throws: TraceError.badMemberValue("time")) { try Self.decode(#"{"time":9007199254740992"# + tail) }
        #expect(throws: TraceError.badMemberValue("time")) { try Self.decode(#"{"time":-1"# + tail) }
        #expect(throws: TraceError.badMemberValue("time")) { try Self.decode(#"{"time":1.5"# + tail) }
        #expect(throws: TraceError.badMemberType("time")) { try Self.decode(#"{"time":"1""# + tail) }
        #expect(throws: TraceError.missingMember("time")) { try Self.decode(#"{"pairingPayload":"p"}"#) }
    }

    // REQ: TRACE-3, TRACE-4
    @Test func everyMalformedRecordIsATypedErrorNamingTheMember() throws {
        let cases: [(String, TraceError)] = [
            ("", .badJSON),
            ("[1]", .badJSON),
            (#"{"time":1"#, .badJSON),
            (#"{"time":1} x"#, .badJSON),
            (#"{"time":1,"time":2,"pairingPayload":"p"}"#, .duplicateMember("time")),
            (#"{"time":1}"#, .missingMember("event")),
            (
                #"{"time":1,"event":"tunnel:frame","pairingPayload":"p","from":"core","to":"relay","data":{}}"#,
                .ambiguousRecord
            ),
            (#"{"time":1,"pairingPayload":7}"#, .badMemberType("pairingPayload")),
            (#"{"time":1,"event":5,"from":"core","to":"relay","data":{}}"#, .badMemberType("event")),
            (#"{"time":1,"event":"","from":"core","to":"relay","data":{}}"#, .badMemberValue("event")),
            (#"{"time":1,"event":"e","to":"relay","data":{}}"#, .missingMember("from")),
            (#"{"time":1,"event":"e","from":"phone","to":"relay","data":{}}"#, .badMemberValue("from")),
            (#"{"time":1,"event":"e","from":"core","to":1,"data":{}}"#, .badMemberType("to")),
            (#"{"time":1,"event":"e","from":"core","to":"core","data":{}}"#, .badMemberValue("to")),
            (#"{"time":1,"event":"e","from":"core","to":"relay"}"#, .missingMember("data")),
        ]
        for (line, error) in cases {
            #expect(throws: error, "\(line)") { try Self.decode(line) }
        }
        // Positive control: the same shape with every member right, plus an unknown one, reads.
        #expect(try Self.decode(#"{"time":1,"event":"e","from":"core","to":"relay","data":{},"note":"x"}"#).time == 1)
    }

    @Test func invalidUTF8IsBadJSONNotACrash() {
        #expect(throws: TraceError.badJSON) { try TraceRecord.decode(line: [0x7b, 0xff, 0x7d]) }
    }
}
