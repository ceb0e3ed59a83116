import KitModels
import OpenHumanTunnel

extension VerificationRun {
    /// An event: its argument's schema (SIG-1), then for `tunnel:frame` the relay's forwarding
    /// (RELAY-11) and the message it carries.
    mutating func readEvent(_ name: String, from: TracePeer, to: TracePeer, data: JSONNode, time: Int64, step: Int) {
        let route = "t=\(time)  \(from.rawValue) → \(to.rawValue)  \(name)"
        recorder.summary(route)
        guard RelayEventSchema.isKnown(name) else {
            recorder.note("not an event of wire spec 12.2: not checked")
            return
        }
        if let problem = RelayEventSchema.problem(event: name, data: data) {
            recorder.depart("SIG-1", step: step, "\(name): \(problem)")
            return
        }
        guard let frame = TraceRecord(time: time, body: .event(name: name, from: from, to: to, data: data)).frame else {
            return
        }
        // The endpoint that built the message: the sender, or for a relay's output the other end.
        let sender: Role
        switch (from, to) {
        case (.relay, .device): sender = .core
        case (.relay, _): sender = .device
        case (.device, _): sender = .device
        case (.core, _): sender = .core
        }
        if from == .relay {
            switch relay.sent(
                originally: TracePeer(rawValue: sender.rawValue)!,
                channel: frame.channelId,
                payload: frame.payload
            ) {
            case .copy(let original):
                recorder.summary("\(route)  forwarded copy of step \(original)")
                return
            case .unmatched:
                recorder.depart(
                    "RELAY-11",
                    step: step,
                    "the relay sent a frame the \(sender.rawValue) did not send it (or sent it twice)"
                )
                return
            case .firstSight:
                break
            }
        } else if to == .relay {
            relay.received(from: from, channel: frame.channelId, payload: frame.payload, step: step)
        }
        readMessage(frame.payload, sender: sender, channel: frame.channelId, time: time, step: step, route: route)
    }

    /// VERIFY-3 then VERIFY-5 (VERIFY-13 then VERIFY-14 for version 3): the keyless checks, then
    /// the handler of the message's type.
    mutating func readMessage(_ text: String, sender: Role, channel: String, time: Int64, step: Int, route: String) {
        let decoded: MessageDecoding.Decoded
        do { decoded = try MessageDecoding.decode(text, sender: sender) } catch {
            recorder.depart(error.requirement, step: step, error.detail)
            return
        }
        let (bytes, octet, name): ([UInt8], UInt8, String) =
            switch decoded {
            case .version2(let bytes, let type): (bytes, type.rawValue, MessageDecoding.name(type))
            case .pairingV3(let bytes, let type): (bytes, type.rawValue, type.name)
            case .reconnectionV3(let bytes, let type): (bytes, type.rawValue, type.name)
            case .sessionV3(let bytes): (bytes, SessionFrameV3.type, "version 3 session frame")
            }
        recorder.summary("\(route)  0x\(Hex.encode([octet])) \(name)  \(bytes.count) bytes")
        // Taken out of the dictionary while it is read, so that the view is the only reference
        // to its ledgers and sessions and a record mutates them in place: a copy held by the
        // dictionary would make every record copy the channel's whole history (finding H2).
        var view = channels.removeValue(forKey: channel) ?? ChannelView()
        // A probe is checked against the channel's state and leaves it as it was (VERIFY-12): a
        // receiver refuses it, so a genuine message after it (the untampered copy of a tampered
        // frame, with the same nonce) is judged as if the probe had not been sent.
        let unchanged = probing && !skipping.contains(.probeAnswers) ? view : nil
        defer { channels[channel] = unchanged ?? view }
        switch decoded {
        case .pairingV3(_, let type):
            if view.startedWithHandshake == nil { view.startedWithHandshake = false }
            readPairingV3(bytes, type, sender: sender, channel: channel, view: &view, step: step)
        case .reconnectionV3(_, let type):
            if view.startedWithHandshake == nil { view.startedWithHandshake = false }
            readReconnectionV3(bytes, type, view: &view, step: step)
        case .sessionV3:
            if view.startedWithHandshake == nil { view.startedWithHandshake = false }
            readSessionFrameV3(bytes, sender: sender, view: &view, time: time, step: step)
        case .version2(_, let type):
            readVersion2(bytes, type, sender: sender, view: &view, time: time, step: step)
        }
    }

    /// A message of version 2: its nonce (VERIFY-3), then the handler of its type.
    private mutating func readVersion2(
        _ bytes: [UInt8],
        _ type: MessageType,
        sender: Role,
        view: inout ChannelView,
        time: Int64,
        step: Int
    ) {
        if view.startedWithHandshake == nil { view.startedWithHandshake = type == .handshake }
        if type == .handshake, view.firstHandshakeOctet == nil { view.firstHandshakeOctet = type.rawValue }

        let nonce = MessageDecoding.nonce(of: bytes, type: type)
        let seen =
            skipping.contains(.nonceRepeats)
            ? .fresh
            : view.ledgers[sender, default: NonceLedger()].record(nonce: nonce, message: bytes, step: step)
        switch seen {
        case .fresh: break
        case .repeated(let earlier):
            recorder.depart(
                MessageDecoding.repeatRequirement(type, sameMessage: true),
                step: step,
                "the \(MessageDecoding.name(type)) of step \(earlier) again"
            )
            return
        case .nonceReused(let earlier):
            recorder.depart(
                MessageDecoding.repeatRequirement(type, sameMessage: false),
                step: step,
                "nonce \(Hex.encode(nonce)) already used by the \(sender.rawValue) at step \(earlier)"
            )
            return
        }
        if isVersion3(view), type == .handshake || type == .handshakeAck {
            // V3-BIND-1: the core refuses a version 2 handshake on a version 3 channel.
            guard type == .handshakeAck else {
                recorder.note(
                    "a version 2 handshake on a version 3 channel: the core must refuse it (version_mismatch)"
                )
                return
            }
            recorder.depart(
                "V3-BIND-1",
                step: step,
                "an ack on a version 3 channel: the core must refuse a 0x03 there with version_mismatch"
            )
            return
        }
        switch type {
        case .handshake: readHandshake(bytes, view: &view, step: step)
        case .handshakeAck: readAck(bytes, view: &view, step: step)
        default: readSessionFrame(bytes, sender: sender, view: &view, time: time, step: step)
        }
    }
}
