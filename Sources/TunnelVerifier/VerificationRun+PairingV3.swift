import KitModels
import OpenHumanTunnel
import TunnelCrypto

extension VerificationRun {
    /// A version 3 pairing message (VERIFY-13, then VERIFY-14 with the key log): the channel
    /// state a trace shows without keys, then what the key log's four lines open.
    mutating func readPairingV3(
        _ message: [UInt8],
        _ type: PairingV3Type,
        sender: Role,
        channel: String,
        view: inout ChannelView,
        step: Int
    ) {
        if type == .messageOne, view.firstHandshakeOctet == nil { view.firstHandshakeOctet = type.rawValue }
        defer { view.pairingV3.seenAny = true }
        switch type {
        case .messageOne: readPairingMessageOne(message, channel: channel, view: &view.pairingV3, step: step)
        case .messageTwo: readPairingMessageTwo(message, view: &view.pairingV3, step: step)
        case .record:
            readPairingRecord(message, sender: sender, view: &view.pairingV3, step: step)
            commitPairingIfConfirmed(&view, step: step)
        }
    }

    /// V3-CONFIRM-2: once both answers of the attempt are confirmations, the pairing is committed
    /// and its session starts, the device's counters from 2 and the core's from 1 (V3-SESS-1).
    private mutating func commitPairingIfConfirmed(_ view: inout ChannelView, step: Int) {
        guard var attempt = view.pairingV3.attempt, !attempt.committed, attempt.answers[.device] == true,
            attempt.answers[.core] == true
        else { return }
        attempt.committed = true
        view.pairingV3.attempt = attempt
        view.sessionV3.current = SessionV3Trace(start: .pairing, step: step, transport: attempt.transport)
        view.sessionV3.commits += 1
        recorder.note(
            "the pairing of step \(attempt.messageOne.step) is committed: its version 3 session starts (the device's "
                + "counters from 2, the core's from 1)"
        )
    }

    /// Whether the channel is a version 3 channel: the pairing payload's version when it gives
    /// one, else whether the channel's first handshake message was a 0x10 (VERIFY-13) or a 0x13
    /// (VERIFY-15: a channel paired before the trace).
    func isVersion3(_ view: ChannelView) -> Bool {
        if let payloadVersion { return payloadVersion == 3 }
        return [PairingV3Type.messageOne.rawValue, ReconnectionV3Type.messageOne.rawValue].contains(
            view.firstHandshakeOctet
        )
    }

    /// A 0x10: `e_D` a valid point (V3-NOISE-2), new or the same message again (V3-NOISE-1,
    /// V3-CORE-1), then opened with the key log.
    private mutating func readPairingMessageOne(
        _ message: [UInt8],
        channel: String,
        view: inout PairingV3View,
        step: Int
    ) {
        var messageOne = PairingV3MessageOne(step: step, message: message)
        let ephemeral = messageOne.deviceEphemeral
        recorder.note("e_D \(Hex.encode(ephemeral))")
        guard !X25519.isLowOrder(ephemeral) else {
            recorder.depart(
                "V3-NOISE-2",
                step: step,
                "e_D is a low-order point: the core's es gives 32 zero bytes, and it must refuse the message"
            )
            return
        }
        if !skipping.contains(.pairingV3Replays), let earlier = view.messagesOne[ephemeral] {
            guard earlier.message == message else {
                recorder.depart(
                    "V3-NOISE-1",
                    step: step,
                    "e_D of the message 1 of step \(earlier.step) with other bytes: the device did not draw a fresh "
                        + "ephemeral key"
                )
                return
            }
            guard !view.answered.contains(ephemeral) else {
                recorder.depart(
                    "V3-CORE-1",
                    step: step,
                    "the message 1 of step \(earlier.step) again, which the core answered: it must refuse it with "
                        + "handshake_replayed"
                )
                return
            }
            recorder.note("the message 1 of step \(earlier.step) again, which no message 2 answered")
            if !view.outstanding.contains(where: { $0.deviceEphemeral == ephemeral }) {
                view.outstanding.append(earlier)
            }
            return
        }
        openMessageOne(&messageOne, channel: channel, step: step)
        view.messagesOne[ephemeral] = messageOne
        view.outstanding.append(messageOne)
    }

    /// VERIFY-14 for a message 1: the device's static key under `V3_M1_STATIC_KEY` (the prologue
    /// from the pairing payload's `cid`, else the record's `channelId`) and the commitment under
    /// `V3_M1_PAYLOAD`.
    private mutating func openMessageOne(_ messageOne: inout PairingV3MessageOne, channel: String, step: Int) {
        let ephemeral = messageOne.deviceEphemeral
        if let key = keys.secret(.pairingV3StaticKey, ephemeral) {
            if let corePublic = keys.payloadCoreKey {
                var channelIDs = [payloadChannelID].compactMap { $0 }
                if !channelIDs.contains(channel) { channelIDs.append(channel) }
                let sealed = messageOne
                let opened = channelIDs.lazy.compactMap { cid in
                    PairingV3Opening.hashAfterEphemeral(
                        channelID: cid,
                        corePublic: corePublic,
                        deviceEphemeral: ephemeral
                    )
                    .flatMap { PairingV3Opening.openStatic(sealed, key: key, hashAfterEphemeral: $0) }
                }.first
                if let opened {
                    recorder.note("device static key \(Base64URL.encode(opened))")
                } else {
                    recorder.depart(
                        "V3-NOISE-3",
                        step: step,
                        "the encrypted s does not open under the key log's V3_M1_STATIC_KEY, the pairing payload's cpk "
                            + "and the prologue of cid \(channelIDs.joined(separator: " or "))"
                    )
                }
            } else {
                recorder.note("s not opened: no pairing payload gives cpk, the pre-message of its h")
            }
        }
        guard let secret = keys.secret(.pairingV3CommitmentKey, ephemeral) else {
            recorder.note("not opened: the key log gives no V3_M1_PAYLOAD for this e_D")
            return
        }
        guard let (commitment, h) = PairingV3Opening.openCommitment(messageOne, secret: secret) else {
            recorder.depart("V3-NOISE-3", step: step, "the commitment does not open under the key log's V3_M1_PAYLOAD")
            return
        }
        messageOne.commitment = commitment
        messageOne.handshakeHashAfter = h
        recorder.note("commitment opened (V3-COMMIT-1)")
    }

    /// A 0x11: `e_C` is a valid point (V3-NOISE-2), it answers an outstanding message 1
    /// (V3-CORE-1), and with the key log it opens under the `V3_M2_PAYLOAD` of the message 1 it
    /// answers: the newest outstanding one under whose key it opens, or without keys the newest.
    private mutating func readPairingMessageTwo(_ message: [UInt8], view: inout PairingV3View, step: Int) {
        guard !X25519.isLowOrder(Array(message[1..<33])) else {
            recorder.depart(
                "V3-NOISE-2",
                step: step,
                "e_C is a low-order point: the device's ee gives 32 zero bytes, and it must refuse the message"
            )
            return
        }
        guard !view.outstanding.isEmpty else {
            if view.messagesOne.isEmpty {
                recorder.note("answers a message 1 from before the trace")
            } else {
                let last = view.attempt.map { " (the last was answered at step \($0.answerStep))" } ?? ""
                recorder.depart(
                    "V3-CORE-1",
                    step: step,
                    "a message 2 with no message 1 outstanding\(last): the core answers each message 1 it accepts once"
                )
            }
            return
        }
        var opened: (index: Int, coreNonce: [UInt8], h: [UInt8])?
        var keyed = false
        for (index, candidate) in view.outstanding.enumerated().reversed() {
            guard let key = keys.secret(.pairingV3CoreNonceKey, candidate.deviceEphemeral),
                let after = candidate.handshakeHashAfter
            else { continue }
            keyed = true
            if let (nonce, h) = PairingV3Opening.openCoreNonce(message, key: key, hashAfterMessageOne: after) {
                opened = (index, nonce, h)
                break
            }
        }
        if keyed, opened == nil {
            recorder.depart(
                "V3-NOISE-3",
                step: step,
                "message 2 opens under the V3_M2_PAYLOAD of no outstanding message 1"
            )
            return
        }
        let answered = view.outstanding[opened?.index ?? view.outstanding.count - 1]
        view.outstanding.removeAll()
        view.answered.insert(answered.deviceEphemeral)
        recorder.note("answers the message 1 of step \(answered.step)")
        var attempt = PairingV3Attempt(messageOne: answered, answerStep: step)
        if let opened {
            attempt.coreNonce = opened.coreNonce
            attempt.handshakeHash = opened.h
            recorder.note("N_C opened")
        }
        if let secret = keys.secret(.pairingV3Transport, answered.deviceEphemeral) {
            attempt.transport = (Array(secret[0..<32]), Array(secret[32..<64]))
        }
        view.attempt = attempt
    }
}
