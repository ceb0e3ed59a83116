import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// A version 3 pairing recorded as a trace and its key log (kit chapter 3, VERIFY-13,
/// VERIFY-14), every message built by the library's Noise handshake states from keys and nonces
/// derived from `id`: the pairing payload, the device's 0x10, the core's 0x11, the reveal, the
/// desktop's Yes and the phone's Match. The verifier's vectors and tests take a copy and break
/// one thing.
public struct RecordedPairingV3: Sendable {
    public static let channel = "verify-v3-channel"
    public static let startTime: Int64 = 1_790_000_000_000

    let id: String
    public let messageOne: [UInt8]
    public let messageTwo: [UInt8]
    public let reveal: [UInt8]
    public let coreYes: [UInt8]
    public let deviceMatch: [UInt8]
    public let code: String
    public let handshakeHash: [UInt8]
    public let pairingPayload: String
    /// Pairing payload, 0x10, 0x11, the reveal, the core's Yes, the device's Match.
    public var records: [TraceRecord]
    /// The device's transport after its two records, and the core's after its one: what a
    /// lying side seals further records with.
    let deviceTransport: NoiseTransport
    let coreTransport: NoiseTransport

    public init(id: String) throws {
        self.id = id
        let attempt = try Self.attempt(id: id, device: "device", nonce: "device-nonce")
        messageOne = attempt.messageOne
        messageTwo = attempt.messageTwo
        handshakeHash = attempt.handshakeHash
        code = PairingV3.code(
            handshakeHash: handshakeHash,
            deviceNonce: attempt.deviceNonce,
            coreNonce: attempt.coreNonce
        )
        var device = attempt.deviceTransport, core = attempt.coreTransport
        reveal = [PairingV3Message.record] + (try device.seal(attempt.deviceNonce))
        coreYes =
            [PairingV3Message.record]
            + (try core.seal(PairingV3Record.confirmation(by: .core, handshakeHash: handshakeHash, code: code)))
        deviceMatch =
            [PairingV3Message.record]
            + (try device.seal(PairingV3Record.confirmation(by: .device, handshakeHash: handshakeHash, code: code)))
        deviceTransport = device
        coreTransport = core
        pairingPayload = try PairingPayloadEncoder.encode(
            PairingPayload(
                channelID: Self.channel,
                pairingToken: "verify-v3-pairing-token-0123456",
                corePublicKey: X25519.publicKey(privateKey: Self.coreStatic(id)),
                rpcURL: nil,
                expiresAt: UInt64(HandshakeFixture.expiresAt)
            )
        )
        records = [TraceRecord(time: Self.startTime, body: .pairingPayload(pairingPayload))]
        for (index, (message, sender)) in [
            (messageOne, Role.device), (messageTwo, .core), (reveal, .device), (coreYes, .core), (deviceMatch, .device),
        ].enumerated() {
            records.append(Self.record(message, from: sender, time: Self.startTime + 10 * Int64(index + 1)))
        }
    }

    /// Both sides' lines for the pairing (KEYLOG-13): the device's and the core's, which agree.
    public var keyLogEntries: [KeyLogEntry] { Self.keyLogLines(id: id, device: "device", nonce: "device-nonce") }

    public var keyLog: String { keyLogEntries.map(\.line).joined() }

    /// A record sealed by `role` under the attempt's keys after its genuine records (the
    /// device's third, the core's second).
    public func furtherRecord(_ plaintext: [UInt8], from role: Role) throws -> [UInt8] {
        var transport = role == .device ? deviceTransport : coreTransport
        return [PairingV3Message.record] + (try transport.seal(plaintext))
    }

    /// The attempt's record sealed as the `index`-th of `role` (0 from the start) but carrying
    /// `plaintext`: a lying reveal or answer under the genuine keys.
    public func record(_ plaintext: [UInt8], from role: Role, index: Int) throws -> [UInt8] {
        let attempt = try Self.attempt(id: id, device: "device", nonce: "device-nonce")
        var transport = role == .device ? attempt.deviceTransport : attempt.coreTransport
        for _ in 0..<index { _ = try transport.seal([UInt8](repeating: 0, count: 32)) }
        return [PairingV3Message.record] + (try transport.seal(plaintext))
    }

    /// Another message 1 to the same core: the device `device` committing to `nonce`. With the
    /// genuine device's name and another nonce, the same `e_D` with other bytes.
    public func otherMessageOne(device: String, nonce: String) throws -> [UInt8] {
        try Self.attempt(id: id, device: device, nonce: nonce).messageOne
    }

    /// The core's message 2 for `otherMessageOne(device:nonce:)`, and the attempt's key log.
    public func otherAttempt(
        device: String,
        nonce: String
    ) throws -> (
        messageOne: [UInt8], messageTwo: [UInt8], keyLog: String
    ) {
        let attempt = try Self.attempt(id: id, device: device, nonce: nonce)
        return (
            attempt.messageOne, attempt.messageTwo,
            Self.keyLogLines(id: id, device: device, nonce: nonce).map(\.line).joined()
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

    // MARK: - One attempt

    private struct Attempt {
        let messageOne, messageTwo, handshakeHash, deviceNonce, coreNonce: [UInt8]
        var deviceTransport, coreTransport: NoiseTransport
    }

    private static func coreStatic(_ id: String) -> [UInt8] { LabelDerived.privateKey(id: id, name: "core-static") }
    private static func pairingSecret(_ id: String) -> [UInt8] {
        LabelDerived.bytes(PairingV3.pairingSecretLength, id: id, name: "ps")
    }

    /// Message 1 of the device `device` committing to the nonce `nonce`, and the core's answer.
    private static func attempt(id: String, device: String, nonce: String) throws -> Attempt {
        let deviceNonce = LabelDerived.bytes(32, id: id, name: nonce)
        let coreNonce = LabelDerived.bytes(32, id: id, name: "\(device)-\(nonce)-core-nonce")
        var initiator = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .initiator,
            prologue: PairingV3.prologue(channelID: channel),
            staticPrivate: LabelDerived.privateKey(id: id, name: "\(device)-static"),
            ephemeralPrivate: LabelDerived.privateKey(id: id, name: "\(device)-ephemeral"),
            remoteStatic: X25519.publicKey(privateKey: coreStatic(id)),
            psk: PairingV3.psk(pairingSecret: pairingSecret(id), channelID: channel)
        )
        var responder = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .responder,
            prologue: PairingV3.prologue(channelID: channel),
            staticPrivate: coreStatic(id),
            ephemeralPrivate: LabelDerived.privateKey(id: id, name: "\(device)-\(nonce)-core-ephemeral"),
            remoteStatic: nil,
            psk: PairingV3.psk(pairingSecret: pairingSecret(id), channelID: channel)
        )
        let messageOne =
            [PairingV3Message.messageOne]
            + (try initiator.writeMessage(payload: PairingV3.commitment(deviceNonce: deviceNonce)))
        _ = try responder.readMessage(Array(messageOne.dropFirst()))
        let messageTwo = [PairingV3Message.messageTwo] + (try responder.writeMessage(payload: coreNonce))
        _ = try initiator.readMessage(Array(messageTwo.dropFirst()))
        return Attempt(
            messageOne: messageOne,
            messageTwo: messageTwo,
            handshakeHash: initiator.handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: coreNonce,
            deviceTransport: initiator.split(),
            coreTransport: responder.split()
        )
    }

    private static func keyLogLines(id: String, device: String, nonce: String) -> [KeyLogEntry] {
        guard let attempt = try? attempt(id: id, device: device, nonce: nonce) else { return [] }
        let deviceLines = PairingV3KeyLogLines.device(
            corePublic: X25519.publicKey(privateKey: coreStatic(id)),
            channelID: channel,
            pairingSecret: pairingSecret(id),
            deviceStaticPrivate: LabelDerived.privateKey(id: id, name: "\(device)-static"),
            deviceEphemeralPrivate: LabelDerived.privateKey(id: id, name: "\(device)-ephemeral"),
            deviceNonce: LabelDerived.bytes(32, id: id, name: nonce),
            acceptedMessageTwo: attempt.messageTwo
        )
        let coreLines = PairingV3KeyLogLines.core(
            coreStaticPrivate: coreStatic(id),
            channelID: channel,
            pairingSecret: pairingSecret(id),
            messageOne: attempt.messageOne,
            messageTwo: attempt.messageTwo,
            coreEphemeralPrivate: LabelDerived.privateKey(id: id, name: "\(device)-\(nonce)-core-ephemeral")
        )
        return deviceLines + coreLines
    }
}
