import OpenHumanTunnel
import VectorFormat

/// session-v3 (ADP-130, ADP-131): one party's version 3 session (spec/14-sessions-v3.md), its
/// steps sealing and opening frames 0x16, and `openMany`, which opens thousands of the peer's
/// frames built here, so a vector can show a replay refused after a million frames or 2^32
/// counters in a few bytes.
extension Operations {
    /// The largest `openMany` count and stride (ADP-131): a million frames, eight epochs.
    static let maximumOpenManyV3Count: UInt64 = 1_048_576
    static let maximumOpenManyV3Stride: UInt64 = 524_288

    private enum SessionV3Step {
        case seal(content: [UInt8], now: Int64)
        case open(frame: [UInt8])
        case openMany(from: UInt64, count: UInt64, stride: UInt64)

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (kind, body) = try RequestInput(value, path: path).onlyStep(of: ["seal", "open", "openMany"])
            switch kind {
            case "seal": self = .seal(content: try body.bytes("plaintext"), now: try body.safeNatural("now"))
            case "open": self = .open(frame: try body.bytes("frame"))
            default:
                let count = try body.safeNatural("count"), stride = try body.safeNatural("stride")
                guard count <= Operations.maximumOpenManyV3Count,
                    (1...Operations.maximumOpenManyV3Stride).contains(UInt64(stride))
                else { throw BadRequest(reason: "\(path).openMany: count 0 to 1048576, stride 1 to 524288") }
                self = .openMany(from: try body.counter("from"), count: UInt64(count), stride: UInt64(stride))
            }
        }
    }

    func sessionV3(_ input: RequestInput) throws -> JSONValue {
        let setup = try SessionV3Setup(input)
        var peer = setup.peerFrameBuilder()
        try Self.checkOpenManyCounters(
            try input.array("steps").map { try SessionV3Step($0.value, path: $0.path) },
            start: peer.nextCounter
        )
        var session = implementation.sessionV3(setup)
        return try StepRunner.run(input, catching: TunnelError.self, parse: SessionV3Step.init) { step in
            switch step {
            case .seal(let content, let now): ["frame": .hex(try session.seal(content, now: now))]
            case .open(let frame): ["plaintext": .hex(try session.open(frame))]
            case .openMany(let from, let count, let stride):
                Self.openMany(&session, peer: &peer, from: from, count: count, stride: stride)
            }
        }
    }

    /// ADP-131's bounds on the counters of the request's `openMany` steps, checked before any
    /// step runs: increasing from step to step, at most 8 epochs ahead of the sender's last, and
    /// below 2^64 - 1, so the sender derives at most 8 keys per frame.
    private static func checkOpenManyCounters(_ steps: [SessionV3Step], start: UInt64) throws(BadRequest) {
        var floor = start, floorIsUsed = false
        for case .openMany(let from, let count, let stride) in steps where count > 0 {
            let (span, spanOverflow) = (count - 1).multipliedReportingOverflow(by: stride)
            let (last, lastOverflow) = from.addingReportingOverflow(span)
            guard from > floor || (from == floor && !floorIsUsed),
                KeyEpochs.epoch(of: from) - KeyEpochs.epoch(of: floor) <= KeyEpochs.receiverLookahead,
                !spanOverflow, !lastOverflow, last < .max
            else {
                throw BadRequest(
                    reason: "openMany: counters above \(floor), at most 8 epochs ahead of it, below 2^64 - 1"
                )
            }
            (floor, floorIsUsed) = (last, true)
        }
    }

    /// Opens the peer's empty frames at `from`, `from + stride`, ... until the first refusal.
    private static func openMany(
        _ session: inout any SessionV3Endpoint,
        peer: inout SessionSenderV3,
        from: UInt64,
        count: UInt64,
        stride: UInt64
    ) -> [String: JSONValue] {
        for index in 0..<count {
            let frame = try! peer.seal([], atCounter: from + index * stride, now: 0)
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

    /// The peer's sender that `openMany` seals with (ADP-131): from the peer direction's key of
    /// epoch 0, or from `receiveState`'s key at the first counter of `H`'s epoch.
    func peerFrameBuilder() -> SessionSenderV3 {
        if let receiveState {
            let epochStart = KeyEpochs.epoch(of: receiveState.highest) * KeyEpochs.length
            return SessionSenderV3(counter: epochStart, key: receiveState.key, startedAt: 0)
        }
        return SessionSenderV3(counter: 0, key: role == .device ? coreToDevice : deviceToCore, startedAt: 0)
    }
}

/// One party's version 3 session, as `session-v3` drives it.
public protocol SessionV3Endpoint {
    mutating func seal(_ content: [UInt8], now: Int64) throws(TunnelError) -> [UInt8]
    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8]
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
