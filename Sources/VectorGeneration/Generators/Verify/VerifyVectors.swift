import TunnelCrypto
import OpenHumanTunnel
import KitModels
import VectorFormat

/// `vectors/verify.json`: the verifier's own vectors (kit chapter 3, operation `verify`,
/// ADP-90). Each trace is an exchange the reference built (`RecordedExchange`) with one thing
/// broken, and names the departure a verifier must report: the requirement and the step.
enum VerifyVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "verify",
            description: "Traces of exchanges built by the reference library, clean or with one rule broken, with and without "
                + "their key logs; the verifier names the first departure by requirement id and step.",
            flags: [
                "Clean": Flag(description: "A conforming exchange: no departure.", bug: "A verifier that reports a departure where there is none."),
                "Keyless": Flag(description: "A departure visible without any secret.", bug: "A verifier that misses a rule it can check from the wire alone."),
                "KeyLog": Flag(description: "A departure visible only with the key log.", bug: "A verifier that does not decrypt, or checks the plaintext loosely."),
            ])
        let exchange = try RecordedExchange(id: file.id("exchange"))
        let r = exchange.records
        func add(_ name: String, _ records: [TraceRecord], keyLog: String? = nil, trace: String? = nil, continuing: Bool = false,
                 requirements: [String], comment: String, flags: [String], departures: [(String, Int)]) throws {
            var input: [String: JSONValue] = ["trace": .string(trace ?? RecordedExchange.trace(records))]
            if let keyLog { input["keyLog"] = .string(keyLog) }
            if continuing { input["continue"] = .bool(true) }
            let expected: JSONValue = [
                "status": .string(departures.isEmpty ? "pass" : "departure"),
                "departures": .array(departures.map { ["requirement": .string($0.0), "step": .int(Int64($0.1))] }),
            ]
            try file.add(name, operation: "verify", requirements: requirements + ["ADP-90"], comment: comment, flags: flags,
                         input: .object(input), expect: .output(expected))
        }
        func replacing(_ index: Int, with record: TraceRecord) -> [TraceRecord] {
            var copy = r
            copy[index] = record
            return copy
        }
        func appending(_ record: TraceRecord) -> [TraceRecord] { r + [record] }
        let later = r.last!.time + 10
        let key = exchange.keyLog

        try add("clean-with-key-log", r, keyLog: key, requirements: ["VERIFY-1", "VERIFY-5", "VERIFY-6", "VERIFY-7", "KEYLOG-3"],
                comment: "The whole exchange decrypts under its key log and breaks no rule.", flags: ["Clean"], departures: [])
        try add("clean-without-key-log", r, requirements: ["VERIFY-3", "VERIFY-4", "TRACE-1", "TRACE-3", "TRACE-4", "TRACE-5"],
                comment: "Without secrets the same exchange passes every check that needs none.", flags: ["Clean"], departures: [])
        try add("clean-relay-capture", exchange.relayCapture, keyLog: key, requirements: ["VERIFY-2", "RELAY-11"],
                comment: "Captured at the relay, each message appears twice and is checked once.", flags: ["Clean"], departures: [])

        try add("not-a-trace", r, trace: "{\"trace\":\"other\",\"version\":1}\n", requirements: ["TRACE-2", "VERIFY-8"],
                comment: "A first line that is not the header stops the verifier at step 0.", flags: ["Keyless"], departures: [("TRACE-2", 0)])
        try add("time-goes-back", appending(TraceRecord(time: 0, body: .pairingPayload(exchange.pairingPayload))),
                requirements: ["TRACE-3"], comment: "A record observed earlier than the one before it.", flags: ["Keyless"],
                departures: [("TRACE-3", 6)])
        var padded = r
        padded[3] = TraceRecord.frame(time: r[3].time, from: .device, to: .core, channelId: RecordedExchange.channel,
                                      payload: r[3].frame!.payload + "=")
        try add("padded-base64url", padded, requirements: ["ENC-2", "VERIFY-3"],
                comment: "The request's payload text with a padding character.", flags: ["Keyless"], departures: [("ENC-2", 4)])
        try add("legacy-type-octet", appending(RecordedExchange.record([0x01] + [UInt8](repeating: 0, count: 40), from: .device, time: later)),
                requirements: ["TYPE-1"], comment: "The device sends a G1 frame, type 0x01.", flags: ["Keyless"], departures: [("TYPE-1", 6)])
        try add("ack-from-device", appending(RecordedExchange.record(exchange.ack, from: .device, time: later)),
                requirements: ["TYPE-1"], comment: "A 0x04 sent by the device.", flags: ["Keyless"], departures: [("TYPE-1", 6)])
        let request = try exchange.frame(RecordedExchange.request, from: .device, nonce: "request")
        try add("short-session-frame", appending(RecordedExchange.record(Array(request.prefix(40)), from: .device, time: later)),
                requirements: ["FRAME-SEAL-1"], comment: "A 0x02 of 40 bytes, one below the minimum.", flags: ["Keyless"],
                departures: [("FRAME-SEAL-1", 6)])
        try add("replayed-frame", appending(TraceRecord(time: later, body: r[3].body)), requirements: ["REPLAY-3", "VERIFY-3"],
                comment: "The device's request delivered a second time.", flags: ["Keyless"], departures: [("REPLAY-3", 6)])
        let second = Array(#"{"requestId":"r-2","kind":"request","seq":0,"payload":{"method":"core.ping","params":null}}"#.utf8)
        try add("nonce-reused", appending(RecordedExchange.record(try exchange.frame(second, from: .device, nonce: "request"),
                                                                  from: .device, time: later)),
                requirements: ["FRAME-SEAL-2", "VERIFY-3"], comment: "A second request sealed under the first one's nonce.",
                flags: ["Keyless"], departures: [("FRAME-SEAL-2", 6)])
        try add("fresh-nonce-control", appending(RecordedExchange.record(try exchange.frame(second, from: .device, nonce: "second"),
                                                                         from: .device, time: later)),
                keyLog: key, requirements: ["FRAME-SEAL-2", "VERIFY-3"], comment: "The same second request under a fresh nonce passes.",
                flags: ["Clean"], departures: [])
        try add("frame-before-ack", [r[0], r[1], RecordedExchange.record(request, from: .device, time: r[1].time), r[2]],
                requirements: ["DEV-STATE-2"], comment: "The device sends a session frame while its handshake awaits the ack.",
                flags: ["Keyless"], departures: [("DEV-STATE-2", 3)])
        try add("core-frame-before-commit", [r[0], r[1], r[2], r[4]], requirements: ["KEYCONF-5"],
                comment: "The core seals a frame before any device frame committed the new session.", flags: ["Keyless"],
                departures: [("KEYCONF-5", 4)])
        try add("relay-made-up-frame", exchange.relayCapture + [TraceRecord(time: later, body: exchange.relayCapture[6].body)],
                requirements: ["RELAY-11", "VERIFY-2"], comment: "The relay sends the core a request the device did not send again.",
                flags: ["Keyless"], departures: [("RELAY-11", 10)])
        try add("frame-without-channel", appending(TraceRecord(time: later, body: .event(name: "tunnel:frame", from: .device, to: .core,
                                                                                          data: .object([])))),
                requirements: ["SIG-1"], comment: "A tunnel:frame whose argument has no channelId.", flags: ["Keyless"],
                departures: [("SIG-1", 6)])
        try add("bad-pairing-payload", replacing(0, with: TraceRecord(time: r[0].time, body: .pairingPayload("https://pair?cid=x"))),
                requirements: ["QR-GRAM-1", "VERIFY-4"], comment: "A pairing payload of another scheme.", flags: ["Keyless"],
                departures: [("QR-GRAM-1", 1)])

        let device = Base64URL.encode(X25519.publicKey(privateKey: exchange.keyLogEntries[1].secret))
        let sorted = #"{"client_ephemeral_pubkey":""# + Base64URL.encode(exchange.clientEphemeralPublic) + #"","device_pubkey":""# + device + #""}"#
        let sortedHandshake = replacing(1, with: RecordedExchange.record(try exchange.handshake(plaintext: Array(sorted.utf8)), from: .device,
                                                                          time: r[1].time))
        try add("handshake-members-sorted", sortedHandshake, keyLog: key, requirements: ["HS-2", "VERIFY-5"],
                comment: "The handshake's members in sorted order: valid JSON, not HS-2's exact form.", flags: ["KeyLog"],
                departures: [("HS-2", 2)])
        try add("handshake-members-sorted-no-key-log", sortedHandshake, requirements: ["VERIFY-3"],
                comment: "The same trace without the key log: nothing to see.", flags: ["Clean"], departures: [])
        let spaced = #"{"kind": "handshake_ack", "server_ephemeral_pubkey": ""# + Base64URL.encode(exchange.serverEphemeralPublic) + #""}"#
        try add("ack-with-spaces", replacing(2, with: RecordedExchange.record(try exchange.ack(plaintext: Array(spaced.utf8)), from: .core,
                                                                               time: r[2].time)),
                keyLog: key, requirements: ["ACK-2", "VERIFY-5"], comment: "The ack's plaintext with spaces after the colons.",
                flags: ["KeyLog"], departures: [("ACK-2", 3)])
        let swapped = SessionKeys(c2s: exchange.keys.s2c, s2c: exchange.keys.c2s)
        try add("device-seals-with-s2c", replacing(3, with: RecordedExchange.record(
            try exchange.frame(RecordedExchange.request, from: .device, nonce: "request", keys: swapped), from: .device, time: r[3].time)),
                keyLog: key, requirements: ["KDF-5", "VERIFY-5"], comment: "The device seals its request with the core's key.",
                flags: ["KeyLog"], departures: [("KDF-5", 4)])
        let wrongKeys = KeyLogEntry.session(clientEphemeralPublic: exchange.clientEphemeralPublic,
                                            serverEphemeralPublic: exchange.serverEphemeralPublic,
                                            keys: SessionKeys(c2s: exchange.keys.c2s, s2c: LabelDerived.key(id: file.id("exchange"), name: "wrong-s2c")))
        try add("session-keys-disagree", r, keyLog: exchange.keyLogEntries.dropLast().map(\.line).joined() + wrongKeys.line,
                requirements: ["KDF-2", "VERIFY-5"], comment: "The logged SESSION_KEYS differ from what KDF-2 derives.",
                flags: ["KeyLog"], departures: [("KDF-2", 3)])
        try add("key-log-contradicts-itself", r, keyLog: key + wrongKeys.line, requirements: ["KEYLOG-4"],
                comment: "The same session logged with two different secrets.", flags: ["KeyLog"], departures: [("KEYLOG-4", 0)])
        let (otherHandshake, otherCore) = try exchange.handshakeToOtherCore()
        try add("handshake-to-other-core", replacing(1, with: RecordedExchange.record(otherHandshake, from: .device, time: r[1].time)),
                keyLog: key + KeyLogEntry.privateKey(.coreStatic, otherCore).line, requirements: ["KDF-3", "VERIFY-4"],
                comment: "The handshake is sealed to a core key other than the pairing payload's.", flags: ["KeyLog"],
                departures: [("KDF-3", 2)])
        let response = try exchange.frame(RecordedExchange.response, from: .device, nonce: "response-from-device")
        try add("device-sends-response", appending(RecordedExchange.record(response, from: .device, time: later)), keyLog: key,
                requirements: ["ENV-1", "VERIFY-6"], comment: "The device sends a response envelope, a kind only the core sends.",
                flags: ["KeyLog"], departures: [("ENV-1", 6)])
        try add("key-log-malformed-line", r, keyLog: "CORE_STATIC 00\n" + key, requirements: ["KEYLOG-1", "KEYLOG-3"],
                comment: "A key log line whose id is one byte: reported at step 0 with its line.", flags: ["KeyLog"],
                departures: [("KEYLOG-1", 0)])
        try add("ack-sent-twice", appending(TraceRecord(time: later, body: r[2].body)), requirements: ["ACK-6", "VERIFY-3"],
                comment: "The core's ack delivered a second time.", flags: ["Keyless"], departures: [("ACK-6", 6)])
        let singleChunk = try EnvelopeEncoder.encode(.chunk(requestId: "r-2", seq: 0, total: 1, data: second[...]))
        try add("small-message-chunked", appending(RecordedExchange.record(try exchange.frame(singleChunk, from: .device, nonce: "chunk"),
                                                                           from: .device, time: later)),
                keyLog: key, requirements: ["CHUNK-1", "VERIFY-6"], comment: "A 91-byte request sent as one chunk of one instead of one frame.",
                flags: ["KeyLog"], departures: [("CHUNK-1", 6)])
        try add("continue-past-departures", appending(TraceRecord(time: later, body: r[3].body)) + [TraceRecord(time: later, body: r[4].body)],
                continuing: true, requirements: ["VERIFY-8", "REPLAY-3"], comment: "With continue, both replays are named.",
                flags: ["Keyless"], departures: [("REPLAY-3", 6), ("REPLAY-3", 7)])
        return try file.build()
    }
}
