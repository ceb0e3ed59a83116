import KitModels
import OpenHumanTunnel
import Testing
import TunnelVerifier
import VectorGeneration

/// How the verifier reads bytes it did not write (TRACE-1, KEYLOG-3, VERIFY-9): a line that is
/// too long or not UTF-8 is one departure at its step and the rest is still read; a key log in
/// CR LF still opens the exchange; a long trace reports progress.
@Suite struct TraceReadingBoundsTests {
    private static func verify(_ trace: [UInt8], keyLog: String? = nil) -> Verification {
        TraceVerifier.verify(VerifierInput(trace: trace, keyLog: keyLog, continuePastDepartures: true))
    }

    private static func lines(_ records: [TraceRecord]) -> [[UInt8]] {
        RecordedExchange.trace(records).utf8.split(separator: UInt8(ascii: "\n")).map(Array.init)
    }

    private static func joined(_ lines: [[UInt8]]) -> [UInt8] {
        Array(lines.map { $0 + [UInt8(ascii: "\n")] }.joined())
    }

    // REQ: TRACE-1, VERIFY-2
    @Test func aLineOverTheBoundIsTRACE1AtItsStepAndTheNextLinesAreStillRead() throws {
        let exchange = try RecordedExchange(id: "verifier-test/bounds")
        var lines = Self.lines(exchange.records)
        // A record padded with an unknown member to one byte over the bound, and one exactly at it.
        func padded(_ line: [UInt8], to length: Int) -> [UInt8] {
            let head = Array(#"{"pad":""#.utf8), tail = Array(#"","#.utf8) + line.dropFirst()
            return head + [UInt8](repeating: UInt8(ascii: "x"), count: length - head.count - tail.count) + tail
        }
        let original = lines[1]
        let atBound = padded(original, to: 1_048_576)
        #expect(atBound.count == 1_048_576)
        lines[1] = atBound
        // Positive control: a line of exactly the bound is read like any other.
        #expect(Self.verify(Self.joined(lines), keyLog: exchange.keyLog).departures == [])
        lines[1] = padded(original, to: 1_048_577)
        let v = Self.verify(Self.joined(lines), keyLog: exchange.keyLog)
        #expect(v.departures.first?.requirement == "TRACE-1")
        #expect(v.departures.first?.step == 1)
        #expect(v.departures.first?.detail.contains("trace_line_too_long (1048577 bytes") == true)
        // Every later step is still read, and opens: the key log names the core key.
        #expect(v.departures.count == 1)
        #expect(v.blocks.map(\.step) == [0, 1, 2, 3, 4, 5])
    }

    // REQ: TRACE-1, VERIFY-9
    @Test func aRecordLineThatIsNotUTF8IsTRACE1AtItsStepNotAnUnreadableFile() throws {
        let exchange = try RecordedExchange(id: "verifier-test/bounds")
        var lines = Self.lines(exchange.records)
        let clean = Self.verify(Self.joined(lines))
        #expect(clean.departures == [])
        // 0xFF inside the pairing payload string of step 1.
        let quote = try #require(lines[1].lastIndex(of: UInt8(ascii: "\"")))
        lines[1].insert(0xFF, at: quote)
        let v = Self.verify(Self.joined(lines))
        #expect(v.departures.map { "\($0.requirement)@\($0.step)" } == ["TRACE-1@1"])
        #expect(v.blocks.count == clean.blocks.count)
    }

    // REQ: KEYLOG-3
    @Test func aKeyLogWithCRLFLineEndsOpensTheExchangeAsTheLFOneDoes() throws {
        let exchange = try RecordedExchange(id: "verifier-test/bounds")
        let lf = Self.verify(Array(exchange.trace.utf8), keyLog: exchange.keyLog)
        let crlfLog = exchange.keyLogEntries.map { String($0.line.dropLast()) + "\r\n" }.joined()
        let crlf = Self.verify(Array(exchange.trace.utf8), keyLog: crlfLog)
        #expect(lf.departures == [] && crlf.departures == [])
        #expect(crlf.pairingCodes == lf.pairingCodes && lf.pairingCodes.count == 1)
        #expect(KeyLogParser.read(crlfLog).errors == [])
        #expect(KeyLogParser.read(crlfLog).log == KeyLogParser.read(exchange.keyLog).log)
        // A CR anywhere else is still a malformed line.
        let stray = KeyLogParser.read("K_HS\r " + String(exchange.keyLog.dropFirst("K_HS ".count)))
        #expect(stray.errors.first == .malformedLine(line: 1))
    }

    // REQ: VERIFY-8
    @Test func aLongTraceReportsProgressEveryIntervalOfRecords() throws {
        let exchange = try RecordedExchange(id: "verifier-test/bounds")
        let header = Self.lines(exchange.records)[0]
        let record = Array(
            #"{"data":{"role":"core"},"event":"tunnel:register","from":"core","time":1,"to":"relay"}"#.utf8
        )
        let count = TraceVerifier.progressInterval + 1
        let trace = Self.joined([header] + Array(repeating: record, count: count))
        var calls: [[Int]] = []
        let v = TraceVerifier.verify(VerifierInput(trace: trace)) { read, total in calls.append([read, total]) }
        #expect(v.departures == [])
        #expect(calls == [[TraceVerifier.progressInterval, count]])
        // Positive control: a short trace is never interrupted.
        var none = 0
        _ = TraceVerifier.verify(VerifierInput(trace: Array(exchange.trace.utf8))) { _, _ in none += 1 }
        #expect(none == 0)
    }
}
