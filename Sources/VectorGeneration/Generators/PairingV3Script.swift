import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The devices and core steps of `pairing-v3-core`'s vectors. An honest device is the library's
/// `DevicePairingV3`; a lying one seals whatever the vector needs under the genuine keys, which
/// only a device that ran the handshake can.
struct PairingV3Script {
    static let expiresAt: Int64 = 10_000
    static let start: Int64 = 1_000
    let id: String

    var coreStatic: [UInt8] { LabelDerived.privateKey(id: id, name: "core-static") }
    var corePublic: [UInt8] { X25519.publicKey(privateKey: coreStatic) }
    var pairingSecret: [UInt8] { LabelDerived.bytes(PairingV3.pairingSecretLength, id: id, name: "ps") }

    /// The operation's input around `steps`.
    func input(_ steps: [JSONValue]) -> JSONValue {
        [
            "coreStaticPrivate": .hex(coreStatic), "cid": .string(NoiseFixture.channelID),
            "pairingSecret": .hex(pairingSecret), "expiresAt": .int(Self.expiresAt), "steps": .array(steps),
        ]
    }

    /// The library core, to compute the answers an honest device reads.
    func core() -> CorePairingV3 {
        CorePairingV3(
            coreStaticPrivate: coreStatic,
            channelID: NoiseFixture.channelID,
            pairingSecret: pairingSecret,
            expiresAt: Self.expiresAt
        )
    }

    /// An honest phone that scanned the QR code (or, with `pairingSecret`, one that guessed).
    func device(_ name: String, pairingSecret: [UInt8]? = nil) throws -> DevicePairingV3 {
        try DevicePairingV3(
            corePublicKey: corePublic,
            channelID: NoiseFixture.channelID,
            pairingSecret: pairingSecret ?? self.pairingSecret,
            deviceStaticPrivate: LabelDerived.privateKey(id: id, name: "\(name)-static"),
            deviceEphemeralPrivate: LabelDerived.privateKey(id: id, name: "\(name)-ephemeral"),
            deviceNonce: LabelDerived.bytes(32, id: id, name: "\(name)-nonce")
        )
    }

    /// The core's ephemeral key and nonce for the attempt `name`.
    func coreRandom(_ name: String) -> (ephemeral: [UInt8], nonce: [UInt8]) {
        (
            LabelDerived.privateKey(id: id, name: "\(name)-core-ephemeral"),
            LabelDerived.bytes(32, id: id, name: "\(name)-core-nonce")
        )
    }

    /// A `receive` step; a message 1 carries the core's random values for attempt `attempt`.
    func receive(_ message: [UInt8], now: Int64, attempt: String? = nil) -> JSONValue {
        var body: [String: JSONValue] = ["message": .hex(message), "now": .int(now)]
        if let attempt {
            let random = coreRandom(attempt)
            body["coreEphemeral"] = .hex(random.ephemeral)
            body["coreNonce"] = .hex(random.nonce)
        }
        return ["receive": .object(body)]
    }

    static func confirm(_ code: String, now: Int64) -> JSONValue {
        ["confirm": ["code": .string(code), "now": .int(now)]]
    }
    static func user(_ answer: String, now: Int64) -> JSONValue { [answer: ["now": .int(now)]] }

    /// The honest exchange up to the code on both screens: message 1, the core's message 2 (as
    /// the library answers it), the reveal. Returns the device in `confirming` and the core.
    func exchange(
        _ name: String = "phone",
        now: Int64 = start
    ) throws
        -> (device: DevicePairingV3, core: CorePairingV3, messageOne: [UInt8], reveal: [UInt8])
    {
        var device = try device(name), core = core()
        let random = coreRandom(name)
        let reply = try core.receive(
            device.messageOne,
            now: now,
            coreEphemeralPrivate: random.ephemeral,
            coreNonce: random.nonce
        ).reply
        guard let reply, let reveal = try device.receive(reply, now: now).reply else {
            throw GenerationError("\(id): no reveal")
        }
        _ = try core.receive(reveal, now: now + 1, coreEphemeralPrivate: random.ephemeral, coreNonce: random.nonce)
        return (device, core, device.messageOne, reveal)
    }

    /// A device that runs the genuine handshake but commits to `committed` and then seals the
    /// given plaintexts as its records, in order.
    func lyingDevice(
        committed: [UInt8],
        records: [[UInt8]],
        attempt: String = "liar",
        now: Int64 = start
    ) throws
        -> (messageOne: [UInt8], records: [[UInt8]])
    {
        var noise = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .initiator,
            prologue: PairingV3.prologue(channelID: NoiseFixture.channelID),
            staticPrivate: LabelDerived.privateKey(id: id, name: "\(attempt)-static"),
            ephemeralPrivate: LabelDerived.privateKey(id: id, name: "\(attempt)-ephemeral"),
            remoteStatic: corePublic,
            psk: PairingV3.psk(pairingSecret: pairingSecret, channelID: NoiseFixture.channelID)
        )
        let messageOne =
            [PairingV3Message.messageOne]
            + (try noise.writeMessage(payload: PairingV3.commitment(deviceNonce: committed)))
        var core = core()
        let random = coreRandom(attempt)
        guard
            let reply = try core.receive(
                messageOne,
                now: now,
                coreEphemeralPrivate: random.ephemeral,
                coreNonce: random.nonce
            ).reply
        else { throw GenerationError("\(id): no message 2") }
        _ = try noise.readMessage(Array(reply.dropFirst()))
        var transport = noise.split()
        let sealed = try records.map { plaintext throws(TunnelError) in
            [PairingV3Message.record] + (try transport.seal(plaintext))
        }
        return (messageOne, sealed)
    }
}

extension PairingV3Script {
    /// `pairing-v3-device`'s input for the phone `name` around `steps`.
    func deviceInput(_ name: String, _ steps: [JSONValue]) -> JSONValue {
        [
            "corePublicKey": .hex(corePublic), "cid": .string(NoiseFixture.channelID),
            "pairingSecret": .hex(pairingSecret),
            "deviceStaticPrivate": .hex(LabelDerived.privateKey(id: id, name: "\(name)-static")),
            "deviceEphemeral": .hex(LabelDerived.privateKey(id: id, name: "\(name)-ephemeral")),
            "deviceNonce": .hex(LabelDerived.bytes(32, id: id, name: "\(name)-nonce")), "steps": .array(steps),
        ]
    }

    /// A core that answers `messageOne` genuinely (with the random values of `attempt`) and
    /// then seals the plaintexts `records` gives for the pairing's final handshake hash as its
    /// records: what only the holder of the core's key and the QR secret can send.
    func scriptedCore(
        answering messageOne: [UInt8],
        attempt: String,
        records: (_ handshakeHash: [UInt8]) -> [[UInt8]]
    ) throws
        -> (messageTwo: [UInt8], records: [[UInt8]])
    {
        let random = coreRandom(attempt)
        var noise = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .responder,
            prologue: PairingV3.prologue(channelID: NoiseFixture.channelID),
            staticPrivate: coreStatic,
            ephemeralPrivate: random.ephemeral,
            remoteStatic: nil,
            psk: PairingV3.psk(pairingSecret: pairingSecret, channelID: NoiseFixture.channelID)
        )
        _ = try noise.readMessage(Array(messageOne.dropFirst()))
        let messageTwo = [PairingV3Message.messageTwo] + (try noise.writeMessage(payload: random.nonce))
        var transport = noise.split()
        let sealed = try records(noise.handshakeHash).map { plaintext throws(TunnelError) in
            [PairingV3Message.record] + (try transport.seal(plaintext))
        }
        return (messageTwo, sealed)
    }
}
