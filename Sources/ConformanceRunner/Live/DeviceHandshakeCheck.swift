import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The adapter plays the device, the runner plays the core with the reference library, with
/// every key and nonce fresh from the runner's CSPRNG.
///
/// ```
/// runner (reference core)                       adapter (device)
///   fresh core_static, device_static, hs_eph, client_eph, nonce
///                           handshake-device-start ->  0x03   must equal the reference's bytes
///   CoreHandshake.accept(0x03) -> 0x04, keys
///                           handshake-device-finish(0x04) -> c2s, s2c   must equal the core's
///                           handshake-device-finish(tampered 0x04) -> auth_failed
///                           handshake-device-finish(0x04 of another core) -> auth_failed
/// ```
enum DeviceHandshakeCheck {
    static func run(_ context: inout LiveContext) throws(CheckFailure) {
        let coreStatic = context.bytes(32)
        let corePublic = X25519.publicKey(privateKey: coreStatic)
        let deviceStatic = context.bytes(32), clientEphemeral = context.bytes(32)
        let startInput: JSONValue = [
            "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(deviceStatic),
            "handshakeEphemeralPrivate": .hex(context.bytes(32)), "clientEphemeralPrivate": .hex(clientEphemeral),
            "nonce": .hex(context.bytes(24)),
        ]
        let recorder = context.recorder
        recorder.pairingPayload(corePublicKey: corePublic)
        let started = try context.expectReference(
            "handshake-device-start",
            startInput,
            context: "handshake-device-start with fresh keys",
            record: { recorder.frame("frame", of: $0, from: .device) }
        )
        let frame = try LiveContext.hexMember("frame", of: started, operation: "handshake-device-start")

        var channel = ChannelState.pending(expiresAt: LiveContext.now + 600)
        let acceptance: CoreHandshake.Acceptance
        do {
            acceptance = try CoreHandshake.accept(
                frame: frame,
                coreStaticPrivate: coreStatic,
                channel: &channel,
                now: LiveContext.now,
                serverEphemeralPrivate: context.bytes(32),
                ackNonce: context.bytes(24)
            )
        } catch {
            throw CheckFailure("the reference core rejects the adapter's handshake with \(error.code)")
        }

        func finishInput(_ ack: [UInt8]) -> JSONValue {
            [
                "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(deviceStatic),
                "clientEphemeralPrivate": .hex(clientEphemeral), "frame": .hex(ack),
            ]
        }
        context.recorder.frame(acceptance.ack, from: .core)
        let finished = try context.expectReference(
            "handshake-device-finish",
            finishInput(acceptance.ack),
            context: "handshake-device-finish with the reference core's ack"
        )
        let expectedKeys: JSONValue = ["c2s": .hex(acceptance.keys.c2s), "s2c": .hex(acceptance.keys.s2c)]
        if let mismatch = ResponseComparison.difference(expected: expectedKeys, actual: finished, path: "") {
            throw CheckFailure(
                "the adapter's session keys differ from the reference core's: \(mismatch)",
                expected: expectedKeys,
                actual: finished
            )
        }

        // The tag is the ack's last byte: flipping it must fail authentication (ACK-4 step 5).
        var tampered = acceptance.ack
        tampered[tampered.count - 1] ^= 0x01
        // Probes (TRACE-6): the ack's nonce again with other bytes, then a second ack for one
        // handshake; both ACK-1 as a verifier names them, and the device must refuse both.
        _ = try context.expectReference(
            "handshake-device-finish",
            finishInput(tampered),
            context: "handshake-device-finish with a tampered ack",
            record: { recorder.frame(tampered, from: .core, probe: Self.probe("ACK-1", accepted: $0 != nil)) }
        )

        // An impostor core that knows everything public but not core_static cannot seal k_ack.
        let impostorStatic = context.bytes(32)
        var impostorChannel = ChannelState.pending(expiresAt: LiveContext.now + 600)
        let impostorFrame: [UInt8]
        let impostorAck: [UInt8]
        do {
            impostorFrame = try DeviceHandshake.start(
                corePublicKey: X25519.publicKey(privateKey: impostorStatic),
                deviceStaticPrivate: deviceStatic,
                handshakeEphemeralPrivate: context.bytes(32),
                clientEphemeralPrivate: clientEphemeral,
                nonce: context.bytes(24)
            )
            impostorAck = try CoreHandshake.accept(
                frame: impostorFrame,
                coreStaticPrivate: impostorStatic,
                channel: &impostorChannel,
                now: LiveContext.now,
                serverEphemeralPrivate: context.bytes(32),
                ackNonce: context.bytes(24)
            ).ack
        } catch {
            throw CheckFailure("the reference could not build the impostor's ack: \(error.code)")
        }
        _ = try context.expectReference(
            "handshake-device-finish",
            finishInput(impostorAck),
            context: "handshake-device-finish with an ack from another core",
            record: { recorder.frame(impostorAck, from: .core, probe: Self.probe("ACK-1", accepted: $0 != nil)) }
        )
    }

    /// A probe of `requirement`, with the adapter's answer: an output is an accepted message.
    static func probe(_ requirement: String, accepted: Bool) -> TraceProbe {
        TraceProbe(breaks: requirement, answer: accepted ? .accepted : .refused)
    }
}
