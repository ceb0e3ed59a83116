import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/verify.json`: the verifier's own vectors (kit chapter 3, operation `verify`,
/// ADP-90). Each trace is an exchange the reference built (`RecordedExchange`) with one thing
/// broken, and names the departure a verifier must report: the requirement and the step.
enum VerifyVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "verify",
            description:
                "Traces of exchanges built by the reference library, clean or with one rule broken, with and without "
                + "their key logs; the verifier names the first departure by requirement id and step.",
            flags: [
                "Clean": Flag(
                    description: "A conforming exchange: no departure.",
                    bug: "A verifier that reports a departure where there is none."
                ),
                "Keyless": Flag(
                    description: "A departure visible without any secret.",
                    bug: "A verifier that misses a rule it can check from the wire alone."
                ),
                "KeyLog": Flag(
                    description: "A departure visible only with the key log.",
                    bug: "A verifier that does not decrypt, or checks the plaintext loosely."
                ),
            ]
        )
        let exchange = try RecordedExchange(id: file.id("exchange"))
        let cases =
            try cleanCases(exchange) + wireCases(exchange) + keyLogCases(exchange, exchangeID: file.id("exchange"))
            + afterTheEndCases(exchange) + probeCases(exchange)
            + pairingV3Cases(try RecordedPairingV3(id: file.id("pairing-v3")))
            + reconnectionV3Cases(try RecordedPairingV3(id: file.id("pairing-v3")))
            + sessionV3Cases(try RecordedPairingV3(id: file.id("pairing-v3")))
        try file.add(cases, operation: "verify", alsoRequires: ["ADP-90"])
        return try file.build()
    }

    /// Conforming exchanges, as captured at an endpoint and at the relay.
    private static func cleanCases(_ exchange: RecordedExchange) throws -> [Case] {
        let r = exchange.records
        let key = exchange.keyLog
        return [
            Case(
                "clean-with-key-log",
                requires: ["VERIFY-1", "VERIFY-5", "VERIFY-6", "VERIFY-7", "KEYLOG-3"],
                flags: ["Clean"],
                comment: "The whole exchange decrypts under its key log and breaks no rule.",
                input: trace(r, keyLog: key),
                expect: departures([])
            ),
            Case(
                "clean-without-key-log",
                requires: ["VERIFY-3", "VERIFY-4", "TRACE-1", "TRACE-3", "TRACE-4", "TRACE-5"],
                flags: ["Clean"],
                comment: "Without secrets the same exchange passes every check that needs none.",
                input: trace(r),
                expect: departures([])
            ),
            Case(
                "clean-relay-capture",
                requires: ["VERIFY-2", "RELAY-11"],
                flags: ["Clean"],
                comment: "Captured at the relay, each message appears twice and is checked once.",
                input: trace(exchange.relayCapture, keyLog: key),
                expect: departures([])
            ),
            Case(
                "last-line-without-lf",
                requires: ["TRACE-1"],
                flags: ["Clean"],
                comment: "A capture cut short after its last record's closing brace: the record is whole and read.",
                input: trace(r, keyLog: key, text: String(RecordedExchange.trace(r).dropLast())),
                expect: departures([])
            ),
            Case(
                "unknown-event-shown-not-checked",
                requires: ["VERIFY-2", "TRACE-3"],
                flags: ["Clean"],
                comment:
                    "An event a later relay may send, with an argument no schema of 12.2 fits: shown, not checked.",
                input: trace(
                    exchange.appending(
                        TraceRecord(
                            time: exchange.later,
                            body: .event(name: "tunnel:later-event", from: .relay, to: .device, data: .array([]))
                        )
                    ),
                    keyLog: key
                ),
                expect: departures([])
            ),
            Case(
                "key-log-crlf",
                requires: ["KEYLOG-3"],
                flags: ["Clean"],
                comment: "The key log with CR LF line ends (through a Windows editor) opens the exchange as before.",
                input: trace(r, keyLog: exchange.keyLogEntries.map { String($0.line.dropLast()) + "\r\n" }.joined()),
                expect: departures([])
            ),
        ]
    }

    /// Departures visible on the wire alone, without any secret.
    private static func wireCases(_ exchange: RecordedExchange) throws -> [Case] {
        let r = exchange.records
        let later = exchange.later, key = exchange.keyLog
        var padded = r
        padded[3] = TraceRecord.frame(
            time: r[3].time,
            from: .device,
            to: .core,
            channelId: RecordedExchange.channel,
            payload: r[3].frame!.payload + "="
        )
        let request = try exchange.frame(RecordedExchange.request, from: .device, nonce: "request")
        let second = RecordedExchange.secondRequest
        return [
            Case(
                "not-a-trace",
                requires: ["TRACE-2", "VERIFY-8"],
                flags: ["Keyless"],
                comment: "A first line that is not the header stops the verifier at step 0.",
                input: trace(r, text: "{\"trace\":\"other\",\"version\":1}\n"),
                expect: departures([("TRACE-2", 0)])
            ),
            Case(
                "time-goes-back",
                requires: ["TRACE-3"],
                flags: ["Keyless"],
                comment: "A record observed earlier than the one before it.",
                input: trace(exchange.appending(TraceRecord(time: 0, body: .pairingPayload(exchange.pairingPayload)))),
                expect: departures([("TRACE-3", 6)])
            ),
            Case(
                "two-departures-at-one-step",
                requires: ["VERIFY-2", "VERIFY-8", "TRACE-3", "TYPE-1"],
                flags: ["Keyless"],
                comment:
                    "A G1 frame observed earlier than the record before it: both rules at step 6, then the run stops.",
                input: trace(
                    exchange.appending(
                        RecordedExchange.record([0x01] + [UInt8](repeating: 0, count: 40), from: .device, time: 0)
                    ) + [TraceRecord(time: later, body: r[3].body)]
                ),
                expect: departures([("TRACE-3", 6), ("TYPE-1", 6)])
            ),
            Case(
                "padded-base64url",
                requires: ["ENC-2", "VERIFY-3"],
                flags: ["Keyless"],
                comment: "The request's payload text with a padding character.",
                input: trace(padded),
                expect: departures([("ENC-2", 4)])
            ),
            Case(
                "legacy-type-octet",
                requires: ["TYPE-1"],
                flags: ["Keyless"],
                comment: "The device sends a G1 frame, type 0x01.",
                input: trace(
                    exchange.appending(
                        RecordedExchange.record([0x01] + [UInt8](repeating: 0, count: 40), from: .device, time: later)
                    )
                ),
                expect: departures([("TYPE-1", 6)])
            ),
            Case(
                "ack-from-device",
                requires: ["TYPE-1"],
                flags: ["Keyless"],
                comment: "A 0x04 sent by the device.",
                input: trace(exchange.appending(RecordedExchange.record(exchange.ack, from: .device, time: later))),
                expect: departures([("TYPE-1", 6)])
            ),
            Case(
                "short-session-frame",
                requires: ["FRAME-SEAL-1"],
                flags: ["Keyless"],
                comment: "A 0x02 of 40 bytes, one below the minimum.",
                input: trace(
                    exchange.appending(RecordedExchange.record(Array(request.prefix(40)), from: .device, time: later))
                ),
                expect: departures([("FRAME-SEAL-1", 6)])
            ),
            Case(
                "replayed-frame",
                requires: ["REPLAY-3", "VERIFY-3"],
                flags: ["Keyless"],
                comment: "The device's request delivered a second time.",
                input: trace(exchange.appending(TraceRecord(time: later, body: r[3].body))),
                expect: departures([("REPLAY-3", 6)])
            ),
            Case(
                "nonce-reused",
                requires: ["FRAME-SEAL-2", "VERIFY-3"],
                flags: ["Keyless"],
                comment: "A second request sealed under the first one's nonce.",
                input: trace(
                    exchange.appending(
                        RecordedExchange.record(
                            try exchange.frame(second, from: .device, nonce: "request"),
                            from: .device,
                            time: later
                        )
                    )
                ),
                expect: departures([("FRAME-SEAL-2", 6)])
            ),
            Case(
                "fresh-nonce-control",
                requires: ["FRAME-SEAL-2", "VERIFY-3"],
                flags: ["Clean"],
                comment: "The same second request under a fresh nonce passes.",
                input: trace(
                    exchange.appending(
                        RecordedExchange.record(
                            try exchange.frame(second, from: .device, nonce: "second"),
                            from: .device,
                            time: later
                        )
                    ),
                    keyLog: key
                ),
                expect: departures([])
            ),
            Case(
                "frame-before-ack",
                requires: ["DEV-STATE-2"],
                flags: ["Keyless"],
                comment: "The device sends a session frame while its handshake awaits the ack.",
                input: trace([r[0], r[1], RecordedExchange.record(request, from: .device, time: r[1].time), r[2]]),
                expect: departures([("DEV-STATE-2", 3)])
            ),
            Case(
                "core-frame-before-commit",
                requires: ["KEYCONF-5"],
                flags: ["Keyless"],
                comment: "The core seals a frame before any device frame committed the new session.",
                input: trace([r[0], r[1], r[2], r[4]]),
                expect: departures([("KEYCONF-5", 4)])
            ),
            Case(
                "relay-made-up-frame",
                requires: ["RELAY-11", "VERIFY-2"],
                flags: ["Keyless"],
                comment: "The relay sends the core a request the device did not send again.",
                input: trace(exchange.relayCapture + [TraceRecord(time: later, body: exchange.relayCapture[6].body)]),
                expect: departures([("RELAY-11", 10)])
            ),
            Case(
                "frame-without-channel",
                requires: ["SIG-1"],
                flags: ["Keyless"],
                comment: "A tunnel:frame whose argument has no channelId.",
                input: trace(
                    exchange.appending(
                        TraceRecord(
                            time: later,
                            body: .event(
                                name: "tunnel:frame",
                                from: .device,
                                to: .core,
                                data: .object([])
                            )
                        )
                    )
                ),
                expect: departures([("SIG-1", 6)])
            ),
            Case(
                "bad-pairing-payload",
                requires: ["QR-GRAM-1", "VERIFY-4"],
                flags: ["Keyless"],
                comment: "A pairing payload of another scheme.",
                input: trace(
                    exchange.replacing(
                        0,
                        with: TraceRecord(time: r[0].time, body: .pairingPayload("https://pair?cid=x"))
                    )
                ),
                expect: departures([("QR-GRAM-1", 1)])
            ),
        ]
    }

    /// Departures visible only in the plaintexts or keys that the key log opens.
    private static func keyLogCases(_ exchange: RecordedExchange, exchangeID: String) throws -> [Case] {
        let r = exchange.records
        let later = exchange.later, key = exchange.keyLog
        let device = Base64URL.encode(exchange.devicePublic)
        let sorted =
            #"{"client_ephemeral_pubkey":""# + Base64URL.encode(exchange.clientEphemeralPublic)
            + #"","device_pubkey":""# + device + #""}"#
        let sortedHandshake = exchange.replacing(
            1,
            with: RecordedExchange.record(
                try exchange.handshake(plaintext: Array(sorted.utf8)),
                from: .device,
                time: r[1].time
            )
        )
        let spaced =
            #"{"kind": "handshake_ack", "server_ephemeral_pubkey": ""#
            + Base64URL.encode(exchange.serverEphemeralPublic) + #""}"#
        let swapped = SessionKeys(c2s: exchange.keys.s2c, s2c: exchange.keys.c2s)
        let wrongKeys = KeyLogEntry.session(
            clientEphemeralPublic: exchange.clientEphemeralPublic,
            serverEphemeralPublic: exchange.serverEphemeralPublic,
            keys: SessionKeys(c2s: exchange.keys.c2s, s2c: LabelDerived.key(id: exchangeID, name: "wrong-s2c"))
        )
        let (otherHandshake, _, otherHandshakeKey) = try exchange.handshakeToOtherCore()
        let wrongAckKey = KeyLogEntry(
            label: .ackKey,
            id: exchange.clientEphemeralPublic,
            secret: LabelDerived.key(id: exchangeID, name: "wrong-k-ack")
        )
        let ackWithSpaces = exchange.replacing(
            2,
            with: RecordedExchange.record(try exchange.ack(plaintext: Array(spaced.utf8)), from: .core, time: r[2].time)
        )
        let response = try exchange.frame(RecordedExchange.response, from: .device, nonce: "response-from-device")
        return [
            Case(
                "handshake-members-sorted",
                requires: ["HS-2", "VERIFY-5"],
                flags: ["KeyLog"],
                comment: "The handshake's members in sorted order: valid JSON, not HS-2's exact form.",
                input: trace(sortedHandshake, keyLog: key),
                expect: departures([("HS-2", 2)])
            ),
            Case(
                "handshake-members-sorted-no-key-log",
                requires: ["VERIFY-3"],
                flags: ["Clean"],
                comment: "The same trace without the key log: nothing to see.",
                input: trace(sortedHandshake),
                expect: departures([])
            ),
            Case(
                "ack-with-spaces",
                requires: ["ACK-2", "VERIFY-5"],
                flags: ["KeyLog"],
                comment: "The ack's plaintext with spaces after the colons.",
                input: trace(ackWithSpaces, keyLog: key),
                expect: departures([("ACK-2", 3)])
            ),
            Case(
                "ack-under-other-key",
                requires: ["ACK-1", "VERIFY-5"],
                flags: ["KeyLog"],
                comment: "The key log's K_ACK for the handshake's client_eph_pub does not open the ack.",
                input: trace(
                    r,
                    keyLog: exchange.keyLogEntries.filter { $0.label != .ackKey }.map(\.line).joined()
                        + wrongAckKey.line
                ),
                expect: departures([("ACK-1", 3)])
            ),
            Case(
                "legacy-key-log",
                requires: ["KEYLOG-12", "VERIFY-5", "VERIFY-7"],
                flags: ["Clean"],
                comment: "A key log of suite 2.3 (private keys and SESSION_KEYS) still opens the whole exchange.",
                input: trace(r, keyLog: exchange.legacyKeyLog),
                expect: departures([])
            ),
            Case(
                "legacy-key-log-ack-with-spaces",
                requires: ["KEYLOG-12", "ACK-2"],
                flags: ["KeyLog"],
                comment: "The ack with spaces, read with a key log of suite 2.3: its private keys open the ack.",
                input: trace(ackWithSpaces, keyLog: exchange.legacyKeyLog),
                expect: departures([("ACK-2", 3)])
            ),
            Case(
                "device-seals-with-s2c",
                requires: ["KDF-5", "VERIFY-5"],
                flags: ["KeyLog"],
                comment: "The device seals its request with the core's key.",
                input: trace(
                    exchange.replacing(
                        3,
                        with: RecordedExchange.record(
                            try exchange.frame(
                                RecordedExchange.request,
                                from: .device,
                                nonce: "request",
                                keys: swapped
                            ),
                            from: .device,
                            time: r[3].time
                        )
                    ),
                    keyLog: key
                ),
                expect: departures([("KDF-5", 4)])
            ),
            Case(
                "session-keys-disagree",
                requires: ["KDF-2", "VERIFY-5"],
                flags: ["KeyLog"],
                comment:
                    "A key log of suite 2.3 whose SESSION_KEYS differ from what KDF-2 derives from its private keys.",
                input: trace(r, keyLog: exchange.legacyKeyLogEntries.dropLast().map(\.line).joined() + wrongKeys.line),
                expect: departures([("KDF-2", 3)])
            ),
            Case(
                "key-log-contradicts-itself",
                requires: ["KEYLOG-4"],
                flags: ["KeyLog"],
                comment: "The same session logged with two different secrets.",
                input: trace(r, keyLog: key + wrongKeys.line),
                expect: departures([("KEYLOG-4", 0)])
            ),
            Case(
                "handshake-to-other-core",
                requires: ["KDF-3", "VERIFY-4"],
                flags: ["KeyLog"],
                comment:
                    "The handshake is sealed to a core key other than the pairing payload's, as the device's K_HS says.",
                input: trace(
                    exchange.replacing(
                        1,
                        with: RecordedExchange.record(otherHandshake, from: .device, time: r[1].time)
                    ),
                    keyLog: key + otherHandshakeKey.line
                ),
                expect: departures([("KDF-3", 2)])
            ),
            Case(
                "device-sends-response",
                requires: ["ENV-1", "VERIFY-6"],
                flags: ["KeyLog"],
                comment: "The device sends a response envelope, a kind only the core sends.",
                input: trace(
                    exchange.appending(RecordedExchange.record(response, from: .device, time: later)),
                    keyLog: key
                ),
                expect: departures([("ENV-1", 6)])
            ),
            Case(
                "key-log-malformed-line",
                requires: ["KEYLOG-1", "KEYLOG-3"],
                flags: ["KeyLog"],
                comment: "A key log line whose id is one byte: reported at step 0 with its line.",
                input: trace(r, keyLog: "K_ACK 00\n" + key),
                expect: departures([("KEYLOG-1", 0)])
            ),
        ]
    }

    /// Messages after the exchange's end, and `continue`, which names every departure.
    private static func afterTheEndCases(_ exchange: RecordedExchange) throws -> [Case] {
        let r = exchange.records
        let later = exchange.later, key = exchange.keyLog
        let second = RecordedExchange.secondRequest
        let singleChunk = try EnvelopeEncoder.encode(.chunk(requestId: "r-2", seq: 0, total: 1, data: second[...]))
        return [
            Case(
                "ack-sent-twice",
                requires: ["ACK-6", "VERIFY-3"],
                flags: ["Keyless"],
                comment: "The core's ack delivered a second time.",
                input: trace(exchange.appending(TraceRecord(time: later, body: r[2].body))),
                expect: departures([("ACK-6", 6)])
            ),
            Case(
                "small-message-chunked",
                requires: ["CHUNK-1", "VERIFY-6"],
                flags: ["KeyLog"],
                comment: "A 91-byte request sent as one chunk of one instead of one frame.",
                input: trace(
                    exchange.appending(
                        RecordedExchange.record(
                            try exchange.frame(singleChunk, from: .device, nonce: "chunk"),
                            from: .device,
                            time: later
                        )
                    ),
                    keyLog: key
                ),
                expect: departures([("CHUNK-1", 6)])
            ),
            Case(
                "continue-past-departures",
                requires: ["VERIFY-8", "REPLAY-3"],
                flags: ["Keyless"],
                comment: "With continue, both replays are named.",
                input: trace(
                    exchange.appending(TraceRecord(time: later, body: r[3].body)) + [
                        TraceRecord(time: later, body: r[4].body)
                    ],
                    continuing: true
                ),
                expect: departures([("REPLAY-3", 6), ("REPLAY-3", 7)])
            ),
        ]
    }

    /// Messages a capture made on purpose (TRACE-6): held to what they announce (VERIFY-12).
    private static func probeCases(_ exchange: RecordedExchange) throws -> [Case] {
        let r = exchange.records
        let later = exchange.later, key = exchange.keyLog
        let replay = { (answer: TraceProbe.Answer?) in
            exchange.appending(
                TraceRecord(time: later, body: r[3].body, probe: TraceProbe(breaks: "REPLAY-3", answer: answer))
            )
        }
        let second = try exchange.frame(RecordedExchange.secondRequest, from: .device, nonce: "probe")
        var tampered = second
        tampered[tampered.count - 1] ^= 0x01
        // TraceProbe's initializer takes any text; only a reader judges it.
        let misnamed = exchange.appending(
            TraceRecord(time: later, body: r[3].body, probe: TraceProbe(breaks: "replay"))
        )
        return [
            Case(
                "probe-refused",
                requires: ["VERIFY-12", "TRACE-6"],
                flags: ["Clean"],
                comment: "The request replayed by the capture itself, marked as a probe the receiver refused.",
                input: trace(replay(.refused), keyLog: key),
                expect: departures([])
            ),
            Case(
                "probe-without-answer",
                requires: ["VERIFY-12", "TRACE-6"],
                flags: ["Clean"],
                comment: "The same probe with no answer seen: the replay is the probe's, not the trace's.",
                input: trace(replay(nil)),
                expect: departures([])
            ),
            Case(
                "probe-accepted",
                requires: ["VERIFY-12", "REPLAY-3"],
                flags: ["Keyless"],
                comment: "The receiver accepted the replayed request the capture marked as a probe.",
                input: trace(replay(.accepted)),
                expect: departures([("REPLAY-3", 6)])
            ),
            Case(
                "probe-leaves-the-state",
                requires: ["VERIFY-12", "FRAME-SEAL-1"],
                flags: ["KeyLog"],
                comment:
                    "A tampered copy of the device's next frame, a probe, then the frame itself: its nonce is not a reuse.",
                input: trace(
                    exchange.appending(
                        RecordedExchange.record(tampered, from: .device, time: later)
                            .probing(TraceProbe(breaks: "FRAME-SEAL-1", answer: .refused))
                    ) + [RecordedExchange.record(second, from: .device, time: later)],
                    keyLog: key
                ),
                expect: departures([])
            ),
            Case(
                "probe-of-another-form",
                requires: ["TRACE-6", "TRACE-3"],
                flags: ["Keyless"],
                comment: "A probe member whose breaks is not a requirement id.",
                input: trace(misnamed),
                expect: departures([("TRACE-3", 6)])
            ),
        ]
    }

    /// A `verify` input: the trace of `records` (or `text` instead), with the key log if any.
    static func trace(
        _ records: [TraceRecord],
        keyLog: String? = nil,
        text: String? = nil,
        continuing: Bool = false
    ) -> JSONValue {
        var input: [String: JSONValue] = ["trace": .string(text ?? RecordedExchange.trace(records))]
        if let keyLog { input["keyLog"] = .string(keyLog) }
        if continuing { input["continue"] = .bool(true) }
        return .object(input)
    }

    /// The verifier's answer: `pass`, or the departures in order, each a requirement and a step.
    static func departures(_ departures: [(String, Int)]) -> Expectation {
        .output([
            "status": .string(departures.isEmpty ? "pass" : "departure"),
            "departures": .array(departures.map { ["requirement": .string($0.0), "step": .int(Int64($0.1))] }),
        ])
    }
}

private extension RecordedExchange {
    /// A time after the exchange's last record.
    var later: Int64 { records.last!.time + 10 }

    /// A second request of the device, after the exchange.
    static let secondRequest = Array(
        #"{"requestId":"r-2","kind":"request","seq":0,"payload":{"method":"core.ping","params":null}}"#.utf8
    )

    func replacing(_ index: Int, with record: TraceRecord) -> [TraceRecord] {
        var copy = records
        copy[index] = record
        return copy
    }

    func appending(_ record: TraceRecord) -> [TraceRecord] { records + [record] }
}
