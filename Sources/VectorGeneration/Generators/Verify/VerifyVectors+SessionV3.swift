import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The verifier's version 3 session vectors (VERIFY-17, VERIFY-18): the pairing of
/// `RecordedPairingV3` (steps 1 to 6) followed by session frames 0x16 both ways (from step 7),
/// clean with and without the key log, and each departure beside the trace that does not show it.
extension VerifyVectors {
    static func sessionV3Cases(_ pairing: RecordedPairingV3) throws -> [Case] {
        let reconnection = try RecordedReconnectionV3(pairing: pairing, name: "first")
        var session = try SessionV3Frames(transport(pairing.keyLogEntries), start: .pairing)
        let exchange = [
            (try session.frame(deviceRequest, from: .device), Role.device),
            (try session.frame(coreResponse, from: .core), .core),
            (try session.frame(secondRequest, from: .device), .device),
        ]
        return try sessionCleanCases(pairing, exchange, reconnection: reconnection, session: session)
            + sessionCounterCases(pairing, exchange)
            + sessionKeyLogCases(pairing, exchange, session: session)
    }

    static let deviceRequest = Array(
        #"{"requestId":"r-1","kind":"request","seq":0,"payload":{"method":"core.ping","params":null}}"#.utf8
    )
    static let coreResponse = Array(
        #"{"requestId":"r-1","kind":"response","seq":0,"payload":{"ok":true,"result":"pong"}}"#.utf8
    )
    static let secondRequest = Array(
        #"{"requestId":"r-2","kind":"request","seq":0,"payload":{"method":"core.ping","params":null}}"#.utf8
    )

    /// The `V3_TRANSPORT` secret of `entries`: device-to-core then core-to-device.
    static func transport(_ entries: [KeyLogEntry]) throws -> [UInt8] {
        guard let entry = entries.first(where: { $0.label == .pairingV3Transport }) else {
            throw GenerationError("no V3_TRANSPORT line")
        }
        return entry.secret
    }

    /// The pairing, then `messages` from step 7 on, 10 ms apart.
    static func afterPairing(_ pairing: RecordedPairingV3, _ messages: [([UInt8], Role)]) -> [TraceRecord] {
        let start = pairing.records.last!.time + 10
        return pairing.records
            + messages.enumerated().map { index, pair in
                RecordedPairingV3.record(pair.0, from: pair.1, time: start + 10 * Int64(index))
            }
    }

    private static func sessionCleanCases(
        _ pairing: RecordedPairingV3,
        _ exchange: [([UInt8], Role)],
        reconnection: RecordedReconnectionV3,
        session: SessionV3Frames
    ) throws -> [Case] {
        let keyLog = pairing.keyLog
        let reconnected =
            exchange.prefix(2) + [
                (reconnection.messageOne, .device), (reconnection.messageTwo, .core),
                (reconnection.confirmation, .device),
            ]
        var next = try SessionV3Frames(transport(reconnection.keyLogEntries), start: .reconnection)
        let afterReconnection =
            Array(reconnected) + [
                (try next.frame(secondRequest, from: .device), .device),
                (try next.frame(coreResponse, from: .core), .core),
            ]
        var large = try SessionV3Frames(transport(pairing.keyLogEntries), start: .pairing)
        let big = Array(
            (#"{"requestId":"r-3","kind":"request","seq":0,"payload":{"method":"core.echo","params":""#
                + String(repeating: "a", count: 50_000) + #""}}"#).utf8
        )
        let fragments = try large.frames(big, from: .device)
        return [
            Case(
                "v3-session-clean-with-key-log",
                requires: ["VERIFY-17", "VERIFY-18", "KEYLOG-13", "V3-SESS-1", "V3-FRAME-1"],
                flags: ["Clean"],
                comment:
                    "A version 3 pairing, then 0x16 frames both ways (the device's from counter 2, the core's from "
                    + "1): each opens under its direction's V3_TRANSPORT key and delivers its message.",
                input: trace(afterPairing(pairing, exchange), keyLog: keyLog),
                expect: departures([])
            ),
            Case(
                "v3-session-clean-without-key-log",
                requires: ["VERIFY-17", "V3-PAD-1"],
                flags: ["Clean"],
                comment: "The same pairing and frames without secrets pass every check that needs none.",
                input: trace(afterPairing(pairing, exchange)),
                expect: departures([])
            ),
            Case(
                "v3-session-without-pairing",
                requires: ["VERIFY-17"],
                flags: ["Clean"],
                comment:
                    "A capture that starts after the pairing: 0x16 frames of a channel paired before the trace, "
                    + "noted and not a departure.",
                input: trace(
                    exchange.enumerated().map { index, pair in
                        RecordedPairingV3.record(pair.0, from: pair.1, time: RecordedPairingV3.startTime + Int64(index))
                    },
                    keyLog: keyLog
                ),
                expect: departures([])
            ),
            Case(
                "v3-session-fragments",
                requires: ["VERIFY-18", "V3-FRAG-1", "V3-FRAG-2"],
                flags: ["Clean"],
                comment:
                    "A message of 50,089 bytes sent as two fragments in order (counters 2 and 3): delivered whole by the second.",
                input: trace(afterPairing(pairing, fragments.map { ($0, .device) }), keyLog: keyLog),
                expect: departures([])
            ),
            Case(
                "v3-session-fragments-out-of-order",
                requires: ["VERIFY-18", "V3-FRAG-2"],
                flags: ["KeyLog"],
                comment:
                    "The same two fragments, the second first: its offset is not 0 and its id has no partial message "
                    + "(fragment_out_of_order).",
                input: trace(afterPairing(pairing, fragments.reversed().map { ($0, .device) }), keyLog: keyLog),
                expect: departures([("V3-FRAG-2", 7)])
            ),
            Case(
                "v3-session-after-reconnection",
                requires: ["VERIFY-17", "VERIFY-18", "V3-SESS-1"],
                flags: ["Clean"],
                comment:
                    "Frames of the pairing's session, a reconnection, then frames of the new session: the device's "
                    + "counters restart at 1 and the core's at 0, under the reconnection's V3_TRANSPORT.",
                input: trace(afterPairing(pairing, afterReconnection), keyLog: keyLog + reconnection.keyLog),
                expect: departures([])
            ),
            Case(
                "v3-session-after-reconnection-without-key-log",
                requires: ["VERIFY-17", "V3-SESS-1"],
                flags: ["Clean"],
                comment: "The same without secrets: the counters restart with the session the 0x15 commits.",
                input: trace(afterPairing(pairing, afterReconnection)),
                expect: departures([])
            ),
            Case(
                "v3-session-old-frame-after-reconnection",
                requires: ["VERIFY-18", "V3-FRAME-1"],
                flags: ["KeyLog"],
                comment:
                    "After the reconnection, the device's third frame of the pairing's session (counter 3, new in "
                    + "the new session): it does not open under the new session's key.",
                input: trace(
                    afterPairing(pairing, Array(reconnected) + [exchange[2]]),
                    keyLog: keyLog + reconnection.keyLog
                ),
                expect: departures([("V3-FRAME-1", 12)])
            ),
        ]
    }

    /// What the frames' lengths and counters show without a key (VERIFY-17).
    private static func sessionCounterCases(
        _ pairing: RecordedPairingV3,
        _ exchange: [([UInt8], Role)]
    ) throws
        -> [Case]
    {
        let replayed = exchange + [exchange[0]]
        var otherBytes = exchange[0].0
        otherBytes[otherBytes.count - 1] ^= 0x01
        let probe = { (answer: TraceProbe.Answer?) in
            afterPairing(pairing, exchange)
                + [
                    RecordedPairingV3.record(exchange[0].0, from: .device, time: pairing.records.last!.time + 100)
                        .probing(TraceProbe(breaks: "V3-WINDOW-2", answer: answer))
                ]
        }
        var early = try SessionV3Frames(transport(pairing.keyLogEntries), start: .reconnection)
        let belowFirst = try early.frame(deviceRequest, from: .device)
        let reserved = [SessionFrameV3.type] + [UInt8](repeating: 0xff, count: 8) + [UInt8](repeating: 0, count: 48)
        let farAhead =
            [SessionFrameV3.type] + [0, 0, 9, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 48)
        return [
            Case(
                "v3-session-frame-wrong-length",
                requires: ["VERIFY-17", "V3-PAD-1"],
                flags: ["Keyless"],
                comment: "The device's first 0x16 with one byte more: 58 bytes, 33 is not a padding bucket.",
                input: trace(afterPairing(pairing, [(exchange[0].0 + [0], .device)])),
                expect: departures([("V3-PAD-1", 7)])
            ),
            Case(
                "v3-session-frame-too-short",
                requires: ["VERIFY-17", "V3-PAD-1"],
                flags: ["Keyless"],
                comment: "The device's first 0x16 one byte short: 56 bytes, below the smallest frame.",
                input: trace(afterPairing(pairing, [(Array(exchange[0].0.dropLast()), .device)])),
                expect: departures([("V3-PAD-1", 7)])
            ),
            Case(
                "v3-session-before-commit",
                requires: ["VERIFY-17", "V3-SESS-1"],
                flags: ["Keyless"],
                comment:
                    "A device 0x16 after the core's Yes and before the device's Match: the trace's pairing has "
                    + "committed no session yet.",
                input: trace(
                    Array(pairing.records.prefix(5)) + [
                        RecordedPairingV3.record(exchange[0].0, from: .device, time: pairing.records[4].time + 5)
                    ]
                ),
                expect: departures([("V3-SESS-1", 6)])
            ),
            Case(
                "v3-session-counter-replayed",
                requires: ["VERIFY-17", "V3-WINDOW-2"],
                flags: ["Keyless"],
                comment: "The device's first 0x16 again after the exchange: its counter 2 was used in the session.",
                input: trace(afterPairing(pairing, replayed)),
                expect: departures([("V3-WINDOW-2", 10)])
            ),
            Case(
                "v3-session-counter-replayed-other-bytes",
                requires: ["VERIFY-17", "V3-WINDOW-2"],
                flags: ["Keyless"],
                comment: "Counter 2 again with another ciphertext: the window is keyed by counter alone.",
                input: trace(afterPairing(pairing, exchange + [(otherBytes, .device)])),
                expect: departures([("V3-WINDOW-2", 10)])
            ),
            Case(
                "v3-session-replay-probe-refused",
                requires: ["VERIFY-17", "VERIFY-12", "TRACE-6"],
                flags: ["Clean"],
                comment: "The same replay, marked as the capture's probe, which the receiver refused.",
                input: trace(probe(.refused)),
                expect: departures([])
            ),
            Case(
                "v3-session-replay-probe-accepted",
                requires: ["VERIFY-17", "VERIFY-12", "V3-WINDOW-2"],
                flags: ["Keyless"],
                comment: "The same probe, which the receiver accepted: it must refuse it with replayed.",
                input: trace(probe(.accepted)),
                expect: departures([("V3-WINDOW-2", 10)])
            ),
            Case(
                "v3-session-counter-below-first",
                requires: ["VERIFY-17", "V3-SESS-1"],
                flags: ["Keyless"],
                comment: "A device 0x16 at counter 1 after a pairing: the device's answer record used it.",
                input: trace(afterPairing(pairing, [(belowFirst, .device)])),
                expect: departures([("V3-SESS-1", 7)])
            ),
            Case(
                "v3-session-counter-reserved",
                requires: ["VERIFY-17", "V3-SESS-2"],
                flags: ["Keyless"],
                comment: "A 57-byte 0x16 at counter 2^64 - 1, which no sender seals at.",
                input: trace(afterPairing(pairing, [(reserved, .device)])),
                expect: departures([("V3-SESS-2", 7)])
            ),
            Case(
                "v3-session-counter-far-ahead",
                requires: ["VERIFY-17", "V3-REKEY-3"],
                flags: ["Keyless"],
                comment: "A 0x16 at counter 9 * 65,536, nine epochs above epoch 0: refused before any key is derived.",
                input: trace(afterPairing(pairing, [(farAhead, .device)])),
                expect: departures([("V3-REKEY-3", 7)])
            ),
        ]
    }

    /// What only the key log shows (VERIFY-18).
    private static func sessionKeyLogCases(
        _ pairing: RecordedPairingV3,
        _ exchange: [([UInt8], Role)],
        session: SessionV3Frames
    ) throws -> [Case] {
        var tampered = exchange[2].0
        tampered[tampered.count - 1] ^= 0x01
        let withTampered = Array(exchange.prefix(2)) + [(tampered, .device)]
        var records = session
        let badRecord = try records.sealed([0x02] + deviceRequest, from: .device)
        let key = Array(try transport(pairing.keyLogEntries)[0..<32])
        let badPadding = SessionV3Frames.frame(
            counter: 2,
            padded: [0x00, 0x01, 0x00] + [UInt8](repeating: 0, count: 28) + [0x01],
            key: key
        )
        return [
            Case(
                "v3-session-frame-not-opening",
                requires: ["VERIFY-18", "V3-FRAME-1"],
                flags: ["KeyLog"],
                comment: "The device's second 0x16 with its last byte changed: it does not open under its key.",
                input: trace(afterPairing(pairing, withTampered), keyLog: pairing.keyLog),
                expect: departures([("V3-FRAME-1", 9)])
            ),
            Case(
                "v3-session-frame-not-opening-without-key-log",
                requires: ["VERIFY-17"],
                flags: ["Clean"],
                comment: "The same trace without the key log: nothing without a key shows the change.",
                input: trace(afterPairing(pairing, withTampered)),
                expect: departures([])
            ),
            Case(
                "v3-session-tampered-probe-then-genuine",
                requires: ["VERIFY-18", "VERIFY-12"],
                flags: ["Clean"],
                comment:
                    "The tampered frame as the capture's probe, refused, then the genuine frame of the same counter: "
                    + "the refused frame recorded no counter.",
                input: trace(
                    afterPairing(pairing, Array(exchange.prefix(2)))
                        + [
                            RecordedPairingV3.record(tampered, from: .device, time: pairing.records.last!.time + 100)
                                .probing(TraceProbe(breaks: "V3-FRAME-1", answer: .refused)),
                            RecordedPairingV3.record(
                                exchange[2].0,
                                from: .device,
                                time: pairing.records.last!.time + 110
                            ),
                        ],
                    keyLog: pairing.keyLog
                ),
                expect: departures([])
            ),
            Case(
                "v3-session-bad-record",
                requires: ["VERIFY-18", "V3-FRAG-2"],
                flags: ["KeyLog"],
                comment: "A 0x16 that opens to a record of kind 0x02, neither whole nor fragment (bad_record).",
                input: trace(afterPairing(pairing, [(badRecord, .device)]), keyLog: pairing.keyLog),
                expect: departures([("V3-FRAG-2", 7)])
            ),
            Case(
                "v3-session-bad-padding",
                requires: ["VERIFY-18", "V3-PAD-2"],
                flags: ["KeyLog"],
                comment: "A 0x16 that opens to a padded plaintext whose last padding byte is 1, not 0.",
                input: trace(afterPairing(pairing, [(badPadding, .device)]), keyLog: pairing.keyLog),
                expect: departures([("V3-PAD-2", 7)])
            ),
        ] + (try sessionEnvelopeCases(pairing))
    }

    /// VERIFY-18's last check: a delivered message read as its receiver reads a chapter 11 envelope.
    private static func sessionEnvelopeCases(_ pairing: RecordedPairingV3) throws -> [Case] {
        var session = try SessionV3Frames(transport(pairing.keyLogEntries), start: .pairing)
        let noMethod = Array(#"{"requestId":"r-1","kind":"request","seq":0,"payload":{"params":null}}"#.utf8)
        let refused = try session.frame(noMethod, from: .device)
        var other = try SessionV3Frames(transport(pairing.keyLogEntries), start: .pairing)
        let responseFromDevice = try other.frame(coreResponse, from: .device)
        return [
            Case(
                "v3-session-envelope-refused",
                requires: ["VERIFY-18", "VERIFY-6", "ENV-2"],
                flags: ["KeyLog"],
                comment:
                    "A 0x16 that opens and delivers a request envelope without a method: the core refuses the "
                    + "envelope (chapter 11's rules apply to version 3's messages unchanged, 14.6).",
                input: trace(afterPairing(pairing, [(refused, .device)]), keyLog: pairing.keyLog),
                expect: departures([("ENV-2", 7)])
            ),
            Case(
                "v3-session-envelope-refused-without-key-log",
                requires: ["VERIFY-17"],
                flags: ["Clean"],
                comment: "The same trace without the key log: the envelope is not opened, so it is not judged.",
                input: trace(afterPairing(pairing, [(refused, .device)])),
                expect: departures([])
            ),
            Case(
                "v3-session-envelope-kind-of-the-other-side",
                requires: ["VERIFY-18", "VERIFY-6", "ENV-1"],
                flags: ["KeyLog"],
                comment: "The device sends a response envelope, a kind only the core sends.",
                input: trace(afterPairing(pairing, [(responseFromDevice, .device)]), keyLog: pairing.keyLog),
                expect: departures([("ENV-1", 7)])
            ),
        ]
    }
}

/// Both sides' senders of one version 3 session, sealing with the library (V3-FRAME-1, V3-FRAG-1).
struct SessionV3Frames {
    var device: SessionV3
    var core: SessionV3

    /// `transport` is a `V3_TRANSPORT` secret: device-to-core then core-to-device.
    init(_ transport: [UInt8], start: SessionV3.Start) {
        let (deviceToCore, coreToDevice) = (Array(transport[0..<32]), Array(transport[32..<64]))
        let time = RecordedPairingV3.startTime
        device = SessionV3(
            role: .device,
            start: start,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: time
        )
        core = SessionV3(
            role: .core,
            start: start,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: time
        )
    }

    /// The frames of `message` from `role`.
    mutating func frames(_ message: [UInt8], from role: Role) throws -> [[UInt8]] {
        role == .device
            ? try device.send(message, now: RecordedPairingV3.startTime)
            : try core.send(message, now: RecordedPairingV3.startTime)
    }

    /// The one frame of a message that fits one.
    mutating func frame(_ message: [UInt8], from role: Role) throws -> [UInt8] {
        try frames(message, from: role)[0]
    }

    /// A frame of any content, record or not.
    mutating func sealed(_ content: [UInt8], from role: Role) throws -> [UInt8] {
        role == .device
            ? try device.seal(content, now: RecordedPairingV3.startTime)
            : try core.seal(content, now: RecordedPairingV3.startTime)
    }

    /// A frame of `padded` as it stands, sealed as V3-FRAME-1 says.
    static func frame(counter: UInt64, padded: [UInt8], key: [UInt8]) -> [UInt8] {
        let header = [SessionFrameV3.type] + (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) }
        return header
            + ChaCha20Poly1305.seal(
                key: key,
                nonce: ChaCha20Poly1305.noiseNonce(counter),
                plaintext: padded,
                aad: header
            )
    }
}
