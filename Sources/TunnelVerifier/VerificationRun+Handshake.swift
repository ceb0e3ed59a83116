import KitModels
import OpenHumanTunnel

extension VerificationRun {
    /// A 0x03: opened with the key log when it can be (KDF-3), its plaintext held to JSON-1 to
    /// JSON-7 and HS-2's exact form, its core key to the pairing payload's.
    mutating func readHandshake(_ message: [UInt8], view: inout ChannelView, step: Int) {
        var handshake = HandshakeView(step: step, message: message)
        recorder.note("hs_eph_pub \(Base64URL.encode(Array(message[HandshakeMessage.ephemeralKeyRange])))")
        defer { view.awaitingAck = handshake }
        let opening = HandshakeOpening.openHandshake(message, keys: keys)
        guard case .opened(let plaintext, let corePublic?, _) = opening else {
            if opening == .notOpened {
                recorder.depart("HS-1", step: step, "the handshake opens under no k_hs the key log gives")
            } else {
                recorder.note("not opened: the key log gives no K_HS for it")
            }
            view.everySessionKnown = false
            return
        }
        handshake.corePublic = corePublic
        recorder.note("sealed to core key \(Base64URL.encode(corePublic))")
        if let payloadKey = keys.payloadCoreKey, payloadKey != corePublic {
            recorder.depart(
                "KDF-3",
                step: step,
                "sealed to core key \(Base64URL.encode(corePublic)), not the pairing payload's "
                    + Base64URL.encode(payloadKey)
            )
        }
        recorder.note("plaintext \(TranscriptText.excerpt(plaintext))")
        do {
            let members = try HandshakeJSON.parseObject(plaintext)
            let device = try HandshakeJSON.key(HandshakeMessage.devicePublicKeyField, in: members)
            let client = try HandshakeJSON.key(HandshakeMessage.clientEphemeralField, in: members)
            handshake.devicePublic = device
            handshake.clientEphemeral = client
            guard plaintext == HandshakeMessage.handshakePlaintext(devicePublic: device, clientEphemeralPublic: client)
            else {
                recorder.depart("HS-2", step: step, "the plaintext is not HS-2's exact form")
                return
            }
        } catch {
            recorder.depart(PlaintextRules.requirement(for: error), step: step, "handshake plaintext refused: \(error)")
        }
    }

    /// A 0x04: it answers the outstanding handshake (ACK-1), opens under k_ack (KDF-4), its
    /// plaintext is ACK-2's exact form, and the session keys it starts agree with the key log's
    /// SESSION_KEYS (KDF-2). Prints the pairing code (SAS-2) when the secrets give it.
    mutating func readAck(_ message: [UInt8], view: inout ChannelView, step: Int) {
        guard let handshake = view.awaitingAck else {
            if let answered = view.answered {
                recorder.depart("ACK-1", step: step, "a second ack for the handshake of step \(answered.step)")
            } else {
                recorder.note("answers a handshake from before the trace")
                view.sessions.append(SessionView(ackStep: step, keys: nil))
                view.everySessionKnown = false
            }
            return
        }
        view.awaitingAck = nil
        view.answered = handshake
        recorder.note("answers the handshake of step \(handshake.step)")
        var session = SessionView(ackStep: step, keys: nil)
        defer { view.sessions.append(session) }
        let staticDH: [UInt8]?, plaintext: [UInt8]
        switch HandshakeOpening.openAck(message, answering: handshake, keys: keys) {
        case .noKey:
            recorder.note("not opened: the key log gives no K_ACK for this handshake's client_eph_pub")
            view.everySessionKnown = false
            return
        case .notOpened:
            recorder.depart(
                "ACK-1",
                step: step,
                "the ack does not open under k_ack and client_eph_pub of the handshake of step \(handshake.step)"
            )
            view.everySessionKnown = false
            return
        case .opened(let text, _, let key):
            (plaintext, staticDH) = (text, key)
        }
        recorder.note("plaintext \(TranscriptText.excerpt(plaintext))")
        let server: [UInt8]
        do throws(TunnelError) {
            let members = try HandshakeJSON.parseObject(plaintext)
            guard
                try HandshakeJSON.string(HandshakeMessage.kindField, in: members)
                    == Array(HandshakeMessage.ackKind.utf8)
            else {
                throw .badFieldValue(HandshakeMessage.kindField)
            }
            server = try HandshakeJSON.key(HandshakeMessage.serverEphemeralField, in: members)
        } catch {
            recorder.depart(PlaintextRules.requirement(for: error), step: step, "ack plaintext refused: \(error)")
            view.everySessionKnown = false
            return
        }
        if plaintext != HandshakeMessage.ackPlaintext(serverEphemeralPublic: server) {
            recorder.depart("ACK-2", step: step, "the plaintext is not ACK-2's exact form")
        }
        session.keys = sessionKeys(
            handshake: handshake,
            server: server,
            staticDH: staticDH,
            message: message,
            step: step
        )
        if session.keys == nil { view.everySessionKnown = false }
    }

    /// The session's keys: SESSION_KEYS, and the pairing code from SAS_OKM; or, from a 2.3 key
    /// log's private keys, KDF-2 and SAS-1, the keys checked against SESSION_KEYS.
    private mutating func sessionKeys(
        handshake: HandshakeView,
        server: [UInt8],
        staticDH: [UInt8]?,
        message: [UInt8],
        step: Int
    ) -> SessionKeys? {
        let client = handshake.clientEphemeral!
        let logged = keys.loggedSession(clientEphemeral: client, serverEphemeral: server)
        for (id, _) in keys.loggedSessions where Array(id[0..<32]) == client && Array(id[32...]) != server {
            recorder.depart(
                "KDF-2",
                step: step,
                "the key log's SESSION_KEYS for this client_eph_pub names server_eph_pub "
                    + "\(Base64URL.encode(Array(id[32...]))), the ack carries \(Base64URL.encode(server))"
            )
        }
        guard let staticDH, let ephemeralDH = keys.ephemeralDH(clientEphemeral: client, serverEphemeral: server) else {
            if logged != nil { recorder.note("session keys from the key log's SESSION_KEYS") }
            let codeID = KeyLogEntry.pairingCodeID(handshake: handshake.message, ack: message)
            if let okm = keys.secret(.pairingCodeKey, codeID) {
                notePairingCode(ShortAuthenticationString.digits(okm), from: "SAS_OKM", step: step)
            }
            return logged
        }
        let derived = SessionKeys.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: client,
            serverEphemeralPublic: server
        )
        if let logged, logged != derived {
            recorder.depart(
                "KDF-2",
                step: step,
                "the key log's SESSION_KEYS differ from the keys KDF-2 derives for this handshake"
            )
        }
        let code = ShortAuthenticationString.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            handshake: handshake.message,
            ack: message
        )
        recorder.note("session keys derived (KDF-2)")
        notePairingCode(code, from: "static_dh and eph_dh", step: step)
        return derived
    }

    /// The code both screens should have shown (VERIFY-7).
    private mutating func notePairingCode(_ code: String, from source: String, step: Int) {
        pairingCodes.append(Verification.PairingCode(step: step, code: code))
        recorder.note("pairing code \(code.prefix(3)) \(code.suffix(3)) (SAS-2, from \(source))")
    }
}
