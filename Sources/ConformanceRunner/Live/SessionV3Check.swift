import OpenHumanTunnel
import VectorFormat

/// Version 3 session frames between the adapter's `session-v3` and a reference peer, on fresh
/// transport keys, with the attacks a relay can mount injected by the runner (chapter 14).
///
/// The steps run in one `session-v3` request, so the window and epochs carry from step to step;
/// every answer must equal the reference's on the same input (frames are deterministic: counter,
/// key and padding fix every byte), and the adapter's sealed frames must then open at the
/// reference peer.
enum SessionV3Check {
    static let steps = [
        "open the peer's first frame",
        "open the peer's second frame",
        "open a frame 2,000 counters ahead",
        "open the peer's third frame, after it (reordering in the window)",
        "open the first frame again (replay)",
        "open a frame with a flipped tag bit (tampering)",
        "open that frame untampered (the tampered copy changed nothing)",
        "open the adapter's own frame sent back (reflection)",
        "open a frame of another session",
        "open a forged frame nine epochs ahead (counter_out_of_range)",
        "open a frame more than 2,048 counters behind (below the window)",
        "seal content",
        "seal content 130 s later (a rotation by time)",
        "seal empty content",
        "receive the peer's first fragment",
        "receive the peer's whole message sent between fragments",
        "receive the peer's second fragment",
        "receive the peer's last fragment (the message completes)",
        "send a message of 70,000 bytes (two fragments)",
    ]

    static func run(adapterRole: Role, context: inout LiveContext) throws(CheckFailure) {
        let peerRole = adapterRole.peer
        let start: SessionV3.Start = adapterRole == .device ? .pairing : .reconnection
        let (deviceToCore, coreToDevice) = (context.bytes(32), context.bytes(32))
        let startedAt = LiveContext.now
        func sender(_ role: Role, keys: (deviceToCore: [UInt8], coreToDevice: [UInt8])) -> SessionSenderV3 {
            SessionV3(
                role: role,
                start: start,
                deviceToCore: keys.deviceToCore,
                coreToDevice: keys.coreToDevice,
                startedAt: startedAt
            ).sender
        }
        var peer = sender(peerRole, keys: (deviceToCore, coreToDevice))
        var reflected = sender(adapterRole, keys: (deviceToCore, coreToDevice))
        var foreign = sender(peerRole, keys: (context.bytes(32), context.bytes(32)))
        let first = peer.nextCounter
        func content(_ length: Int, _ context: inout LiveContext) -> [UInt8] { context.bytes(length) }
        let frames: [[UInt8]]
        var messageFrames: [[UInt8]] = []
        let peerMessage = content(100_000, &context), peerWhole = content(20, &context)
        do {
            let one = try peer.seal(content(17, &context), now: startedAt)
            let two = try peer.seal(content(500, &context), now: startedAt)
            let three = try peer.seal(content(5_000, &context), now: startedAt)
            let ahead = try peer.seal(content(40, &context), atCounter: first + 2_000, now: startedAt)
            let later = try peer.seal(content(64, &context), now: startedAt)
            let behind = try peer.seal(content(3, &context), atCounter: first + 4_100, now: startedAt)
            var tampered = later
            tampered[tampered.count - 1] ^= 0x01
            let forged =
                [SessionFrameV3.type] + (0..<8).map { UInt8(truncatingIfNeeded: (9 * KeyEpochs.length) >> (8 * $0)) }
                + context.bytes(48)
            frames = [
                one, two, ahead, three, one, tampered, later,
                // Both at counters in the window not yet accepted, so their keys are what refuses them.
                try reflected.seal(content(9, &context), atCounter: first + 5, now: startedAt),
                try foreign.seal(content(9, &context), atCounter: first + 3, now: startedAt),
                forged, behind, two,
            ]
            // Then a fragmented message with a whole one between its fragments, from the same peer.
            var messages = SessionV3(
                role: peerRole,
                start: start,
                deviceToCore: deviceToCore,
                coreToDevice: coreToDevice,
                startedAt: startedAt
            )
            messages.sender = peer
            var fragments = try messages.send(peerMessage, now: startedAt)
            let whole = try messages.send(peerWhole, now: startedAt)
            fragments.insert(whole[0], at: 1)
            messageFrames = fragments
        } catch {
            throw CheckFailure("the reference could not seal: \(error.code)")
        }
        // `behind` opens, then the second frame, 4,100 counters older, is below the window.
        let opens: [JSONValue] = frames.map { ["open": ["frame": .hex($0)]] }
        let sealed = [content(300, &context), content(1_000, &context), []]
        let seals: [JSONValue] = zip(sealed, [Int64(0), 130, 131]).map {
            ["seal": ["plaintext": .hex($0), "now": .int(startedAt + $1)]]
        }
        let adapterMessage = content(70_000, &context)
        let messageSteps: [JSONValue] =
            messageFrames.map { ["receive": ["frame": .hex($0)]] }
            + [["send": ["message": .hex(adapterMessage), "now": .int(startedAt + 131)]]]
        let input: JSONValue = [
            "role": .string(adapterRole.rawValue), "handshake": .string(start.rawValue),
            "deviceToCore": .hex(deviceToCore), "coreToDevice": .hex(coreToDevice), "startedAt": .int(startedAt),
            "steps": .array(opens + seals + messageSteps),
        ]
        let descriptions = Array(steps.prefix(10)) + ["open a frame 4,100 counters ahead", steps[10]] + steps.suffix(8)
        let output = try context.expectReference(
            "session-v3",
            input,
            context: "session-v3 as \(adapterRole.rawValue)",
            describe: { descriptions.indices.contains($0) ? descriptions[$0] : "step \($0)" }
        )
        // The adapter's frames must open at the reference peer to what it was asked to seal.
        var receiver = SessionV3(
            role: peerRole,
            start: start,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: startedAt
        ).receiver
        let results = output["steps"]?.arrayValue ?? []
        for (offset, content) in sealed.enumerated() {
            let step = opens.count + offset
            guard results.indices.contains(step), let frame = results[step]["frame"]?.stringValue.flatMap(Hex.decode)
            else { continue }
            let opened: [UInt8]
            do {
                opened = try receiver.open(frame)
            } catch {
                throw CheckFailure(
                    "the reference peer cannot open the frame of step \(step): \(error.code)",
                    actual: results[step]
                )
            }
            guard opened == content else {
                throw CheckFailure(
                    "the frame of step \(step) opens to other content at the reference peer",
                    actual: results[step]
                )
            }
        }
        // The adapter's message must arrive whole at the reference peer.
        var peerSession = SessionV3(
            role: peerRole,
            start: start,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: startedAt
        )
        peerSession.receiver = receiver
        let sendStep = results.count - 1
        let sent = results.last?["frames"]?.arrayValue?.compactMap { $0.stringValue.flatMap(Hex.decode) } ?? []
        var delivered: [UInt8]?
        do {
            for frame in sent { delivered = try peerSession.receive(frame) }
        } catch {
            throw CheckFailure("the reference peer cannot receive the message of step \(sendStep): \(error.code)")
        }
        guard delivered == adapterMessage else {
            throw CheckFailure("the message of step \(sendStep) does not arrive whole at the reference peer")
        }
    }
}
