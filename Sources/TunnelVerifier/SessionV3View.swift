import OpenHumanTunnel

/// What the verifier has seen of a channel's version 3 sessions (VERIFY-17, VERIFY-18): the
/// session the last committed pairing or reconnection started, and its two directions.
struct SessionV3View {
    /// The current session, nil before any was committed in the trace or seen from before it.
    var current: SessionV3Trace?
    /// Sessions committed so far on the channel: each commit restarts the counters.
    var commits = 0
}

/// One version 3 session as the trace shows it.
struct SessionV3Trace {
    /// What started it: nil for a session from before the trace, whose first counters are not
    /// known.
    let start: SessionV3.Start?
    /// The step that committed it, 0 for one from before the trace.
    let step: Int
    var directions: [Role: SessionV3Direction]
    /// The session's messages read as chapter 11's envelopes, as each receiver reads them (14.6:
    /// every message is an envelope, chapter 11's rules unchanged).
    var envelopes = EnvelopeFlow()

    /// A session `start` committed at `step`; with `transport` (device-to-core, core-to-device)
    /// each direction opens its frames as its receiver does (VERIFY-18).
    init(start: SessionV3.Start?, step: Int, transport: (deviceToCore: [UInt8], coreToDevice: [UInt8])?) {
        self.start = start
        self.step = step
        var directions: [Role: SessionV3Direction] = [:]
        for sender in [Role.device, .core] {
            let receiving = transport.map { keys in
                // The receiver's session: it opens the sender's direction with the sender's key.
                SessionV3(
                    role: sender.peer,
                    start: start ?? .reconnection,
                    deviceToCore: keys.deviceToCore,
                    coreToDevice: keys.coreToDevice,
                    startedAt: 0
                )
            }
            directions[sender] = SessionV3Direction(first: start?.firstCounter(of: sender), receiving: receiving)
        }
        self.directions = directions
    }
}

/// One direction of a session: the counters its sender used (V3-SESS-1, V3-WINDOW-2) and, with the
/// key log, its receiver.
struct SessionV3Direction {
    /// V3-SESS-1's first counter, nil when the session's start is not known.
    let first: UInt64?
    /// The step of each counter accepted, so a replay names its original.
    var seen: [UInt64: Int] = [:]
    /// The highest counter accepted (`H`, V3-WINDOW-1).
    var highest: UInt64?
    /// The receiver of this direction's frames, under the logged keys.
    var receiving: SessionV3?

    init(first: UInt64?, receiving: SessionV3?) {
        self.first = first
        self.receiving = receiving
        if let first, first > 0 { highest = first - 1 }
    }
}
