import KitModels
import OpenHumanTunnel
import TunnelCrypto

extension VerificationRun {
    /// A version 3 reconnection message (VERIFY-15, then VERIFY-16 with the key log).
    mutating func readReconnectionV3(_ message: [UInt8], _ type: ReconnectionV3Type, view: inout ChannelView, step: Int)
    {
        if type == .messageOne, view.firstHandshakeOctet == nil { view.firstHandshakeOctet = type.rawValue }
        let current = view.reconnectionV3.currentEphemeral ?? view.pairingV3.attempt?.messageOne.deviceEphemeral
        switch type {
        case .messageOne:
            readReconnectionMessageOne(message, current: current, view: &view.reconnectionV3, step: step)
        case .messageTwo: readReconnectionMessageTwo(message, view: &view.reconnectionV3, step: step)
        case .keyConfirmation: readKeyConfirmation(message, view: &view.reconnectionV3, step: step)
        }
        if let committed = view.reconnectionV3.justCommitted {
            view.reconnectionV3.justCommitted = nil
            let transport = committed.ephemeral.flatMap { keys.secret(.pairingV3Transport, $0) }.map {
                (deviceToCore: Array($0[0..<32]), coreToDevice: Array($0[32..<64]))
            }
            view.sessionV3.current = SessionV3Trace(start: .reconnection, step: committed.step, transport: transport)
            view.sessionV3.commits += 1
            recorder.note("a new version 3 session starts: the device's counters from 1, the core's from 0")
        }
    }

    /// A 0x13: `e` a valid point (V3-NOISE-2), not the current session's nor the pending
    /// reconnection's (V3-RECON-2), and new unless it is the same message again (V3-RECON-4).
    private mutating func readReconnectionMessageOne(
        _ message: [UInt8],
        current: [UInt8]?,
        view: inout ReconnectionV3View,
        step: Int
    ) {
        defer { view.seenAny = true }
        let messageOne = ReconnectionV3MessageOne(step: step, message: message)
        let ephemeral = messageOne.deviceEphemeral
        recorder.note("e \(Hex.encode(ephemeral))")
        if view.messagesOne.isEmpty, current == nil {
            recorder.note("no pairing in the trace: the reconnection of a channel paired before it")
        }
        guard !X25519.isLowOrder(ephemeral) else {
            recorder.depart(
                "V3-NOISE-2",
                step: step,
                "the 0x13's e is a low-order point: the core's es gives 32 zero bytes, and it must refuse the message"
            )
            return
        }
        if ephemeral == current || ephemeral == view.pending?.deviceEphemeral {
            recorder.depart(
                "V3-RECON-2",
                step: step,
                "the e of the \(ephemeral == current ? "current session" : "pending reconnection") again: the core "
                    + "must refuse it with handshake_replayed"
            )
            return
        }
        if let earlier = view.messagesOne[ephemeral] {
            guard earlier.message == message else {
                recorder.depart(
                    "V3-RECON-4",
                    step: step,
                    "the e of the reconnection message 1 of step \(earlier.step) with other bytes: the device did not "
                        + "start this reconnection with a fresh ephemeral key"
                )
                return
            }
            recorder.note("the reconnection message 1 of step \(earlier.step) again: the core answers it (13.8)")
        } else {
            view.messagesOne[ephemeral] = messageOne
        }
        view.outstanding.removeAll { $0.deviceEphemeral == ephemeral }
        view.outstanding.append(messageOne)
    }

    /// A 0x14: `e` a valid point (V3-NOISE-2), answering an outstanding 0x13 (V3-RECON-2), which
    /// becomes the pending reconnection.
    private mutating func readReconnectionMessageTwo(_ message: [UInt8], view: inout ReconnectionV3View, step: Int) {
        defer { view.seenAny = true }
        guard !X25519.isLowOrder(Array(message[1..<33])) else {
            recorder.depart(
                "V3-NOISE-2",
                step: step,
                "the 0x14's e is a low-order point: the device's ee gives 32 zero bytes, and it must refuse the message"
            )
            return
        }
        guard let answered = view.outstanding.last else {
            if view.messagesOne.isEmpty {
                recorder.note("answers a reconnection message 1 from before the trace")
                view.pendingBeforeTrace = true
            } else {
                recorder.depart(
                    "V3-RECON-2",
                    step: step,
                    "a reconnection message 2 with no message 1 outstanding: the core answers each message 1 it "
                        + "accepts once"
                )
            }
            return
        }
        view.outstanding.removeAll()
        view.pending = answered
        view.pendingBeforeTrace = false
        recorder.note("answers the reconnection message 1 of step \(answered.step)")
    }

    /// A 0x15: after a 0x14, one per answered reconnection (V3-RECON-4); with the key log, opened
    /// under the device-to-core key of the pending reconnection's `V3_TRANSPORT` (V3-NOISE-3).
    private mutating func readKeyConfirmation(_ message: [UInt8], view: inout ReconnectionV3View, step: Int) {
        guard let pending = view.pending else {
            if !view.seenAny || view.pendingBeforeTrace {
                view.pendingBeforeTrace = false
                view.justCommitted = (step, nil)
                recorder.note("confirms a reconnection from before the trace")
            } else {
                recorder.depart(
                    "V3-RECON-4",
                    step: step,
                    "a key confirmation with no reconnection message 2 answered since the last one: the device "
                        + "sends one for each message 2 it accepts"
                )
            }
            return
        }
        if let secret = keys.secret(.pairingV3Transport, pending.deviceEphemeral) {
            let opened = try? ChaCha20Poly1305.open(
                key: Array(secret[0..<32]),
                nonce: ChaCha20Poly1305.noiseNonce(0),
                ciphertext: Array(message.dropFirst()),
                aad: []
            )
            guard opened != nil else {
                recorder.depart(
                    "V3-NOISE-3",
                    step: step,
                    "the key confirmation does not open under the device-to-core key of the V3_TRANSPORT of the "
                        + "reconnection message 1 of step \(pending.step): the core must refuse it with auth_failed"
                )
                return
            }
            recorder.note("opened under V3_TRANSPORT: empty, as V3-RECON-1 has it")
        } else {
            recorder.note("not opened: the key log gives no V3_TRANSPORT for this reconnection's e")
        }
        view.pending = nil
        view.currentEphemeral = pending.deviceEphemeral
        view.justCommitted = (step, pending.deviceEphemeral)
        recorder.note("the core commits the reconnection of step \(pending.step)")
    }
}
