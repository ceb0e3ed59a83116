import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Every key and nonce of one handshake vector, derived from the vector's id, and the ways to
/// build its 0x03 and 0x04 messages: through the reference (`start`, `accept`) or by hand with
/// any plaintext (`handshake(plaintext:)`, `ack(plaintext:)`), which is how malformed but
/// authentic messages are made.
struct HandshakeFixture {
    let id: String
    private(set) var corePrivate: [UInt8], devicePrivate: [UInt8], handshakeEphemeralPrivate: [UInt8]
    private(set) var clientEphemeralPrivate: [UInt8], serverEphemeralPrivate: [UInt8]
    private(set) var handshakeNonce: [UInt8], ackNonce: [UInt8]

    /// Unix time of the pending channels, and a `now` before it.
    static let expiresAt: Int64 = 1_790_000_000
    static let now: Int64 = 1_789_999_400

    init(id: String) {
        self.id = id
        corePrivate = LabelDerived.privateKey(id: id, name: "core_static")
        devicePrivate = LabelDerived.privateKey(id: id, name: "device_static")
        handshakeEphemeralPrivate = LabelDerived.privateKey(id: id, name: "hs_eph")
        clientEphemeralPrivate = LabelDerived.privateKey(id: id, name: "client_eph")
        serverEphemeralPrivate = LabelDerived.privateKey(id: id, name: "server_eph")
        handshakeNonce = LabelDerived.nonce(id: id, name: "handshake_nonce")
        ackNonce = LabelDerived.nonce(id: id, name: "ack_nonce")
    }

    /// The same core and device, with new ephemeral keys and nonces: the next handshake of the
    /// same pairing (a reconnection).
    func round(_ name: String) -> HandshakeFixture {
        var next = self
        next.handshakeEphemeralPrivate = LabelDerived.privateKey(id: id, name: name + "/hs_eph")
        next.clientEphemeralPrivate = LabelDerived.privateKey(id: id, name: name + "/client_eph")
        next.serverEphemeralPrivate = LabelDerived.privateKey(id: id, name: name + "/server_eph")
        next.handshakeNonce = LabelDerived.nonce(id: id, name: name + "/handshake_nonce")
        next.ackNonce = LabelDerived.nonce(id: id, name: name + "/ack_nonce")
        return next
    }

    /// The same handshake (same device, hs_eph, client_eph and handshake nonce) answered by the
    /// core with a new server ephemeral key and ack nonce: a replay of this fixture's 0x03.
    func replayedTo(_ name: String) -> HandshakeFixture {
        var replay = self
        replay.serverEphemeralPrivate = LabelDerived.privateKey(id: id, name: name + "/server_eph")
        replay.ackNonce = LabelDerived.nonce(id: id, name: name + "/ack_nonce")
        return replay
    }

    /// The next handshake of the same device that keeps this fixture's client ephemeral key, with
    /// a new hs_eph, server_eph and nonces: the reuse HS-4-9 refuses (review R3-16).
    func reusingClientEphemeral(_ name: String) -> HandshakeFixture {
        var next = round(name)
        next.clientEphemeralPrivate = clientEphemeralPrivate
        return next
    }

    /// The next handshake of the same device that keeps this fixture's hs_eph (so its
    /// `hs_eph_pub`) with a fresh client ephemeral key, server_eph and nonces: not a replay byte
    /// for byte, so only KEYCONF-2's check of the slot's `hs_eph_pub` refuses it.
    func reusingHandshakeEphemeral(_ name: String) -> HandshakeFixture {
        var next = round(name)
        next.handshakeEphemeralPrivate = handshakeEphemeralPrivate
        return next
    }

    /// Another device (another static key) handshaking with the same core.
    func otherDevice(_ name: String) -> HandshakeFixture {
        var other = round(name)
        other.devicePrivate = LabelDerived.privateKey(id: id, name: name + "/device_static")
        return other
    }

    /// Another device that reuses this fixture's ephemeral keys and nonces: its handshake
    /// carries the same hs_eph_pub, so it looks like a replay as well as like a stranger.
    func otherDeviceSameEphemerals(_ name: String) -> HandshakeFixture {
        var other = self
        other.devicePrivate = LabelDerived.privateKey(id: id, name: name + "/device_static")
        return other
    }

    /// The same device and ephemerals facing another core (for example one whose QR payload the
    /// device scanned instead).
    func otherCore(_ name: String) -> HandshakeFixture {
        var other = self
        other.corePrivate = LabelDerived.privateKey(id: id, name: name + "/core_static")
        return other
    }

    /// This fixture with one private key or nonce replaced, by its adapter member name: the
    /// extreme values of each fixed-size input (all zero, all 0xff) in an otherwise valid run.
    func replacing(_ member: String, with bytes: [UInt8]) -> HandshakeFixture {
        var other = self
        switch member {
        case "coreStaticPrivate": other.corePrivate = bytes
        case "deviceStaticPrivate": other.devicePrivate = bytes
        case "handshakeEphemeralPrivate": other.handshakeEphemeralPrivate = bytes
        case "clientEphemeralPrivate": other.clientEphemeralPrivate = bytes
        case "serverEphemeralPrivate": other.serverEphemeralPrivate = bytes
        case "nonce": other.handshakeNonce = bytes
        case "ackNonce": other.ackNonce = bytes
        default: preconditionFailure("no fixture member \(member)")
        }
        return other
    }

    var corePublic: [UInt8] { X25519.publicKey(privateKey: corePrivate) }
    var devicePublic: [UInt8] { X25519.publicKey(privateKey: devicePrivate) }
    var handshakeEphemeralPublic: [UInt8] { X25519.publicKey(privateKey: handshakeEphemeralPrivate) }
    var clientEphemeralPublic: [UInt8] { X25519.publicKey(privateKey: clientEphemeralPrivate) }
    var serverEphemeralPublic: [UInt8] { X25519.publicKey(privateKey: serverEphemeralPrivate) }

    /// The handshake plaintext's members in the sender's form (HS-2).
    var handshakeMembers: JSONMembers {
        JSONMembers([
            ("device_pubkey", .string(Base64URL.encode(devicePublic))),
            ("client_ephemeral_pubkey", .string(Base64URL.encode(clientEphemeralPublic))),
        ])
    }

    /// The ack plaintext's members in the sender's form (ACK-2).
    var ackMembers: JSONMembers {
        JSONMembers([
            ("kind", .string("handshake_ack")),
            ("server_ephemeral_pubkey", .string(Base64URL.encode(serverEphemeralPublic))),
        ])
    }

    /// `0x03 || hs_eph_pub || nonce || AEAD(k_hs, nonce, plaintext, 0x03 || hs_eph_pub)`,
    /// built without the reference's handshake code (HS-1, KDF-3).
    func handshake(plaintext: [UInt8]) throws -> [UInt8] {
        let header = [MessageType.handshake.rawValue] + handshakeEphemeralPublic
        let key = KeySchedule.handshakeKey(
            handshakeDH: try X25519.sharedSecret(privateKey: handshakeEphemeralPrivate, publicKey: corePublic),
            handshakeEphemeralPublic: handshakeEphemeralPublic,
            corePublic: corePublic
        )
        return header + handshakeNonce
            + XChaCha20Poly1305.seal(key: key, nonce: handshakeNonce, plaintext: plaintext, aad: header)
    }

    /// The handshake in the sender's exact form.
    func handshake() throws -> [UInt8] { try handshake(plaintext: handshakeMembers.bytes) }

    /// `0x04 || nonce || AEAD(k_ack, nonce, plaintext, 0x04 || client_eph_pub)`, built without
    /// the reference's ack code (ACK-1, KDF-4).
    func ack(plaintext: [UInt8]) throws -> [UInt8] {
        let key = KeySchedule.ackKey(
            staticDH: try X25519.sharedSecret(privateKey: corePrivate, publicKey: devicePublic),
            clientEphemeralPublic: clientEphemeralPublic
        )
        return [MessageType.handshakeAck.rawValue] + ackNonce
            + XChaCha20Poly1305.seal(
                key: key,
                nonce: ackNonce,
                plaintext: plaintext,
                aad: [MessageType.handshakeAck.rawValue] + clientEphemeralPublic
            )
    }

    /// The ack in the sender's exact form.
    func ack() throws -> [UInt8] { try ack(plaintext: ackMembers.bytes) }

    func startInput() -> JSONValue {
        [
            "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(devicePrivate),
            "handshakeEphemeralPrivate": .hex(handshakeEphemeralPrivate),
            "clientEphemeralPrivate": .hex(clientEphemeralPrivate), "nonce": .hex(handshakeNonce),
        ]
    }

    func finishInput(_ frame: [UInt8]) -> JSONValue {
        [
            "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(devicePrivate),
            "clientEphemeralPrivate": .hex(clientEphemeralPrivate), "frame": .hex(frame),
        ]
    }

    /// One `handshake-core` step: this fixture's server ephemeral key and ack nonce.
    func coreStep(_ frame: [UInt8], now: Int64 = HandshakeFixture.now) -> JSONValue {
        [
            "frame": .hex(frame), "now": .int(now), "serverEphemeralPrivate": .hex(serverEphemeralPrivate),
            "ackNonce": .hex(ackNonce),
        ]
    }

    func coreInput(
        channel: ChannelState = .pending(expiresAt: HandshakeFixture.expiresAt),
        steps: [JSONValue]
    ) -> JSONValue {
        ["coreStaticPrivate": .hex(corePrivate), "channel": ChannelJSON.write(channel), "steps": .array(steps)]
    }

    /// What the core answers when it accepts this fixture's handshake on a channel, computed
    /// without the reference's handshake code: the ack, the session keys (KDF-2) and the
    /// channel state after (CHAN-2, CHAN-5).
    func acceptance() throws -> JSONValue {
        let staticDH = try X25519.sharedSecret(privateKey: corePrivate, publicKey: devicePublic)
        let ephemeralDH = try X25519.sharedSecret(privateKey: serverEphemeralPrivate, publicKey: clientEphemeralPublic)
        let keys = SessionKeys.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
        return [
            "ack": .hex(try ack()), "c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c), "devicePublicKey": .hex(devicePublic),
            "channel": ChannelJSON.write(
                .paired(devicePublicKey: devicePublic, lastHandshakeEphemeral: handshakeEphemeralPublic)
            ),
        ]
    }

    /// The session keys the device derives from this fixture's ack.
    func sessionKeys() throws -> JSONValue {
        let keys = SessionKeys.derive(
            staticDH: try X25519.sharedSecret(privateKey: devicePrivate, publicKey: corePublic),
            ephemeralDH: try X25519.sharedSecret(privateKey: clientEphemeralPrivate, publicKey: serverEphemeralPublic),
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
        return ["c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)]
    }
}

extension VectorFileBuilder {
    /// The name in this file of the vector whose fixture is `fixture`: a fixture is seeded by its
    /// vector's id, so the vector's name is written once, where the fixture is made.
    func name(of fixture: HandshakeFixture) -> String {
        let prefix = id("")
        precondition(fixture.id.hasPrefix(prefix), "\(fixture.id) is not a fixture of \(area)")
        return String(fixture.id.dropFirst(prefix.count))
    }

    /// Adds the vector that `fixture` was made for (see `name(of:)`).
    mutating func add(
        fixture: HandshakeFixture,
        operation: String,
        requirements: [String],
        comment: String,
        flags: [String] = [],
        input: JSONValue,
        expect: Expectation
    ) throws {
        try add(
            name(of: fixture),
            operation: operation,
            requirements: requirements,
            comment: comment,
            flags: flags,
            input: input,
            expect: expect
        )
    }
}
