import KitModels
import OpenHumanTunnel
import Testing
import TunnelCrypto
import TunnelVerifier
import VectorGeneration

/// The verifier on version 3 session frames 0x16 the library sealed after a pairing and a
/// reconnection (kit chapter 3, VERIFY-17, VERIFY-18): each departure by its requirement id and
/// step, a positive control beside each. The pairing is steps 1 to 6, the frames from step 7.
@Suite struct SessionV3VerifierTests {
    static let pairing = try! RecordedPairingV3(id: "verifier-test/session-v3")
    static let reconnection = try! RecordedReconnectionV3(pairing: pairing, name: "first")
    static let request = Array(
        #"{"requestId":"r-1","kind":"request","seq":0,"payload":{"method":"openhuman.ping"}}"#.utf8
    )

    static func verify(_ records: [TraceRecord], keyLog: String? = nil, continuing: Bool = false) -> Verification {
        TraceVerifier.verify(
            VerifierInput(
                trace: Array(RecordedExchange.trace(records).utf8),
                keyLog: keyLog,
                continuePastDepartures: continuing
            )
        )
    }

    static func departures(_ v: Verification) -> [String] { v.departures.map { "\($0.requirement)@\($0.step)" } }

    /// The pairing, then `messages` from step 7 on.
    static func after(_ messages: [([UInt8], Role)]) -> [TraceRecord] {
        let start = pairing.records.last!.time + 10
        return pairing.records
            + messages.enumerated().map { index, pair in
                RecordedPairingV3.record(pair.0, from: pair.1, time: start + 10 * Int64(index))
            }
    }

    /// The device's side of the session that `entries`' `V3_TRANSPORT` started.
    static func device(_ entries: [KeyLogEntry], start: SessionV3.Start) -> SessionV3 {
        session(of: .device, entries, start: start)
    }

    /// The core's side of it.
    static func core(_ entries: [KeyLogEntry], start: SessionV3.Start) -> SessionV3 {
        session(of: .core, entries, start: start)
    }

    private static func session(of role: Role, _ entries: [KeyLogEntry], start: SessionV3.Start) -> SessionV3 {
        let secret = entries.first { $0.label == .pairingV3Transport }!.secret
        return SessionV3(
            role: role,
            start: start,
            deviceToCore: Array(secret[0..<32]),
            coreToDevice: Array(secret[32..<64]),
            startedAt: 0
        )
    }

    static var reconnected: [([UInt8], Role)] {
        [
            (reconnection.messageOne, .device), (reconnection.messageTwo, .core), (reconnection.confirmation, .device),
        ]
    }

    // REQ: VERIFY-17, V3-WINDOW-2, V3-SESS-1
    @Test func aCounterUsedBeforeInItsSessionIsAReplayButNotInTheSessionAReconnectionStarts() throws {
        var paired = Self.device(Self.pairing.keyLogEntries, start: .pairing)
        let first = try paired.seal([0x00] + Self.request, now: 0)
        let replayed = Self.verify(Self.after([(first, .device), (first, .device)]))
        #expect(Self.departures(replayed) == ["V3-WINDOW-2@8"])
        // Positive control: counter 2 of the device again, in the session the reconnection
        // committed, is new there (its counters restart), with and without the key log.
        var renewed = Self.device(Self.reconnection.keyLogEntries, start: .reconnection)
        let one = try renewed.seal([0x00] + Self.request, now: 0)
        let two = try renewed.seal([0x00] + Self.request, now: 0)
        let trace = Self.after([(first, .device)] + Self.reconnected + [(one, .device), (two, .device)])
        #expect(Self.departures(Self.verify(trace)) == [])
        let opened = Self.verify(trace, keyLog: Self.pairing.keyLog + Self.reconnection.keyLog)
        #expect(Self.departures(opened) == [])
        #expect(TranscriptText.render(opened).contains(#"{"requestId":"r-1""#))
    }

    // REQ: VERIFY-18, V3-FRAME-1, VERIFY-12
    @Test func aFrameThatDoesNotOpenIsV3Frame1AndRecordsNoCounter() throws {
        var paired = Self.device(Self.pairing.keyLogEntries, start: .pairing)
        let genuine = try paired.seal([0x00] + Self.request, now: 0)
        var tampered = genuine
        tampered[20] ^= 0x01
        let keyLog = Self.pairing.keyLog
        #expect(Self.departures(Self.verify(Self.after([(tampered, .device)]), keyLog: keyLog)) == ["V3-FRAME-1@7"])
        // Positive control: the genuine frame after the refused copy opens; its counter was not
        // taken by the copy the receiver refused.
        let both = Self.verify(
            Self.after([(tampered, .device), (genuine, .device)]),
            keyLog: keyLog,
            continuing: true
        )
        #expect(Self.departures(both) == ["V3-FRAME-1@7"])
    }

    // REQ: VERIFY-18, ENV-1, ENV-2
    @Test func aMessageIsReadAsTheEnvelopeItsReceiverRefusesOrAccepts() throws {
        /// The pairing's session, each message sealed by its sender, verified with or without the key log.
        func verified(_ messages: [([UInt8], Role)], keyLog: String? = Self.pairing.keyLog) throws -> Verification {
            var device = Self.device(Self.pairing.keyLogEntries, start: .pairing)
            var core = Self.core(Self.pairing.keyLogEntries, start: .pairing)
            let frames = try messages.map { message, sender in
                (
                    sender == .device
                        ? try device.seal([0x00] + message, now: 0) : try core.seal([0x00] + message, now: 0), sender
                )
            }
            return Self.verify(Self.after(frames), keyLog: keyLog)
        }
        let noMethod = Array(#"{"requestId":"r-2","kind":"request","seq":0,"payload":{}}"#.utf8)
        #expect(Self.departures(try verified([(noMethod, .device)])) == ["ENV-2@7"])
        // A response is the core's to send, never the device's.
        let response = Array(#"{"requestId":"r-1","kind":"response","seq":0,"payload":{"result":{}}}"#.utf8)
        #expect(Self.departures(try verified([(response, .device)])) == ["ENV-1@7"])
        // Positive controls: the request from the device and its response from the core, printed;
        // and without the key log nothing is opened, so no envelope is judged.
        let both = try verified([(Self.request, .device), (response, .core)])
        #expect(Self.departures(both) == [])
        #expect(TranscriptText.render(both).contains(#""kind":"response""#))
        #expect(Self.departures(try verified([(noMethod, .device)], keyLog: nil)) == [])
    }

    // REQ: VERIFY-17, VERIFY-18
    @Test func noMalformedSessionFrameCrashesTheVerifier() throws {
        let keyLog = Self.pairing.keyLog + Self.reconnection.keyLog
        var paired = Self.device(Self.pairing.keyLogEntries, start: .pairing)
        let genuine = try paired.seal([0x00] + Self.request, now: 0)
        var frames: [[UInt8]] = (0..<120).map { [SessionFrameV3.type] + [UInt8](repeating: 0xa5, count: $0) }
        for counter: UInt64 in [0, 1, 2, 65_535, 65_536, 8 * 65_536, 9 * 65_536, .max - 1, .max] {
            var frame = genuine
            frame.replaceSubrange(1..<9, with: (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) })
            frames.append(frame)
        }
        frames.append(genuine + [UInt8](repeating: 0, count: 49_152 - genuine.count))
        for prefix in [[], Self.reconnected] {
            let records = Self.after(prefix + frames.map { ($0, .device) } + frames.map { ($0, .core) })
            for key in [nil, keyLog] {
                let v = Self.verify(records, keyLog: key, continuing: true)
                #expect(v.blocks.count == records.count + 1)
                #expect(!v.departures.isEmpty)
            }
        }
        // Positive control: the genuine frame alone passes.
        #expect(Self.departures(Self.verify(Self.after([(genuine, .device)]), keyLog: keyLog)) == [])
    }
}
