/// One party's version 3 session (spec/14-sessions-v3.md 14.1): a sender with its direction's
/// key and counter, a receiver with the other's.
public struct SessionV3: Sendable {
    /// What started the session, which fixes where each direction's counter starts (V3-SESS-1).
    public enum Start: String, Sendable {
        case pairing
        case reconnection

        /// The first counter of a session frame from `role`: the handshake's own transport
        /// messages took the counters below it.
        public func firstCounter(of role: Role) -> UInt64 {
            switch (self, role) {
            case (.pairing, .device): 2
            case (.pairing, .core): 1
            case (.reconnection, .device): 1
            case (.reconnection, .core): 0
            }
        }
    }

    public let role: Role
    public var sender: SessionSenderV3
    public var receiver: SessionReceiverV3
    private var fragmenter = MessageFragmenter()
    public private(set) var reassembly = Reassembly()

    /// `deviceToCore` and `coreToDevice` are the handshake's transport keys (Split's first and
    /// second); the first epoch starts at `startedAt`.
    public init(role: Role, start: Start, deviceToCore: [UInt8], coreToDevice: [UInt8], startedAt: Int64) {
        self.role = role
        let (sealing, opening) = role == .device ? (deviceToCore, coreToDevice) : (coreToDevice, deviceToCore)
        sender = SessionSenderV3(counter: start.firstCounter(of: role), key: sealing, startedAt: startedAt)
        receiver = SessionReceiverV3(key: opening, firstCounter: start.firstCounter(of: role.peer))
    }

    /// The session a handshake's `Split()` gave `role`, its transport messages sent: the pairing's
    /// records or the reconnection's key confirmation (V3-SESS-1).
    public init(role: Role, start: Start, transport: NoiseTransport, startedAt: Int64) {
        let (deviceToCore, coreToDevice) =
            role == .device
            ? (transport.sendingKey, transport.receivingKey) : (transport.receivingKey, transport.sendingKey)
        self.init(
            role: role,
            start: start,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: startedAt
        )
    }

    public mutating func seal(_ content: [UInt8], now: Int64) throws(TunnelError) -> [UInt8] {
        try sender.seal(content, now: now)
    }

    public mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try receiver.open(frame)
    }

    /// Sends a message of up to 16 MiB as its records, one frame each (V3-FRAG-1), and returns the
    /// frames in order.
    public mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        try send(message, now: now) { frames.append($0) }
        return frames
    }

    /// Sends a message as its records, handing each frame to `deliver` as soon as it is sealed, so
    /// a large message never holds all its frames at once. Whole or not at all: the message's
    /// size and every counter it needs are checked before the first frame is sealed, so
    /// `message_too_large` or `session_exhausted` seal nothing and change nothing.
    public mutating func send(
        _ message: [UInt8],
        now: Int64,
        deliver: ([UInt8]) -> Void
    ) throws(TunnelError) {
        var fragmenter = self.fragmenter
        let records = try fragmenter.records(of: message)
        guard sender.canSeal(records.count, now: now) else { throw .sessionExhausted }
        self.fragmenter = fragmenter
        message.withUnsafeBytes { message in
            for record in records {
                let data = UnsafeRawBufferPointer(rebasing: message[record.data])
                // canSeal above: no counter can run out here.
                deliver(try! sender.seal(record: record.header, data: data, now: now))
            }
        }
    }

    /// Receives a frame: opens it and reads its record (V3-FRAG-2), and returns the message it
    /// completes, if any. The frame is opened on a copy of the receiver, kept only when the record
    /// is accepted too, so a refused record leaves its counter unrecorded.
    public mutating func receive(_ frame: [UInt8]) throws(TunnelError) -> [UInt8]? {
        var opening = receiver
        let content = try opening.open(frame)
        let action = try reassembly.check(content)
        receiver = opening
        return reassembly.apply(action)
    }
}
