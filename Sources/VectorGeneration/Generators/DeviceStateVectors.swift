import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/device-state.json`: one pairing of the device driven through its states (operation
/// `device-state`, section 5.9): what a refused ack, a late ack and a new handshake in the middle
/// of a session do. Each sequence is one the deployed app gets wrong (findings B4 to B6).
enum DeviceStateVectors {
    /// DEV-STATE-3's recommended deadline, in seconds.
    static let ackTimeout: Int64 = 10
    static let sent: Int64 = 1_789_999_400

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "device-state",
            description:
                "One pairing of the device, step by step: handshakes sent, acks and frames received, the ack "
                + "deadline passing; every result names the state after it (DEV-STATE-1).",
            flags: [
                "StepSequence": Flag(
                    description: "Several steps against one pairing; later steps show what earlier ones changed.",
                    bug: "A device whose state is not the one of the transition table of section 5.9."
                )
            ]
        )
        try addRefusedAckThenValid(&file)
        try addLateAck(&file)
        try addHandshakeEndsSession(&file)
        try addIdle(&file)
        return try file.build()
    }

    private static func start(_ f: HandshakeFixture, now: Int64) -> JSONValue {
        [
            "start": [
                "handshakeEphemeralPrivate": .hex(f.handshakeEphemeralPrivate),
                "clientEphemeralPrivate": .hex(f.clientEphemeralPrivate), "nonce": .hex(f.handshakeNonce),
            ],
            "now": .int(now),
        ]
    }

    private static func receive(_ message: [UInt8], now: Int64) -> JSONValue {
        ["receive": .hex(message), "now": .int(now)]
    }

    private static func tick(now: Int64) -> JSONValue { ["tick": true, "now": .int(now)] }

    /// A frame the core seals in `f`'s session.
    private static func coreFrame(_ f: HandshakeFixture, _ name: String) throws -> [UInt8] {
        let keys = SessionKeys.derive(
            staticDH: try X25519.sharedSecret(privateKey: f.devicePrivate, publicKey: f.corePublic),
            ephemeralDH: try X25519.sharedSecret(
                privateKey: f.clientEphemeralPrivate,
                publicKey: f.serverEphemeralPublic
            ),
            clientEphemeralPublic: f.clientEphemeralPublic,
            serverEphemeralPublic: f.serverEphemeralPublic
        )
        return try SessionCipher(role: .core, keys: keys).seal(
            LabelDerived.bytes(16, id: f.id, name: "plaintext/" + name),
            nonce: LabelDerived.nonce(id: f.id, name: "frame/" + name)
        )
    }

    private static func add(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        _ f: HandshakeFixture,
        _ steps: [JSONValue],
        errors: [String?]
    ) throws {
        try file.add(
            name,
            operation: "device-state",
            requirements: requirements + ["ADP-111"],
            comment: comment,
            flags: ["StepSequence"],
            input: [
                "corePublicKey": .hex(f.corePublic), "deviceStaticPrivate": .hex(f.devicePrivate),
                "ackTimeout": .int(ackTimeout), "steps": .array(steps),
            ],
            expect: .steps(errors)
        )
    }

    /// B4: a refused ack leaves the handshake waiting; the valid ack installs the session, and the
    /// session's frames open.
    private static func addRefusedAckThenValid(_ file: inout VectorFileBuilder) throws {
        var name = "refused-ack-then-valid"
        var f = HandshakeFixture(id: file.id(name))
        var tampered = try f.ack()
        tampered[tampered.count - 1] ^= 0x01
        try add(
            &file,
            name,
            ["ACK-5", "DEV-STATE-3", "DEV-STATE-1"],
            "A tampered ack is auth_failed and the device still awaits the ack; the genuine ack then installs the "
                + "session and two frames of it open: one refused ack does not fail the connect.",
            f,
            [
                start(f, now: sent), receive(tampered, now: sent + 1), receive(try f.ack(), now: sent + 2),
                receive(try coreFrame(f, "first"), now: sent + 3), receive(try coreFrame(f, "second"), now: sent + 4),
            ],
            errors: [nil, "auth_failed", nil, nil, nil]
        )
        name = "injected-messages-then-valid-ack"
        f = HandshakeFixture(id: file.id(name))
        let impostor = try f.otherCore("impostor").ack()
        try add(
            &file,
            name,
            ["ACK-5", "DEV-STATE-3", "DEV-STATE-4"],
            "While the device awaits its ack, anyone on the relay injects an empty message, a 0x02 frame and an "
                + "impostor's ack: each refused, the state unchanged; the genuine ack and a frame still work.",
            f,
            [
                start(f, now: sent), receive([], now: sent), receive(try coreFrame(f, "early"), now: sent + 1),
                receive(impostor, now: sent + 1), receive(try f.ack(), now: sent + 2),
                receive(try coreFrame(f, "first"), now: sent + 3),
            ],
            errors: [nil, "empty_frame", "unexpected_type", "auth_failed", nil, nil]
        )
    }

    /// B5: at the deadline the ack is still awaited; after it `client_eph` is gone, and the same
    /// genuine ack can install nothing, then or after a new handshake.
    private static func addLateAck(_ file: inout VectorFileBuilder) throws {
        var name = "ack-at-deadline-accepted"
        var f = HandshakeFixture(id: file.id(name))
        try add(
            &file,
            name,
            ["DEV-STATE-3"],
            "The ack arrives exactly ackTimeout seconds after the handshake: the deadline has not passed, the session is installed.",
            f,
            [start(f, now: sent), tick(now: sent + ackTimeout), receive(try f.ack(), now: sent + ackTimeout)],
            errors: [nil, nil, nil]
        )
        name = "late-ack-refused"
        f = HandshakeFixture(id: file.id(name))
        let next = f.round("retry")
        try add(
            &file,
            name,
            ["DEV-STATE-3", "DEV-STATE-4", "DEV-STATE-2"],
            "One second after the deadline the device is idle and the genuine ack is unexpected_type; after a new "
                + "handshake the old ack is auth_failed at the new opener, and only the new ack installs a session.",
            f,
            [
                start(f, now: sent), receive(try f.ack(), now: sent + ackTimeout + 1),
                receive(try coreFrame(f, "first"), now: sent + ackTimeout + 2), start(next, now: sent + 20),
                receive(try f.ack(), now: sent + 21), receive(try next.ack(), now: sent + 22),
                receive(try coreFrame(next, "first"), now: sent + 23),
            ],
            errors: [nil, "unexpected_type", "unexpected_type", nil, "auth_failed", nil, nil]
        )
        name = "deadline-passes-on-tick"
        f = HandshakeFixture(id: file.id(name))
        try add(
            &file,
            name,
            ["DEV-STATE-3", "DEV-STATE-1"],
            "With no message at all, the state is awaiting-ack at the deadline and idle one second after it.",
            f,
            [start(f, now: sent), tick(now: sent + ackTimeout), tick(now: sent + ackTimeout + 1)],
            errors: [nil, nil, nil]
        )
    }

    /// B6: a handshake sent in `established` (on `tunnel:connected`, DEV-STATE-5) ends the session.
    private static func addHandshakeEndsSession(_ file: inout VectorFileBuilder) throws {
        var name = "handshake-ends-session"
        var f = HandshakeFixture(id: file.id(name))
        var next = f.round("reconnect")
        try add(
            &file,
            name,
            ["DEV-STATE-2", "SESS-1", "DEV-STATE-4"],
            "A session, then a new handshake (the one a tunnel:connected without a disconnect starts): the old "
                + "session's frames are unexpected_type, its ack is auth_failed at the new opener, the new ack installs "
                + "the new session, and an old frame is auth_failed in it.",
            f,
            [
                start(f, now: sent), receive(try f.ack(), now: sent + 1),
                receive(try coreFrame(f, "first"), now: sent + 2),
                start(next, now: sent + 3), receive(try coreFrame(f, "second"), now: sent + 4),
                receive(try f.ack(), now: sent + 4), receive(try next.ack(), now: sent + 5),
                receive(try coreFrame(next, "first"), now: sent + 6), receive(try coreFrame(f, "third"), now: sent + 7),
            ],
            errors: [nil, nil, nil, nil, "unexpected_type", "auth_failed", nil, nil, "auth_failed"]
        )
        name = "handshake-closes-earlier-ack-opener"
        f = HandshakeFixture(id: file.id(name))
        next = f.round("retry")
        try add(
            &file,
            name,
            ["DEV-STATE-2"],
            "Two handshakes sent one after the other: the first one's ack is auth_failed, the second's is accepted.",
            f,
            [
                start(f, now: sent), start(next, now: sent + 1), receive(try f.ack(), now: sent + 2),
                receive(try next.ack(), now: sent + 2),
            ],
            errors: [nil, nil, "auth_failed", nil]
        )
    }

    /// A pairing that has sent nothing accepts nothing.
    private static func addIdle(_ file: inout VectorFileBuilder) throws {
        let name = "idle-answers-every-type"
        let f = HandshakeFixture(id: file.id(name))
        try add(
            &file,
            name,
            ["DEV-STATE-4", "DEV-STATE-1"],
            "Before any handshake: empty, 0x01, a 0x02 frame, the device's own 0x03, a genuine ack and 0x05 are "
                + "answered by the idle column of the table; the state stays idle.",
            f,
            [
                receive([], now: sent), receive([0x01, 0x00], now: sent), receive(try coreFrame(f, "first"), now: sent),
                receive(try f.handshake(), now: sent), receive(try f.ack(), now: sent),
                receive([0x05, 0x00], now: sent),
            ],
            errors: [
                "empty_frame", "legacy_frame", "unexpected_type", "unexpected_type", "unexpected_type",
                "unsupported_type",
            ]
        )
    }
}
