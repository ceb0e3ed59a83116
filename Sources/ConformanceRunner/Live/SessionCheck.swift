import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Frames both ways between the adapter's `session` and the reference, on keys from a fresh
/// handshake, with the runner injecting the attacks a relay can mount.
///
/// The runner is the adapter's peer: it seals frames with the reference cipher of the other
/// role, and the steps below run in one `session` request, so the window carries from step to
/// step. Each expectation comes from the reference interpreter run on the same input; the
/// adapter's own frames are then opened by the reference peer.
enum SessionCheck {
    static let steps = [
        "open the peer's frame 1",
        "open the peer's frame 2",
        "open frame 4 before frame 3 (reordering is allowed)",
        "open frame 3 after frame 4",
        "open frame 2 again (replay)",
        "open frame 5 with a flipped tag bit (tampering)",
        "open frame 5 untampered (the tampered copy changed nothing)",
        "open frame 6 with a changed nonce byte (tampering)",
        "seal a plaintext with an injected nonce",
        "open the frame the adapter just sealed (reflection)",
        "open a frame of another session",
        "open frame 6 cut to 40 bytes (truncation)",
        "open frame 1 again (replay of the oldest)",
        "seal an empty plaintext",
    ]

    static func run(adapterRole: Role, context: inout LiveContext) throws(CheckFailure) {
        let peerRole: Role = adapterRole == .device ? .core : .device
        let (keys, sessionID) = try freshSession(&context)
        // The keys are the runner's input to the adapter, not a secret the adapter derived: the
        // runner logs them so that the saved trace opens (ADP-97).
        context.recorder.given(
            KeyLogEntry(label: .sessionKeys, id: sessionID, secret: keys.c2s + keys.s2c)
        )
        let peer = SessionCipher(role: peerRole, keys: keys)
        let adapterSide = SessionCipher(role: adapterRole, keys: keys)
        let other = SessionCipher(role: peerRole, keys: try freshSessionKeys(&context))

        func seal(
            _ cipher: SessionCipher,
            _ plaintext: [UInt8],
            _ context: inout LiveContext
        ) throws(CheckFailure) -> [UInt8] {
            do {
                return try cipher.seal(plaintext, nonce: context.bytes(24))
            } catch {
                throw CheckFailure("the reference could not seal: \(error.code)")
            }
        }
        var frames: [[UInt8]] = []
        for (index, length) in [0, 1, 17, 64, 1_000, 5].enumerated() {
            frames.append(try seal(peer, LiveEnvelopes.plaintext(from: peerRole, id: index, padding: length), &context))
        }
        var badTag = frames[4]
        badTag[badTag.count - 1] ^= 0x01
        var badNonce = frames[5]
        badNonce[10] ^= 0x01
        let reflectedPlaintext = LiveEnvelopes.plaintext(from: adapterRole, id: 6, padding: 23)
        let reflectedNonce = context.bytes(24), emptyNonce = context.bytes(24)
        let reflected: [UInt8]
        do {
            reflected = try adapterSide.seal(reflectedPlaintext, nonce: reflectedNonce)
        } catch {
            throw CheckFailure("the reference could not seal: \(error.code)")
        }
        let foreign = try seal(other, LiveEnvelopes.plaintext(from: peerRole, id: 7, padding: 12), &context)

        func open(_ frame: [UInt8]) -> JSONValue { ["open": ["frame": .hex(frame)]] }
        let stepInputs: [JSONValue] = [
            open(frames[0]), open(frames[1]), open(frames[3]), open(frames[2]), open(frames[1]),
            open(badTag), open(frames[4]), open(badNonce),
            ["seal": ["plaintext": .hex(reflectedPlaintext), "nonce": .hex(reflectedNonce)]],
            open(reflected), open(foreign), open(Array(frames[5].prefix(40))), open(frames[0]),
            ["seal": ["plaintext": "", "nonce": .hex(emptyNonce)]],
        ]
        let input: JSONValue = [
            "role": .string(adapterRole.rawValue), "c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c),
            "steps": .array(stepInputs),
        ]
        // The rule each probe breaks as a verifier names it (TRACE-6), by step: replays, a
        // flipped tag or nonce byte, a reflected frame, another session's frame, a truncated one,
        // and the empty plaintext the adapter is asked to seal (no envelope).
        let probes: [Int: String] = [
            4: "REPLAY-3", 5: "FRAME-SEAL-1", 7: "FRAME-SEAL-1", 9: "KDF-5", 10: "FRAME-SEAL-1", 11: "FRAME-SEAL-1",
            12: "REPLAY-3", 13: "ENV-2",
        ]
        let recorder = context.recorder
        let output = try context.expectReference(
            "session",
            input,
            context: "session as \(adapterRole.rawValue)",
            describe: { steps.indices.contains($0) ? steps[$0] : "step \($0)" },
            record: { output in
                // In step order: the frames the runner passed in, and those the adapter sealed.
                let results = output?["steps"]?.arrayValue ?? []
                for (index, step) in stepInputs.enumerated() {
                    let result: JSONValue? = results.indices.contains(index) ? results[index] : nil
                    if let frame = step["open"]?["frame"]?.stringValue.flatMap(Hex.decode) {
                        // The adapter accepted a frame when its step gave the plaintext.
                        let accepted = result?["plaintext"] != nil
                        let probe = probes[index].map {
                            TraceProbe(breaks: $0, answer: output == nil ? nil : accepted ? .accepted : .refused)
                        }
                        recorder.frame(frame, from: peerRole, probe: probe)
                    } else if let frame = result?["frame"]?.stringValue.flatMap(Hex.decode) {
                        recorder.frame(frame, from: adapterRole, probe: probes[index].map { TraceProbe(breaks: $0) })
                    }
                }
            }
        )

        // The adapter's sealed frames must open at the reference peer (FRAME-SEAL-1, KDF-5).
        var receiver = peer
        let results = output["steps"]?.arrayValue ?? []
        for (step, plaintext) in [(8, reflectedPlaintext), (13, [UInt8]())] {
            guard results.indices.contains(step),
                let frame = results[step]["frame"]?.stringValue.flatMap(Hex.decode)
            else { continue }
            let opened: [UInt8]
            do {
                opened = try receiver.open(frame)
            } catch {
                throw CheckFailure(
                    "the reference peer cannot open the frame of step \(step) (\(steps[step])): \(error.code)",
                    actual: results[step]
                )
            }
            guard opened == plaintext else {
                throw CheckFailure(
                    "the frame of step \(step) (\(steps[step])) opens to another plaintext at the reference peer",
                    actual: results[step]
                )
            }
        }
    }

    /// Session keys from a complete reference handshake with fresh keys: what a real session
    /// would have, not merely random bytes.
    static func freshSessionKeys(_ context: inout LiveContext) throws(CheckFailure) -> SessionKeys {
        try freshSession(&context).keys
    }

    /// The same, with the session's id in a key log: `client_eph_pub || server_eph_pub`.
    static func freshSession(_ context: inout LiveContext) throws(CheckFailure) -> (keys: SessionKeys, id: [UInt8]) {
        let coreStatic = context.bytes(32), deviceStatic = context.bytes(32), clientEphemeral = context.bytes(32)
        let serverEphemeral = context.bytes(32)
        let corePublic = X25519.publicKey(privateKey: coreStatic)
        var channel = ChannelState.pending(expiresAt: LiveContext.now)
        do {
            let frame = try DeviceHandshake.start(
                corePublicKey: corePublic,
                deviceStaticPrivate: deviceStatic,
                handshakeEphemeralPrivate: context.bytes(32),
                clientEphemeralPrivate: clientEphemeral,
                nonce: context.bytes(24)
            )
            let keys = try CoreHandshake.accept(
                frame: frame,
                coreStaticPrivate: coreStatic,
                channel: &channel,
                now: LiveContext.now,
                serverEphemeralPrivate: serverEphemeral,
                ackNonce: context.bytes(24)
            ).keys
            return (keys, X25519.publicKey(privateKey: clientEphemeral) + X25519.publicKey(privateKey: serverEphemeral))
        } catch {
            throw CheckFailure("the reference handshake failed: \(error.code)")
        }
    }
}
