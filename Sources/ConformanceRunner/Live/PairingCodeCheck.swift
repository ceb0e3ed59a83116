import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The pairing code with keys nobody chose in advance (SAS-1, SAS-2), from both ends.
///
/// As device: the adapter builds the 0x03 and finishes the ack of the reference core (a
/// `CoreChannel`), then computes the code with `sas` from its own side of the exchange; it must
/// equal the code the reference core shows. A rogue device's exchange with the same core must
/// give another code through the same `sas` operation.
///
/// As core: the reference device handshakes with the adapter's `core-channel`. The code of the
/// handshake step must equal the reference device's; the first frame is `pairing_unconfirmed`,
/// the confirmation pairs, the next frame is delivered and the core's reply opens at the device.
enum PairingCodeCheck {
    static func runAdapterAsDevice(_ context: inout LiveContext) throws(CheckFailure) {
        let coreStatic = context.bytes(32)
        var channel = CoreChannel(coreStaticPrivate: coreStatic, state: .pending(expiresAt: LiveContext.now + 600))
        context.recorder.pairingPayload(corePublicKey: X25519.publicKey(privateKey: coreStatic))
        // The genuine exchange's code starts with a zero, so an implementation that prints the
        // code as a plain integer is caught every run, not one run in ten (SAS-2).
        let genuine = try exchange(with: &channel, coreStatic: coreStatic, context: &context, leadingZero: true)
        let rogue = try exchange(with: &channel, coreStatic: coreStatic, context: &context, leadingZero: false)
        guard genuine != rogue else {
            throw CheckFailure("a rogue device's exchange shows the genuine device's code \(genuine)")
        }
    }

    /// The random inputs of one exchange.
    private struct Draw {
        var deviceStatic, handshakeEphemeral, clientEphemeral, nonce, serverEphemeral, ackNonce: [UInt8]

        init(_ context: inout LiveContext) {
            deviceStatic = context.bytes(32)
            handshakeEphemeral = context.bytes(32)
            clientEphemeral = context.bytes(32)
            nonce = context.bytes(24)
            serverEphemeral = context.bytes(32)
            ackNonce = context.bytes(24)
        }

        /// The code the reference core would show for these inputs, on a copy of `channel`.
        func code(channel: CoreChannel, corePublic: [UInt8]) -> String? {
            var scratch = channel
            guard
                let handshake = try? DeviceHandshake.start(
                    corePublicKey: corePublic,
                    deviceStaticPrivate: deviceStatic,
                    handshakeEphemeralPrivate: handshakeEphemeral,
                    clientEphemeralPrivate: clientEphemeral,
                    nonce: nonce
                ),
                let accepted = try? scratch.receiveHandshake(
                    handshake,
                    now: LiveContext.now,
                    serverEphemeralPrivate: serverEphemeral,
                    ackNonce: ackNonce
                )
            else { return nil }
            return accepted.sas
        }
    }

    /// Draws inputs until the code starts with a zero (one draw in ten does; 1,000 draws all
    /// failing has probability 0.9^1000), or once when `leadingZero` is false.
    private static func draw(
        channel: CoreChannel,
        corePublic: [UInt8],
        leadingZero: Bool,
        context: inout LiveContext
    ) throws(CheckFailure) -> Draw {
        for _ in 0..<(leadingZero ? 1_000 : 1) {
            let draw = Draw(&context)
            if !leadingZero || draw.code(channel: channel, corePublic: corePublic)?.first == "0" { return draw }
        }
        throw CheckFailure("no code with a leading zero in 1,000 draws: the reference core's codes are not uniform")
    }

    /// One exchange of a fresh adapter device with the reference core: returns the core's code
    /// after checking that the adapter's `sas` gives the same.
    private static func exchange(
        with channel: inout CoreChannel,
        coreStatic: [UInt8],
        context: inout LiveContext,
        leadingZero: Bool
    ) throws(CheckFailure) -> String {
        let corePublic = X25519.publicKey(privateKey: coreStatic)
        let keys = try draw(channel: channel, corePublic: corePublic, leadingZero: leadingZero, context: &context)
        let deviceStatic = keys.deviceStatic, clientEphemeral = keys.clientEphemeral
        let started = try context.expectReference(
            "handshake-device-start",
            [
                "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(deviceStatic),
                "handshakeEphemeralPrivate": .hex(keys.handshakeEphemeral),
                "clientEphemeralPrivate": .hex(clientEphemeral),
                "nonce": .hex(keys.nonce),
            ],
            context: "handshake-device-start with fresh keys",
            record: { [recorder = context.recorder] in recorder.frame("frame", of: $0, from: .device) }
        )
        let handshake = try LiveContext.hexMember("frame", of: started, operation: "handshake-device-start")
        let serverEphemeral = keys.serverEphemeral
        let accepted: CoreHandshake.Acceptance
        do {
            accepted = try channel.receiveHandshake(
                handshake,
                now: LiveContext.now,
                serverEphemeralPrivate: serverEphemeral,
                ackNonce: keys.ackNonce
            )
        } catch {
            throw CheckFailure("the reference core rejects the adapter's handshake with \(error.code)")
        }
        context.recorder.frame(accepted.ack, from: .core)
        _ = try context.expectReference(
            "handshake-device-finish",
            [
                "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(deviceStatic),
                "clientEphemeralPrivate": .hex(clientEphemeral), "frame": .hex(accepted.ack),
            ],
            context: "handshake-device-finish with the reference core's ack"
        )
        let staticDH: [UInt8], ephemeralDH: [UInt8]
        do {
            staticDH = try X25519.sharedSecret(privateKey: deviceStatic, publicKey: corePublic)
            ephemeralDH = try X25519.sharedSecret(
                privateKey: clientEphemeral,
                publicKey: X25519.publicKey(privateKey: serverEphemeral)
            )
        } catch {
            throw CheckFailure("the reference could not compute the exchange's secrets: \(TunnelError(error).code)")
        }
        let answer = try context.expectReference(
            "sas",
            [
                "staticDh": .hex(staticDH), "ephemeralDh": .hex(ephemeralDH), "handshake": .hex(handshake),
                "ack": .hex(accepted.ack),
            ],
            context: "sas of the adapter's exchange"
        )
        guard answer["sas"] == .string(accepted.sas) else {
            throw CheckFailure(
                "the adapter's code differs from the reference core's",
                expected: ["sas": .string(accepted.sas)],
                actual: answer
            )
        }
        return accepted.sas
    }

    static let coreSteps = [
        "the reference device's handshake", "its first frame", "the user's confirmation", "its next frame",
        "the core's reply",
    ]

    static func runAdapterAsCore(_ context: inout LiveContext) throws(CheckFailure) {
        let coreStatic = context.bytes(32)
        let corePublic = X25519.publicKey(privateKey: coreStatic)
        let deviceStatic = context.bytes(32), clientEphemeral = context.bytes(32)
        let serverEphemeral = context.bytes(32), ackNonce = context.bytes(24)
        let handshake: [UInt8], ack: [UInt8], keys: SessionKeys, code: String
        do {
            handshake = try DeviceHandshake.start(
                corePublicKey: corePublic,
                deviceStaticPrivate: deviceStatic,
                handshakeEphemeralPrivate: context.bytes(32),
                clientEphemeralPrivate: clientEphemeral,
                nonce: context.bytes(24)
            )
            var reference = CoreChannel(
                coreStaticPrivate: coreStatic,
                state: .pending(expiresAt: LiveContext.now + 600)
            )
            ack = try reference.receiveHandshake(
                handshake,
                now: LiveContext.now,
                serverEphemeralPrivate: serverEphemeral,
                ackNonce: ackNonce
            ).ack
            keys = try DeviceHandshake.finish(
                ack: ack,
                corePublicKey: corePublic,
                deviceStaticPrivate: deviceStatic,
                clientEphemeralPrivate: clientEphemeral
            )
            code = ShortAuthenticationString.derive(
                staticDH: try TunnelError.crypto { () throws(CryptoError) in
                    try X25519.sharedSecret(privateKey: deviceStatic, publicKey: corePublic)
                },
                ephemeralDH: try TunnelError.crypto { () throws(CryptoError) in
                    try X25519.sharedSecret(
                        privateKey: clientEphemeral,
                        publicKey: X25519.publicKey(privateKey: serverEphemeral)
                    )
                },
                handshake: handshake,
                ack: ack
            )
        } catch {
            throw CheckFailure("the reference device could not complete its side: \(error.code)")
        }
        let device = SessionCipher(role: .device, keys: keys)
        let first: [UInt8], next: [UInt8]
        do {
            first = try device.seal(LiveEnvelopes.plaintext(from: .device, id: 1, padding: 0), nonce: context.bytes(24))
            next = try device.seal(LiveEnvelopes.plaintext(from: .device, id: 2, padding: 0), nonce: context.bytes(24))
        } catch {
            throw CheckFailure("the reference device could not seal: \(error.code)")
        }
        let now = LiveContext.now
        let input: JSONValue = [
            "coreStaticPrivate": .hex(coreStatic),
            "channel": ChannelJSON.write(.pending(expiresAt: now + 600)),
            "steps": [
                [
                    "handshake": [
                        "frame": .hex(handshake), "now": .int(now), "serverEphemeralPrivate": .hex(serverEphemeral),
                        "ackNonce": .hex(ackNonce),
                    ]
                ],
                ["open": ["frame": .hex(first), "now": .int(now + 1)]],
                // CONFIRM-4: the Yes names the handshake whose code was shown.
                ["confirm": ["now": .int(now + 2), "handshakeEphemeral": .hex(Array(handshake[1..<33]))]],
                ["open": ["frame": .hex(next), "now": .int(now + 3)]],
                [
                    "seal": [
                        "plaintext": .hex(LiveEnvelopes.plaintext(from: .core, id: 2, padding: 0)),
                        "nonce": .hex(context.bytes(24)), "now": .int(now + 4),
                    ]
                ],
            ],
        ]
        let recorder = context.recorder
        let output = try context.expectReference(
            "core-channel",
            input,
            context: "core-channel with a fresh device",
            describe: { coreSteps.indices.contains($0) ? coreSteps[$0] : "step \($0)" },
            record: { output in
                // The handshake and its ack, the device's two frames, the core's reply.
                let results = output?["steps"]?.arrayValue ?? []
                let answered = { (index: Int, name: String) in
                    results.indices.contains(index) ? results[index][name]?.stringValue.flatMap(Hex.decode) : nil
                }
                recorder.frame(handshake, from: .device)
                if let ack = answered(0, "ack") { recorder.frame(ack, from: .core) }
                recorder.frame(first, from: .device)
                recorder.frame(next, from: .device)
                if let reply = answered(4, "frame") { recorder.frame(reply, from: .core) }
            }
        )
        let steps = output["steps"]?.arrayValue ?? []
        guard steps.first?["sas"] == .string(code) else {
            throw CheckFailure(
                "the adapter's code differs from the reference device's",
                expected: ["sas": .string(code)],
                actual: steps.first
            )
        }
        var opener = device
        guard let reply = steps.last?["frame"]?.stringValue.flatMap(Hex.decode), (try? opener.open(reply)) != nil else {
            throw CheckFailure("the core's reply does not open at the reference device", actual: steps.last)
        }
    }
}
