import OpenHumanTunnel

extension VerificationRun {
    /// A 0x02: the channel-state rules a trace shows without keys (DEV-STATE-2, KEYCONF-5), then,
    /// with keys, which session and direction key opens it (KDF-5, KEYCONF-5) and its envelope.
    mutating func readSessionFrame(_ frame: [UInt8], sender: Role, view: inout ChannelView, time: Int64, step: Int) {
        if sender == .device, let waiting = view.awaitingAck {
            recorder.depart(
                "DEV-STATE-2",
                step: step,
                "a session frame while the handshake of step \(waiting.step) awaits its ack: "
                    + "sending a handshake ended the device's session"
            )
            return
        }
        // A device seals only under its latest session (DEV-STATE-2, checked below when keys
        // tell the session): its frame commits that session at the core (KEYCONF-4).
        if sender == .device, !view.sessions.isEmpty { view.sessions[view.sessions.count - 1].deviceHasSent = true }
        if sender == .core, view.startedWithHandshake == true, view.sessions.allSatisfy({ !$0.deviceHasSent }) {
            recorder.depart(
                "KEYCONF-5",
                step: step,
                "the core sealed a frame before any session of the trace was committed "
                    + "by a device frame"
            )
            return
        }
        if view.sessions.isEmpty, view.earlierSessions.isEmpty {
            view.earlierSessions = keys.loggedSessions.map { SessionView(ackStep: 0, keys: $0.keys) }
        }
        guard let (index, earlier, key) = opener(for: frame, sender: sender, view: view) else {
            let anyKey = view.sessions.contains { $0.keys != nil } || !view.earlierSessions.isEmpty
            if anyKey && view.everySessionKnown && view.startedWithHandshake == true {
                recorder.depart("FRAME-SEAL-1", step: step, "the frame opens under no key of any session of the trace")
            } else {
                recorder.note("not opened: no key for its session")
            }
            return
        }
        guard key.direction == sender else {
            recorder.depart(
                "KDF-5",
                step: step,
                "sealed with the \(key.direction == .device ? "c2s" : "s2c") key: "
                    + "the \(sender.rawValue) seals with \(sender == .device ? "c2s" : "s2c")"
            )
            return
        }
        if !earlier {
            let isLatest = index == view.sessions.count - 1
            if sender == .core, !view.sessions[index].deviceHasSent {
                recorder.depart(
                    "KEYCONF-5",
                    step: step,
                    "sealed under the session of the ack of step \(view.sessions[index].ackStep), "
                        + "which no device frame has committed yet"
                )
                return
            }
            if sender == .device, !isLatest {
                recorder.depart(
                    "DEV-STATE-2",
                    step: step,
                    "sealed under the session of step \(view.sessions[index].ackStep), "
                        + "which a later handshake ended"
                )
                return
            }
        }
        let plaintext = key.plaintext
        recorder.note(
            "session of \(earlier ? "the key log (before the trace)" : "the ack of step \(view.sessions[index].ackStep)"), "
                + "\(plaintext.count) bytes of plaintext"
        )
        do {
            var flow = earlier ? view.earlierSessions[index].envelopes : view.sessions[index].envelopes
            let lines = try flow.read(plaintext, from: sender, now: time)
            if earlier { view.earlierSessions[index].envelopes = flow } else { view.sessions[index].envelopes = flow }
            for line in lines { recorder.note(line) }
        } catch {
            recorder.depart(error.requirement, step: step, error.detail)
        }
    }

    /// The session that opens `frame`, newest first, and with which direction's key: (index,
    /// whether it is one of the key log's earlier sessions, the key's direction and plaintext).
    private func opener(
        for frame: [UInt8],
        sender: Role,
        view: ChannelView
    )
        -> (Int, Bool, (direction: Role, plaintext: [UInt8]))?
    {
        let candidates =
            view.sessions.enumerated().reversed().map { ($0.offset, false, $0.element) }
            + view.earlierSessions.enumerated().map { ($0.offset, true, $0.element) }
        for (index, earlier, session) in candidates {
            guard let keys = session.keys else { continue }
            for direction in [sender, sender == .device ? Role.core : Role.device] {
                var cipher = SessionCipher(role: direction == .device ? .core : .device, keys: keys)
                if let plaintext = try? cipher.open(frame) { return (index, earlier, (direction, plaintext)) }
            }
        }
        return nil
    }
}
