import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// A complete exchange recorded as a trace and its key log, every message built by the
/// reference library from keys and nonces derived from `id`: the pairing payload, the device's
/// 0x03, the core's 0x04, a request and its response. The verifier's vectors and tests take a
/// copy and corrupt one thing (kit chapter 3).
public struct RecordedExchange: Sendable {
    public static let channel = "verify-channel"
    /// Unix milliseconds of the first record; each later record is 10 ms after the previous.
    public static let startTime: Int64 = 1_790_000_000_000

    let fixture: HandshakeFixture
    public let handshake: [UInt8]
    public let ack: [UInt8]
    public let keys: SessionKeys
    public let pairingPayload: String
    /// Pairing payload, 0x03, 0x04, the device's request, the core's response: device and core
    /// talk directly, as in a runner's capture.
    public var records: [TraceRecord]

    public static let request = Array(
        #"{"requestId":"r-1","kind":"request","seq":0,"payload":{"method":"core.ping","params":null}}"#.utf8
    )
    public static let response = Array(#"{"requestId":"r-1","kind":"response","seq":0,"payload":{"pong":true}}"#.utf8)

    public init(id: String) throws {
        fixture = HandshakeFixture(id: id)
        let f = fixture
        handshake = try DeviceHandshake.start(
            corePublicKey: f.corePublic,
            deviceStaticPrivate: f.devicePrivate,
            handshakeEphemeralPrivate: f.handshakeEphemeralPrivate,
            clientEphemeralPrivate: f.clientEphemeralPrivate,
            nonce: f.handshakeNonce
        )
        var channel = ChannelState.pending(expiresAt: HandshakeFixture.expiresAt)
        ack = try CoreHandshake.accept(
            frame: handshake,
            coreStaticPrivate: f.corePrivate,
            channel: &channel,
            now: HandshakeFixture.now,
            serverEphemeralPrivate: f.serverEphemeralPrivate,
            ackNonce: f.ackNonce
        ).ack
        keys = try DeviceHandshake.finish(
            ack: ack,
            corePublicKey: f.corePublic,
            deviceStaticPrivate: f.devicePrivate,
            clientEphemeralPrivate: f.clientEphemeralPrivate
        )
        pairingPayload = try PairingPayloadEncoder.encode(
            PairingPayload(
                channelID: Self.channel,
                pairingToken: "verify-pairing-token-0123456789",
                corePublicKey: f.corePublic,
                rpcURL: nil,
                expiresAt: UInt64(HandshakeFixture.expiresAt)
            )
        )
        records = [TraceRecord(time: Self.startTime, body: .pairingPayload(pairingPayload))]
        records.append(Self.record(handshake, from: .device, time: Self.startTime + 10))
        records.append(Self.record(ack, from: .core, time: Self.startTime + 20))
        records.append(
            Self.record(
                try frame(Self.request, from: .device, nonce: "request"),
                from: .device,
                time: Self.startTime + 30
            )
        )
        records.append(
            Self.record(
                try frame(Self.response, from: .core, nonce: "response"),
                from: .core,
                time: Self.startTime + 40
            )
        )
    }

    /// A 0x02 sealed by `role` under this exchange's keys (or `keys`) and a nonce derived from `nonce`.
    public func frame(_ plaintext: [UInt8], from role: Role, nonce: String, keys: SessionKeys? = nil) throws -> [UInt8]
    {
        try SessionCipher(role: role, keys: keys ?? self.keys).seal(
            plaintext,
            nonce: LabelDerived.nonce(id: fixture.id, name: "frame/" + nonce)
        )
    }

    /// A `tunnel:frame` from `role` straight to the other endpoint.
    public static func record(_ message: [UInt8], from role: Role, time: Int64) -> TraceRecord {
        TraceRecord.frame(
            time: time,
            from: role == .device ? .device : .core,
            to: role == .device ? .core : .device,
            channelId: channel,
            payload: Base64URL.encode(message)
        )
    }

    /// The same records as a relay records them: each frame received from its sender, then sent
    /// on to the other endpoint 1 ms later.
    public var relayCapture: [TraceRecord] {
        records.flatMap { record -> [TraceRecord] in
            guard case .event(let name, let from, let to, let data) = record.body else { return [record] }
            return [
                TraceRecord(time: record.time, body: .event(name: name, from: from, to: .relay, data: data)),
                TraceRecord(time: record.time + 1, body: .event(name: name, from: .relay, to: to, data: data)),
            ]
        }
    }

    /// Every secret of the exchange, as the two endpoints log them: the derived secrets of
    /// KEYLOG-2 and KEYLOG-8 to KEYLOG-10, no private key.
    public var keyLogEntries: [KeyLogEntry] {
        let f = fixture
        let handshakeDH = try! X25519.sharedSecret(privateKey: f.handshakeEphemeralPrivate, publicKey: f.corePublic)
        let staticDH = try! X25519.sharedSecret(privateKey: f.devicePrivate, publicKey: f.corePublic)
        let ephemeralDH = try! X25519.sharedSecret(
            privateKey: f.clientEphemeralPrivate,
            publicKey: f.serverEphemeralPublic
        )
        return [
            .handshakeKey(
                handshakeDH: handshakeDH,
                handshakeEphemeralPublic: f.handshakeEphemeralPublic,
                corePublic: f.corePublic
            ),
            .ackKey(staticDH: staticDH, clientEphemeralPublic: f.clientEphemeralPublic),
            .session(
                clientEphemeralPublic: f.clientEphemeralPublic,
                serverEphemeralPublic: f.serverEphemeralPublic,
                keys: keys
            ),
            .pairingCodeKey(staticDH: staticDH, ephemeralDH: ephemeralDH, handshake: handshake, ack: ack),
        ]
    }

    /// The same exchange's key log as a writer of suite 2.3 wrote it: every private key and
    /// `SESSION_KEYS` (a fixture of 2.3 that a reader still opens, KEYLOG-12).
    public var legacyKeyLogEntries: [KeyLogEntry] {
        let f = fixture
        return [
            .privateKey(.coreStatic, f.corePrivate), .privateKey(.deviceStatic, f.devicePrivate),
            .privateKey(.handshakeEphemeral, f.handshakeEphemeralPrivate),
            .privateKey(.clientEphemeral, f.clientEphemeralPrivate),
            .privateKey(.serverEphemeral, f.serverEphemeralPrivate),
            .session(
                clientEphemeralPublic: f.clientEphemeralPublic,
                serverEphemeralPublic: f.serverEphemeralPublic,
                keys: keys
            ),
        ]
    }

    public var legacyKeyLog: String { legacyKeyLogEntries.map(\.line).joined() }

    public var keyLog: String { keyLogEntries.map(\.line).joined() }

    /// `records` as a trace file: the header, then one line per record.
    public static func trace(_ records: [TraceRecord]) -> String {
        ([TraceHeader().line] + records.map(\.line)).map { $0 + "\n" }.joined()
    }

    public var trace: String { Self.trace(records) }

    /// Test and vector access to the exchange's other building blocks.
    public var corePublic: [UInt8] { fixture.corePublic }
    public var devicePublic: [UInt8] { fixture.devicePublic }
    public var clientEphemeralPublic: [UInt8] { fixture.clientEphemeralPublic }
    public var serverEphemeralPublic: [UInt8] { fixture.serverEphemeralPublic }

    /// The handshake sealed properly but carrying `plaintext` (HS-1 with another pt_hs).
    public func handshake(plaintext: [UInt8]) throws -> [UInt8] { try fixture.handshake(plaintext: plaintext) }
    /// The ack sealed properly but carrying `plaintext`.
    public func ack(plaintext: [UInt8]) throws -> [UInt8] { try fixture.ack(plaintext: plaintext) }
    /// The same device sealing its handshake to another core's key.
    public func handshakeToOtherCore() throws -> (message: [UInt8], corePrivate: [UInt8], handshakeKey: KeyLogEntry) {
        let other = fixture.otherCore("other-core")
        let dh = try X25519.sharedSecret(privateKey: other.handshakeEphemeralPrivate, publicKey: other.corePublic)
        let key = KeyLogEntry.handshakeKey(
            handshakeDH: dh,
            handshakeEphemeralPublic: other.handshakeEphemeralPublic,
            corePublic: other.corePublic
        )
        return (try other.handshake(), other.corePrivate, key)
    }
}
