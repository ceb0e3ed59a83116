import AdapterOperations
import OpenHumanTunnel

/// The phone's side of a version 3 pairing (`pairing-v3-device`, ADP-69; V3-DEV-1, V3-MSG-1,
/// V3-COMMIT-1, V3-SAS-1, V3-CONFIRM-1, V3-CONFIRM-2), composed from the composed Noise
/// (`ComposedNoiseHandshakeState`, `ComposedNoiseTransport`), the composed values
/// (`ComposedPairingV3`), `PairingV3Record` and `PairingV3Message`'s octets and sizes, with the
/// mutants of the order of the checks, of message 2's reading and of the confirmations.
struct ComposedDevicePairingV3: DevicePairingV3Endpoint {
    private let mutant: Mutant?
    private let values: ComposedPairingV3
    private var noise: ComposedNoiseHandshakeState
    private var transport: ComposedNoiseTransport?
    private let deviceNonce: [UInt8]
    /// `h` after message 1, which only `v3-phone-code-from-message-1-hash` reads.
    private let messageOneHash: [UInt8]
    private var handshakeHash: [UInt8] = []
    private var reconnectPsk: [UInt8] = []
    private(set) var state: DevicePairingV3.State = .awaitingReply
    private var session: ComposedChannelSession?
    let messageOne: [UInt8]

    /// Message 1 at once (V3-COMMIT-1): the commitment to `deviceNonce`, before anything of the core's.
    init(
        corePublicKey: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        deviceNonce: [UInt8],
        mutant: Mutant?
    ) throws(TunnelError) {
        self.mutant = mutant
        values = ComposedPairingV3(mutant: mutant)
        noise = ComposedNoiseHandshakeState(
            pattern: .ikpsk1,
            role: .initiator,
            prologue: values.prologue(channelID: channelID),
            staticPrivate: deviceStaticPrivate,
            ephemeralPrivate: deviceEphemeralPrivate,
            remoteStatic: corePublicKey,
            psk: values.psk(pairingSecret: pairingSecret, channelID: channelID),
            mutant: mutant
        )
        self.deviceNonce = deviceNonce
        let payload = mutant == .v3PhoneCommitsToRawNonce ? deviceNonce : values.commitment(deviceNonce: deviceNonce)
        messageOne = [PairingV3Message.messageOne] + (try noise.writeMessage(payload: payload))
        messageOneHash = noise.handshakeHash
    }

    /// V3-DEV-1's order: empty, `0x01`, an octet not due, an unknown octet; then the size and
    /// the tags of the message that is due; a frame goes to the session once paired (V3-CHAN-3).
    mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> ChannelV3Outcome {
        guard let type = message.first else { throw .emptyFrame }
        switch (type, state) {
        case (PairingV3Message.messageTwo, .awaitingReply):
            return .answered(try acceptMessageTwo(message))
        case (PairingV3Message.record, .confirming(_, false, _)):
            try acceptRecord(message, now: now)
            return .answered(nil)
        case (PairingV3Message.record, .confirming(_, true, _)) where mutant == .v3PhoneRecordAfterCoreAnswerOpened:
            try acceptRecord(message, now: now)
            return .answered(nil)
        case (SessionFrameV3.type, .paired) where mutant != .v3ChannelFramesUnsupported && session != nil:
            return .delivered(try session!.receive(message))
        case (SessionFrameV3.type, _) where mutant == .v3ChannelFramesUnsupported:
            throw .unsupportedType(type)
        case (0x01, _):
            throw mutant == .v3PhoneLegacyFrameUnexpected ? .unexpectedType(type) : .legacyFrame
        case (0x02...0x04, _):
            throw mutant == .v3PhoneVersionTwoOctetsUnsupported ? .unsupportedType(type) : .unexpectedType(type)
        case (PairingV3Message.messageOne...SessionFrameV3.type, _): throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
    }

    /// V3-CHAN-3: only under the session the pairing committed.
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }

    /// The user's *Match* for the code the screen showed: the device's confirmation record.
    mutating func match(code: String, now: Int64) throws(TunnelError) -> [UInt8] {
        guard case .confirming(let shown, let coreConfirmed, let deviceConfirmed) = state, var current = transport,
            !deviceConfirmed || mutant == .v3PhoneSecondMatchSent
        else { throw .notConfirming }
        guard code == shown || mutant == .v3PhoneMatchNamesTheGivenCode else { throw .staleConfirmation }
        // The code given, which is the one shown unless the mutant let another through.
        let record =
            [PairingV3Message.record]
            + (try current.seal(PairingV3Record.confirmation(by: .device, handshakeHash: handshakeHash, code: code)))
        transport = current
        state = .confirming(code: shown, coreConfirmed: coreConfirmed, deviceConfirmed: true)
        commitIfConfirmed(now: now)
        return record
    }

    /// The user's *No*: the pairing fails, with the rejection record once message 2 has been read.
    mutating func refuse() throws(TunnelError) -> [UInt8]? {
        switch state {
        case .awaitingReply:
            if mutant == .v3PhoneNoBeforeMessageTwoNotConfirming { throw .notConfirming }
            fail()
            return nil
        case .confirming(_, _, let deviceConfirmed):
            guard var current = transport, !deviceConfirmed || mutant == .v3PhoneNoAfterMatchSent else {
                throw .notConfirming
            }
            let record =
                [PairingV3Message.record]
                + (try current.seal(PairingV3Record.rejection(by: .device, handshakeHash: handshakeHash)))
            fail()
            return record
        case .paired, .failed: throw .notConfirming
        }
    }

    // MARK: - Message 2

    /// The size, then the Noise read on a copy of the state after message 1 (V3-NOISE-3: a
    /// refused message 2 leaves the phone waiting); the reveal only after its tags pass.
    private mutating func acceptMessageTwo(_ message: [UInt8]) throws(TunnelError) -> [UInt8] {
        var received = message
        switch mutant {
        case .v3PhoneMessageTwoSizeUnchecked: break
        case .v3PhoneMessageTwoTrailingBytesIgnored:
            guard message.count >= PairingV3Message.messageTwoLength else { throw .frameTooShort }
            received = Array(message.prefix(PairingV3Message.messageTwoLength))
        default: try Self.checkLength(message, PairingV3Message.messageTwoLength)
        }
        var reading = noise
        let coreNonce: [UInt8]
        do throws(TunnelError) {
            if mutant == .v3PhoneMessageTwoReadOnLiveState {
                coreNonce = try noise.readMessage(Array(received.dropFirst()))
            } else {
                coreNonce = try reading.readMessage(Array(received.dropFirst()))
                noise = reading
            }
        } catch {
            if mutant == .v3PhoneRefusedMessageTwoFails { fail() }
            throw error
        }
        handshakeHash = noise.handshakeHash
        var split = ComposedNoiseTransport(
            noise.split(),
            role: .initiator,
            handshakeHash: handshakeHash,
            mutant: mutant
        )
        let reveal = [PairingV3Message.record] + (try split.seal(deviceNonce))
        transport = split
        reconnectPsk = values.reconnectPsk(handshakeHash: handshakeHash, deviceNonce: deviceNonce, coreNonce: coreNonce)
        let code = values.code(
            handshakeHash: mutant == .v3PhoneCodeFromMessageOneHash ? messageOneHash : handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: coreNonce
        )
        state = .confirming(code: code, coreConfirmed: false, deviceConfirmed: false)
        return reveal
    }

    // MARK: - The core's record

    /// The size, the open, then the content: the core's *Yes* for the shown code, its *No*, or
    /// anything else, which fails the pairing with `confirmation_mismatch` (V3-CONFIRM-1).
    private mutating func acceptRecord(_ message: [UInt8], now: Int64) throws(TunnelError) {
        guard case .confirming(let code, _, let deviceConfirmed) = state else {
            throw .unexpectedType(PairingV3Message.record)
        }
        if mutant != .v3PhoneRecordSizeUnchecked { try Self.checkLength(message, PairingV3Message.recordLength) }
        // Opened in place, as the core opens: a failed open leaves the counter as the cipher state leaves it.
        guard let plaintext = try transport?.open(Array(message.dropFirst())) else {
            throw .unexpectedType(PairingV3Message.record)
        }
        let rejection = PairingV3Record.rejection(by: .core, handshakeHash: handshakeHash)
        if plaintext == rejection {
            if mutant != .v3PhoneCoreRejectionIgnored { fail() }
        } else if isCoreConfirmation(plaintext, code: code) {
            state = .confirming(code: code, coreConfirmed: true, deviceConfirmed: deviceConfirmed)
            commitIfConfirmed(now: now)
        } else {
            if mutant != .v3PhoneMismatchNotFailed { fail() }
            throw .confirmationMismatch
        }
    }

    /// The core's *Yes* names the core (`r = 0x02`), this transcript and the code on screen.
    private func isCoreConfirmation(_ plaintext: [UInt8], code: String) -> Bool {
        switch mutant {
        case .v3PhoneAnyCoreRecordTakenAsYes: return true
        case .v3PhoneConfirmationRoleUnchecked:
            return [Role.core, .device].contains {
                plaintext == PairingV3Record.confirmation(by: $0, handshakeHash: handshakeHash, code: code)
            }
        default: return plaintext == PairingV3Record.confirmation(by: .core, handshakeHash: handshakeHash, code: code)
        }
    }

    /// V3-CONFIRM-2: the commit needs both the phone user's *Match* and the core's *Yes* record;
    /// the records' keys become the session (V3-CHAN-3).
    private mutating func commitIfConfirmed(now: Int64) {
        guard case .confirming(_, let coreConfirmed, let deviceConfirmed) = state else { return }
        let confirmed =
            switch mutant {
            case .v3PhoneCommitOnOwnMatch: deviceConfirmed
            case .v3PhoneCommitOnCoreYes: coreConfirmed
            default: coreConfirmed && deviceConfirmed
            }
        guard confirmed, let transport else { return }
        state = .paired(reconnectPsk: reconnectPsk)
        session = ComposedChannelSession(role: .device, start: .pairing, transport: transport, now: now, mutant: mutant)
    }

    private mutating func fail() {
        state = .failed
        transport = nil
        session = nil
        reconnectPsk = []
    }

    /// V3-MSG-1's exact sizes, before any DH.
    private static func checkLength(_ message: [UInt8], _ length: Int) throws(TunnelError) {
        guard message.count >= length else { throw .frameTooShort }
        guard message.count == length else { throw .frameTooLarge }
    }
}
