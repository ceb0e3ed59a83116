import AdapterOperations
import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The adapter plays the core (`handshake-core`), the runner plays the device with the
/// reference library. One request carries the whole story on one channel, so the channel state
/// after each step shows whether a rejection left it unchanged (CHAN-6):
///
/// 1. the device's first handshake on a pending channel: accepted, channel paired;
/// 2. the same message again (a relay replaying it): `handshake_replayed`;
/// 3. an impostor device with its own static key: `unknown_device`;
/// 4. the first message with one ciphertext bit flipped: `auth_failed`;
/// 5. a new handshake of the paired device: accepted, new session keys (SESS-1).
///
/// The expected answer of every step comes from the reference interpreter run on the same
/// input; the acks are then finished by the reference device, whose keys must match the core's.
enum CoreHandshakeCheck {
    static let steps = [
        "the device's first handshake on a pending channel",
        "the same handshake replayed",
        "an impostor device's handshake",
        "the first handshake with a flipped ciphertext bit",
        "a new handshake of the paired device",
    ]

    static func run(_ context: inout LiveContext) throws(CheckFailure) {
        let coreStatic = context.bytes(32)
        let corePublic = X25519.publicKey(privateKey: coreStatic)
        let deviceStatic = context.bytes(32)
        var clientEphemerals: [[UInt8]] = []

        func handshake(deviceStatic: [UInt8], context: inout LiveContext) throws(CheckFailure) -> [UInt8] {
            let clientEphemeral = context.bytes(32)
            clientEphemerals.append(clientEphemeral)
            do {
                return try DeviceHandshake.start(
                    corePublicKey: corePublic,
                    deviceStaticPrivate: deviceStatic,
                    handshakeEphemeralPrivate: context.bytes(32),
                    clientEphemeralPrivate: clientEphemeral,
                    nonce: context.bytes(24)
                )
            } catch {
                throw CheckFailure("the reference device could not build a handshake: \(error.code)")
            }
        }
        let first = try handshake(deviceStatic: deviceStatic, context: &context)
        let impostor = try handshake(deviceStatic: context.bytes(32), context: &context)
        var tampered = first
        tampered[60] ^= 0x80
        let second = try handshake(deviceStatic: deviceStatic, context: &context)
        let frames = [first, first, impostor, tampered, second]
        /// The rule each of the runner's probes breaks, as a verifier names it (TRACE-6): the same
        /// 0x03 again, another device's key on a paired channel, a reused nonce with other bytes.
        let probes: [String?] = [nil, "DEV-STATE-2", "CHAN-3", "HS-1", nil]
        let stepInputs: [JSONValue] = frames.map { frame in
            [
                "frame": .hex(frame), "now": .int(LiveContext.now),
                "serverEphemeralPrivate": .hex(context.bytes(32)), "ackNonce": .hex(context.bytes(24)),
            ]
        }
        let input: JSONValue = [
            "coreStaticPrivate": .hex(coreStatic),
            "channel": ChannelJSON.write(.pending(expiresAt: LiveContext.now + 600)),
            "steps": .array(stepInputs),
        ]
        let recorder = context.recorder
        let output = try context.expectReference(
            "handshake-core",
            input,
            context: "handshake-core",
            describe: { steps.indices.contains($0) ? steps[$0] : "step \($0)" },
            record: { output in
                // Each handshake in turn, followed by the ack the core answered it with.
                let results = output?["steps"]?.arrayValue ?? []
                for (index, frame) in frames.enumerated() {
                    let ack =
                        results.indices.contains(index) ? results[index]["ack"]?.stringValue.flatMap(Hex.decode) : nil
                    recorder.frame(
                        frame,
                        from: .device,
                        probe: probes[index].map { TraceProbe(breaks: $0, answer: ack == nil ? .refused : .accepted) }
                    )
                    if let ack { recorder.frame(ack, from: .core) }
                }
            }
        )

        // The accepted steps' acks must complete at the reference device with the core's keys.
        let results = output["steps"]?.arrayValue ?? []
        for (step, clientEphemeral) in [(0, clientEphemerals[0]), (4, clientEphemerals[2])] {
            guard results.indices.contains(step),
                let ack = results[step]["ack"]?.stringValue.flatMap(Hex.decode)
            else { continue }
            let keys: SessionKeys
            do {
                keys = try DeviceHandshake.finish(
                    ack: ack,
                    corePublicKey: corePublic,
                    deviceStaticPrivate: deviceStatic,
                    clientEphemeralPrivate: clientEphemeral
                )
            } catch {
                throw CheckFailure(
                    "the reference device rejects the ack of \(steps[step]) with \(error.code)",
                    actual: results[step]
                )
            }
            guard results[step]["c2s"] == .hex(keys.c2s), results[step]["s2c"] == .hex(keys.s2c) else {
                throw CheckFailure(
                    "the keys of \(steps[step]) differ from the reference device's",
                    actual: results[step]
                )
            }
        }
    }
}
