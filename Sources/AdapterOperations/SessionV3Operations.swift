import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// session-v3 (ADP-130 to ADP-132): one party's version 3 session (spec/14-sessions-v3.md), its
/// steps sealing and opening frames 0x16; `openMany`, which opens thousands of the peer's frames
/// built here, so a vector can show a replay refused after a million frames or 2^32 counters in a
/// few bytes; and the message steps, which send and receive whole messages and fragments.
extension Operations {
    /// The largest message a `send` step takes in hex, so that its frames fit one line (ADP-2).
    static let maximumSentMessage = 1_048_576
    /// The largest `openMany` count and stride (ADP-131): a million frames, eight epochs.
    static let maximumOpenManyV3Count: UInt64 = 1_048_576
    static let maximumOpenManyV3Stride: UInt64 = 524_288

    private enum SessionV3Step {
        case seal(content: [UInt8], now: Int64)
        case open(frame: [UInt8])
        case openMany(from: UInt64, count: UInt64, stride: UInt64)
        case send(message: [UInt8], generated: Bool, now: Int64)
        case receive(frame: [UInt8])
        case receiveGenerated(message: [UInt8])

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let kinds = ["seal", "open", "openMany", "send", "receive", "receiveGenerated"]
            let (kind, body) = try RequestInput(value, path: path).onlyStep(of: kinds)
            switch kind {
            case "seal": self = .seal(content: try body.bytes("plaintext"), now: try body.safeNatural("now"))
            case "open": self = .open(frame: try body.bytes("frame"))
            case "receive": self = .receive(frame: try body.bytes("frame"))
            case "receiveGenerated": self = .receiveGenerated(message: try Self.generated(body, path: path))
            case "send":
                let now = try body.safeNatural("now")
                if body.has("generated") {
                    self = .send(
                        message: try Self.generated(try body.object("generated"), path: path),
                        generated: true,
                        now: now
                    )
                } else {
                    let message = try body.bytes("message")
                    guard message.count <= Operations.maximumSentMessage else {
                        throw BadRequest(
                            reason: "\(path).send.message: at most 1048576 bytes; larger ones are generated"
                        )
                    }
                    self = .send(message: message, generated: false, now: now)
                }
            default:
                let count = try body.safeNatural("count"), stride = try body.safeNatural("stride")
                guard count <= Operations.maximumOpenManyV3Count,
                    (1...Operations.maximumOpenManyV3Stride).contains(UInt64(stride))
                else { throw BadRequest(reason: "\(path).openMany: count 0 to 1048576, stride 1 to 524288") }
                self = .openMany(from: try body.counter("from"), count: UInt64(count), stride: UInt64(stride))
            }
        }

        /// A generated message (ADP-61) with its own `requestId` (ADP-132).
        private static func generated(_ spec: RequestInput, path: String) throws(BadRequest) -> [UInt8] {
            try Operations.generated(spec, requestId: try spec.string("requestId"))
        }

        /// The frames of the peer's sender this step takes, and where they start (ADP-131,
        /// ADP-132): an `openMany` its counters, a `receiveGenerated` the next ones.
        func peerCounters(after floor: UInt64, floorIsUsed: Bool) -> (from: UInt64, last: UInt64, stride: UInt64)?? {
            switch self {
            case .openMany(let from, let count, let stride):
                guard count > 0 else { return .some(nil) }
                let (span, spanOverflow) = (count - 1).multipliedReportingOverflow(by: stride)
                let (last, lastOverflow) = from.addingReportingOverflow(span)
                guard !spanOverflow, !lastOverflow else { return nil }
                return (from, last, stride)
            case .receiveGenerated(let message):
                // A message over 16 MiB is refused before it takes a counter (ADP-132).
                guard message.count <= MessageRecord.largestMessage else { return .some(nil) }
                let from = floorIsUsed ? floor &+ 1 : floor
                let (last, overflow) = from.addingReportingOverflow(
                    UInt64(MessageRecord.recordCount(of: message.count)) - 1
                )
                guard !overflow else { return nil }
                return (from, last, 1)
            default:
                return .some(nil)
            }
        }
    }

    func sessionV3(_ input: RequestInput) throws -> JSONValue {
        let setup = try SessionV3Setup(input)
        var peer = setup.peer()
        try Self.checkOpenManyCounters(
            try input.array("steps").map { try SessionV3Step($0.value, path: $0.path) },
            start: peer.sender.nextCounter,
            keyEpoch: KeyEpochs.epoch(of: setup.receiveState?.highest ?? peer.sender.nextCounter)
        )
        var session = implementation.sessionV3(setup)
        return try StepRunner.run(input, catching: TunnelError.self, parse: SessionV3Step.init) { step in
            switch step {
            case .seal(let content, let now): ["frame": .hex(try session.seal(content, now: now))]
            case .open(let frame): ["plaintext": .hex(try session.open(frame))]
            case .openMany(let from, let count, let stride):
                Self.openMany(&session, peer: &peer, from: from, count: count, stride: stride)
            case .send(let message, let generated, let now):
                Self.sent(try session.send(message, now: now), generated: generated)
            case .receive(let frame): ["message": Self.received(try session.receive(frame))]
            case .receiveGenerated(let message): Self.receiveGenerated(&session, peer: &peer, message: message)
            }
        }
    }

    /// ADP-131's bounds on the counters of the request's `openMany` steps, checked before any
    /// step runs: increasing from step to step, at most 8 epochs ahead of the sender's last, and
    /// below 2^64 - 1, so the sender derives at most 8 keys per frame.
    private static func checkOpenManyCounters(
        _ steps: [SessionV3Step],
        start: UInt64,
        keyEpoch: UInt64
    ) throws(BadRequest) {
        var floor = start, floorIsUsed = false, floorEpoch = keyEpoch
        for step in steps {
            let counters = step.peerCounters(after: floor, floorIsUsed: floorIsUsed)
            if case .some(nil) = counters { continue }
            guard let (from, last, _) = counters ?? nil,
                from > floor || (from == floor && !floorIsUsed),
                KeyEpochs.epoch(of: from) - floorEpoch <= KeyEpochs.receiverLookahead,
                last < .max
            else {
                throw BadRequest(
                    reason: "openMany: counters above \(floor), at most 8 epochs ahead of it, below 2^64 - 1"
                )
            }
            (floor, floorIsUsed, floorEpoch) = (last, true, KeyEpochs.epoch(of: last))
        }
    }

    /// A `send` step's answer: the frames, or for a generated message their number and the
    /// SHA-256 of all of them in order, which a line could not hold (ADP-132).
    private static func sent(_ frames: [[UInt8]], generated: Bool) -> [String: JSONValue] {
        guard generated else { return ["frames": .array(frames.map { .hex($0) })] }
        var digest = SHA256()
        for frame in frames { digest.update(frame) }
        return ["frames": .int(Int64(frames.count)), "sha256": .hex(digest.finalize())]
    }

    /// A delivered message as its length and SHA-256, or null for a kept fragment (ADP-132).
    private static func received(_ message: [UInt8]?) -> JSONValue {
        guard let message else { return .null }
        return ["length": .int(Int64(message.count)), "sha256": .hex(SHA256.hash(message))]
    }

    /// The peer sends a generated message and the session receives its frames, stopping at the
    /// first refusal.
    private static func receiveGenerated(
        _ session: inout any SessionV3Endpoint,
        peer: inout SessionV3,
        message: [UInt8]
    ) -> [String: JSONValue] {
        // ADP-131 bounds the counters, so only the message's size can refuse it (ADP-132).
        let frames: [[UInt8]]
        do {
            frames = try peer.send(message, now: 0)
        } catch {
            return ["frames": .int(0), "error": .string(error.code)]
        }
        var delivered: [UInt8]?
        for (index, frame) in frames.enumerated() {
            do {
                delivered = try session.receive(frame)
            } catch {
                return ["frames": .int(Int64(index)), "error": .string(error.code)]
            }
        }
        return ["frames": .int(Int64(frames.count)), "message": received(delivered)]
    }

    /// Opens the peer's empty frames at `from`, `from + stride`, ... until the first refusal.
    private static func openMany(
        _ session: inout any SessionV3Endpoint,
        peer: inout SessionV3,
        from: UInt64,
        count: UInt64,
        stride: UInt64
    ) -> [String: JSONValue] {
        for index in 0..<count {
            let frame = try! peer.sender.seal([], atCounter: from + index * stride, now: 0)
            do {
                _ = try session.open(frame)
            } catch {
                return ["opened": .int(Int64(index)), "error": .string(error.code)]
            }
        }
        return ["opened": .int(Int64(count))]
    }
}

/// What `session-v3` builds its session from (ADP-130).
public struct SessionV3Setup: Sendable {
    public let role: Role
    public let start: SessionV3.Start
    public let deviceToCore: [UInt8]
    public let coreToDevice: [UInt8]
    public let startedAt: Int64
    /// The vectors' sender state: its next counter and its key of that counter's epoch.
    public let sendState: (counter: UInt64, key: [UInt8])?
    /// The vectors' receiver state: `H`, every counter up to it accepted, and its epoch's key.
    public let receiveState: (highest: UInt64, key: [UInt8])?

    /// A session as a handshake starts it, with no vector state: the channels' (V3-CHAN-1).
    public init(role: Role, start: SessionV3.Start, deviceToCore: [UInt8], coreToDevice: [UInt8], startedAt: Int64) {
        self.role = role
        self.start = start
        self.deviceToCore = deviceToCore
        self.coreToDevice = coreToDevice
        self.startedAt = startedAt
        sendState = nil
        receiveState = nil
    }

    init(_ input: RequestInput) throws(BadRequest) {
        role = try input.role()
        guard let start = SessionV3.Start(rawValue: try input.string("handshake")) else {
            throw BadRequest(reason: "input.handshake: expected \"pairing\" or \"reconnection\"")
        }
        self.start = start
        deviceToCore = try input.key("deviceToCore")
        coreToDevice = try input.key("coreToDevice")
        startedAt = try input.safeNatural("startedAt")
        if input.isAbsent("sendState") {
            sendState = nil
        } else {
            let state = try input.object("sendState")
            let counter = try state.counter("counter")
            guard counter != .max else { throw BadRequest(reason: "input.sendState.counter: at most 2^64 - 2") }
            sendState = (counter, try state.key("key"))
        }
        if input.isAbsent("receiveState") {
            receiveState = nil
        } else {
            let state = try input.object("receiveState")
            let highest = try state.counter("highest")
            guard highest != .max, highest % KeyEpochs.length >= CounterWindow.width - 1 else {
                throw BadRequest(
                    reason: "input.receiveState.highest: below 2^64 - 1, its remainder mod 65536 at least 2047"
                )
            }
            receiveState = (highest, try state.key("key"))
        }
    }

    /// The library's session for this setup.
    public func session() -> SessionV3 {
        var session = SessionV3(
            role: role,
            start: start,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: startedAt
        )
        if let sendState {
            session.sender = SessionSenderV3(counter: sendState.counter, key: sendState.key, startedAt: startedAt)
        }
        if let receiveState {
            session.receiver = SessionReceiverV3(highest: receiveState.highest, key: receiveState.key)
        }
        return session
    }

    /// The peer that `openMany` and `receiveGenerated` send from (ADP-131, ADP-132): the other
    /// role's session on the same keys, its first counter V3-SESS-1's, or with `receiveState` the
    /// counter after `H` under `receiveState`'s key of `H`'s epoch. Its clock stays at 0, so it
    /// never rotates by time.
    func peer() -> SessionV3 {
        var peer = SessionV3(
            role: role.peer,
            start: start,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: 0
        )
        if let receiveState {
            peer.sender = SessionSenderV3(
                counter: receiveState.highest + 1,
                key: receiveState.key,
                keyEpoch: KeyEpochs.epoch(of: receiveState.highest),
                startedAt: 0
            )
        }
        return peer
    }
}

/// One party's version 3 session, as `session-v3` drives it.
public protocol SessionV3Endpoint {
    mutating func seal(_ content: [UInt8], now: Int64) throws(TunnelError) -> [UInt8]
    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8]
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]]
    mutating func receive(_ frame: [UInt8]) throws(TunnelError) -> [UInt8]?
}

extension SessionV3: SessionV3Endpoint {}

extension RequestInput {
    /// A counter (ADP-130): a string of decimal digits without leading zeros, 0 to 2^64 - 1,
    /// since a JSON number loses precision above 2^53.
    func counter(_ name: String) throws(BadRequest) -> UInt64 {
        let text = try string(name)
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text == "0" || !text.hasPrefix("0"),
            let value = UInt64(text)
        else { throw BadRequest(reason: "\(name): expected a decimal counter from 0 to 18446744073709551615") }
        return value
    }
}
