import OpenHumanTunnel

extension VerificationRun {
    /// A 0x16 (VERIFY-17, then VERIFY-18 with the key log): the session it belongs to, its counter
    /// against V3-SESS-1, V3-SESS-2 and the replay window (V3-WINDOW-2), then, with the session's
    /// `V3_TRANSPORT`, the frame opened and its record read as its receiver reads them, and a
    /// message it completes read as its receiver reads an envelope (`time`, ms, for chapter 11's
    /// chunk timeouts).
    mutating func readSessionFrameV3(
        _ frame: [UInt8],
        sender: Role,
        view: inout ChannelView,
        time: Int64,
        step: Int
    ) {
        let counter = frame[1..<9].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        recorder.note("counter \(counter), padded to \(frame.count - MessageDecoding.sessionV3Overhead) bytes")
        var session: SessionV3Trace
        if let current = view.sessionV3.current {
            session = current
        } else {
            guard view.pairingV3.messagesOne.isEmpty else {
                recorder.depart(
                    "V3-SESS-1",
                    step: step,
                    "a session frame before the trace's pairing committed any version 3 session on the channel: "
                        + "a session starts only with a committed pairing or a confirmed reconnection"
                )
                return
            }
            recorder.note("no session committed in the trace: a session of a channel paired before it")
            session = SessionV3Trace(start: nil, step: 0, transport: nil)
        }
        defer { view.sessionV3.current = session }
        guard var direction = session.directions[sender] else { return }
        defer { session.directions[sender] = direction }
        guard admits(counter, of: sender, in: direction, session: session, step: step) else { return }
        if var receiving = direction.receiving {
            guard
                let message = open(
                    frame,
                    counter: counter,
                    sender: sender,
                    receiving: &receiving,
                    session: session,
                    step: step
                )
            else { return }
            direction.receiving = receiving
            if let message { readEnvelope(message, from: sender, session: &session, time: time, step: step) }
        } else {
            recorder.note(
                input.keyLog == nil
                    ? "not opened: no key log"
                    : session.start == nil
                        ? "not opened: the session began before the trace"
                        : "not opened: the key log gives no V3_TRANSPORT for the session of step \(session.step)"
            )
        }
        direction.seen[counter] = step
        direction.highest = max(direction.highest ?? counter, counter)
    }

    /// VERIFY-17's counter checks: not 2^64 - 1 (V3-SESS-2), not below the sender's first counter
    /// (V3-SESS-1), not a counter of the direction seen before nor below the window (V3-WINDOW-2),
    /// not more than 8 epochs ahead (V3-REKEY-3).
    private mutating func admits(
        _ counter: UInt64,
        of sender: Role,
        in direction: SessionV3Direction,
        session: SessionV3Trace,
        step: Int
    ) -> Bool {
        guard counter != .max else {
            recorder.depart(
                "V3-SESS-2",
                step: step,
                "counter 2^64 - 1, which Noise reserves for REKEY: no sender seals at it, and the receiver must "
                    + "refuse it with counter_out_of_range"
            )
            return false
        }
        if let first = direction.first, counter < first {
            recorder.depart(
                "V3-SESS-1",
                step: step,
                "counter \(counter) is below the \(sender.rawValue)'s first counter \(first) of a session a "
                    + "\(session.start?.rawValue ?? "handshake") started: its handshake's own messages used it, and "
                    + "the receiver must refuse it with replayed"
            )
            return false
        }
        if !skipping.contains(.sessionV3Replays) {
            if let earlier = direction.seen[counter] {
                recorder.depart(
                    "V3-WINDOW-2",
                    step: step,
                    "counter \(counter) of the \(sender.rawValue)'s frame of step \(earlier) again in the session: "
                        + "the receiver must refuse it with replayed before opening it"
                )
                return false
            }
            if let highest = direction.highest, counter < highest, highest - counter >= CounterWindow.width {
                recorder.depart(
                    "V3-WINDOW-2",
                    step: step,
                    "counter \(counter) is below the window of the highest counter \(highest): the receiver must "
                        + "refuse it with replayed"
                )
                return false
            }
        }
        // A session from before the trace may be epochs deep before its first frame here.
        guard session.start != nil || direction.highest != nil else { return true }
        let newest = KeyEpochs.epoch(of: direction.highest ?? 0)
        guard KeyEpochs.epoch(of: counter) <= newest + KeyEpochs.receiverLookahead else {
            recorder.depart(
                "V3-REKEY-3",
                step: step,
                "counter \(counter) is in epoch \(KeyEpochs.epoch(of: counter)), more than "
                    + "\(KeyEpochs.receiverLookahead) above epoch \(newest): the receiver must refuse it with "
                    + "counter_out_of_range"
            )
            return false
        }
        return true
    }

    /// VERIFY-18: the frame opened under its direction's key of the counter's epoch (V3-FRAME-1),
    /// its padding (V3-PAD-2) and its record (V3-FRAG-2), as the receiver reads them. Nil when the
    /// receiver must refuse it; otherwise the message it completes, or nil inside for a fragment
    /// that completes none.
    private mutating func open(
        _ frame: [UInt8],
        counter: UInt64,
        sender: Role,
        receiving: inout SessionV3,
        session: SessionV3Trace,
        step: Int
    ) -> [UInt8]?? {
        let message: [UInt8]?
        do { message = try receiving.receive(frame) } catch {
            let (requirement, detail) = Self.sessionV3Refusal(error, counter: counter, sender: sender)
            recorder.depart(
                requirement,
                step: step,
                detail + " (the V3_TRANSPORT of step \(session.step)): the receiver must refuse it with \(error.code)"
            )
            return nil
        }
        if message == nil {
            recorder.note(
                "a fragment, held: \(receiving.reassembly.partialCount) partial message(s) in this direction"
            )
        }
        return .some(message)
    }

    /// VERIFY-18's last check: a message read as VERIFY-6 reads a version 2 plaintext, so an
    /// envelope its receiver refuses is a departure, and the envelope is printed.
    private mutating func readEnvelope(
        _ message: [UInt8],
        from sender: Role,
        session: inout SessionV3Trace,
        time: Int64,
        step: Int
    ) {
        recorder.note("message of \(message.count) bytes:")
        guard !skipping.contains(.sessionV3Envelopes) else { return recorder.note(TranscriptText.excerpt(message)) }
        do {
            for line in try session.envelopes.read(message, from: sender, now: time) { recorder.note(line) }
        } catch {
            recorder.depart(error.requirement, step: step, error.detail)
        }
    }

    /// The rule a receiver's refusal of an opened 0x16 names, and what it says.
    private static func sessionV3Refusal(_ error: TunnelError, counter: UInt64, sender: Role) -> (String, String) {
        let key = "the \(sender.rawValue)-to-\(sender.peer.rawValue) key of epoch \(KeyEpochs.epoch(of: counter))"
        switch error {
        case .authFailed: return ("V3-FRAME-1", "the frame does not open under \(key) at counter \(counter)")
        case .badPadding: return ("V3-PAD-2", "the plaintext under \(key) is not padded as V3-PAD-1 says")
        case .replayed: return ("V3-WINDOW-2", "counter \(counter) is not admitted by the window")
        case .counterOutOfRange: return ("V3-REKEY-3", "counter \(counter) is out of the receiver's range")
        case .badRecord, .badFragment, .fragmentOutOfOrder, .tooManyPartials, .messageTooLarge:
            return ("V3-FRAG-2", "the record under \(key) is refused")
        default: return ("V3-FRAME-2", "the frame is refused")
        }
    }
}
