import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/core-channel.json`: one channel of the core through handshakes, frames, seals, the
/// user's answer and time (operation `core-channel`): key confirmation before commit
/// (KEYCONF-*), the confirming state and its three endings (CONFIRM-*), races, the lost ack,
/// replayed and forged handshakes that must not end the live session, and the pairing window
/// at the core's cap (CLOCK-1).
enum CoreChannelVectors {
    /// Times of the sequences: the handshake, then the first frame a second later.
    static let t0 = HandshakeFixture.now
    static let t1 = HandshakeFixture.now + 1
    static let expiresAt = HandshakeFixture.expiresAt

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "core-channel",
            description: "A channel of the core: a handshake waits in a one-entry slot and is committed by its first "
                + "authenticated frame; a first pairing then waits up to 120 s for the user to confirm the code, delivering "
                + "nothing; rejection and timeout revoke the channel.",
            flags: [
                "Commit": Flag(
                    description: "When a handshake takes effect: only at its first authenticated frame.",
                    bug: "Committing at the handshake, as the deployed core did."
                ),
                "LiveSession": Flag(
                    description: "A replayed or forged handshake arrives while a session is live.",
                    bug: "The live session replaced by a handshake nobody can use."
                ),
                "LostAck": Flag(
                    description: "The ack of a first handshake never reached the device.",
                    bug: "A pending channel that takes only the first handshake: the pairing is stuck."
                ),
                "Race": Flag(
                    description: "Two devices handshake with one pending channel.",
                    bug: "A race resolved otherwise than KEYCONF-6 says."
                ),
                "Confirmation": Flag(
                    description: "The confirming state: nothing delivered, and its three endings.",
                    bug: "Requests served before the user confirmed, or a rejection that keeps the channel."
                ),
                "Time": Flag(
                    description: "A deadline or window at its boundary: one second before, at, after.",
                    bug: "A deadline off by one, or not applied."
                ),
                "StateUnchanged": Flag(
                    description: "A failing step is followed by steps that prove nothing changed.",
                    bug: "An error path that changes the channel, the session or the slot."
                ),
                "Lifecycle": Flag(
                    description: "A restart, a revocation the core owes the relay, or the relay's tunnel:revoked.",
                    bug:
                        "A pairing window surviving a restart, a revoked phone keeping its relay access, or the relay ending a pairing."
                ),
                "Admission": Flag(
                    description:
                        "A bound on the handshakes a channel lets in (KEYCONF-7, HS-RATE-1, HS-4-9) at its edge.",
                    bug: "A bound off by one or not applied: whoever saw the QR code tries codes until one matches."
                ),
            ]
        )
        try addFirstPairing(&file)
        try addConfirmationTimes(&file)
        try addConfirmationBinding(&file)
        try addCommit(&file)
        try addLostAckAndRace(&file)
        try addWindows(&file)
        try addLateFirstFrame(&file)
        try addRefusals(&file)
        try addLifecycle(&file)
        try addExhaustedSession(&file)
        try addSessionReplacement(&file)
        try CoreChannelAdmissionVectors.add(&file)
        return try file.build()
    }

    // MARK: Steps

    static func handshake(_ f: HandshakeFixture, now: Int64 = t0) throws -> JSONValue {
        ["handshake": f.coreStep(try f.handshake(), now: now)]
    }

    /// A device frame under the session of `f`'s exchange, with a nonce and plaintext named `name`.
    static func open(_ f: HandshakeFixture, _ name: String, now: Int64 = t1) throws -> JSONValue {
        ["open": ["frame": .hex(try frame(f, name)), "now": .int(now)]]
    }

    /// `nonce`, when given, replaces the frame's own (a nonce another frame already used).
    static func frame(_ f: HandshakeFixture, _ name: String, nonce: [UInt8]? = nil) throws -> [UInt8] {
        try SessionCipher(role: .device, keys: try keys(f))
            .seal(
                LabelDerived.bytes(16, id: f.id, name: "plaintext/" + label(f, name)),
                nonce: nonce ?? Self.nonce(f, name)
            )
    }

    /// The nonce of `frame(f, name)`.
    static func nonce(_ f: HandshakeFixture, _ name: String) -> [UInt8] {
        LabelDerived.nonce(id: f.id, name: "nonce/" + label(f, name))
    }

    /// The round's client ephemeral key in the label: rounds of one fixture share its id.
    private static func label(_ f: HandshakeFixture, _ name: String) -> String {
        Hex.encode(Array(f.clientEphemeralPublic.prefix(8))) + "/" + name
    }

    static func keys(_ f: HandshakeFixture) throws -> SessionKeys {
        SessionKeys.derive(
            staticDH: try X25519.sharedSecret(privateKey: f.devicePrivate, publicKey: f.corePublic),
            ephemeralDH: try X25519.sharedSecret(
                privateKey: f.clientEphemeralPrivate,
                publicKey: f.serverEphemeralPublic
            ),
            clientEphemeralPublic: f.clientEphemeralPublic,
            serverEphemeralPublic: f.serverEphemeralPublic
        )
    }

    static func seal(_ f: HandshakeFixture, _ name: String, now: Int64) -> JSONValue {
        [
            "seal": [
                "plaintext": .hex(LabelDerived.bytes(16, id: f.id, name: "reply/" + name)),
                "nonce": .hex(LabelDerived.nonce(id: f.id, name: "reply-nonce/" + name)), "now": .int(now),
            ]
        ]
    }

    static func user(_ answer: String, now: Int64) -> JSONValue { [answer: ["now": .int(now)]] }

    /// The user's *Yes* to the code of `f`'s handshake (CONFIRM-4, ADP-50).
    static func confirm(_ f: HandshakeFixture, now: Int64) -> JSONValue {
        ["confirm": ["now": .int(now), "handshakeEphemeral": .hex(f.handshakeEphemeralPublic)]]
    }

    /// The adapter's `fillSession` step (ADP-55).
    static func fillSession(now: Int64) -> JSONValue { ["fillSession": ["now": .int(now)]] }

    static func input(
        _ f: HandshakeFixture,
        channel: ChannelState = .pending(expiresAt: expiresAt),
        _ steps: [JSONValue]
    ) -> JSONValue {
        ["coreStaticPrivate": .hex(f.corePrivate), "channel": ChannelJSON.write(channel), "steps": .array(steps)]
    }

    /// One vector named by its fixture (whose seed is the vector's id), so the name is written once.
    static func add(
        _ file: inout VectorFileBuilder,
        _ fixture: HandshakeFixture,
        _ requirements: [String],
        _ comment: String,
        flags: [String],
        input: JSONValue,
        errors: [String?]
    ) throws {
        try file.add(
            fixture: fixture,
            operation: "core-channel",
            requirements: requirements + ["ADP-50"],
            comment: comment,
            flags: flags,
            input: input,
            expect: .steps(errors)
        )
    }

    static func fixture(_ file: VectorFileBuilder, _ name: String) -> HandshakeFixture {
        HandshakeFixture(id: file.id(name))
    }

    // MARK: Vectors

    private static func addFirstPairing(_ file: inout VectorFileBuilder) throws {
        var f = fixture(file, "first-pairing-confirmed")
        try checkCode(f, file: file)
        try add(
            &file,
            f,
            [
                "KEYCONF-1", "KEYCONF-3", "KEYCONF-4", "CONFIRM-1", "CONFIRM-2", "CONFIRM-3", "KEYCONF-5", "SAS-1",
                "SAS-2", "HS-4",
            ],
            "Handshake: slot only; first frame: confirming, not delivered; seal refused; confirm: paired; then delivered and sealed.",
            flags: ["Commit", "Confirmation"],
            input: input(
                f,
                [
                    try handshake(f), try open(f, "ping"), seal(f, "early", now: t1 + 1),
                    confirm(f, now: t1 + 2), try open(f, "request", now: t1 + 3), seal(f, "reply", now: t1 + 4),
                ]
            ),
            errors: [nil, "pairing_unconfirmed", "pairing_unconfirmed", nil, nil, nil]
        )
        f = fixture(file, "first-pairing-rejected")
        try add(
            &file,
            f,
            ["CONFIRM-3", "CONFIRM-4", "CHAN-4"],
            "The user rejects the code: revoked; frames, seals, handshakes and a confirmation are all channel_revoked.",
            flags: ["Confirmation", "StateUnchanged"],
            input: input(
                f,
                [
                    try handshake(f), try open(f, "ping"), user("reject", now: t1 + 5),
                    try open(f, "request", now: t1 + 6), seal(f, "reply", now: t1 + 7),
                    try handshake(f.round("again"), now: t1 + 8), confirm(f, now: t1 + 9),
                ]
            ),
            errors: [
                nil, "pairing_unconfirmed", nil, "channel_revoked", "channel_revoked", "channel_revoked",
                "channel_revoked",
            ]
        )
        f = fixture(file, "rejected-code-cannot-be-retried")
        try add(
            &file,
            f,
            ["CONFIRM-3", "CHAN-4"],
            "After a rejection the same QR code is burnt: a new handshake, even within the pairing window, is channel_revoked.",
            flags: ["Confirmation"],
            input: input(
                f,
                [
                    try handshake(f), try open(f, "ping"), user("reject", now: t1 + 1),
                    try handshake(f.otherDevice("retry"), now: t1 + 2),
                ]
            ),
            errors: [nil, "pairing_unconfirmed", nil, "channel_revoked"]
        )
        f = fixture(file, "not-confirming")
        try add(
            &file,
            f,
            ["CONFIRM-4", "KEYCONF-1"],
            "Confirm and reject on a pending channel, and with a handshake waiting but no frame yet: not_confirming.",
            flags: ["Confirmation", "StateUnchanged"],
            input: input(
                f,
                [
                    confirm(f, now: t0), user("reject", now: t0), try handshake(f),
                    confirm(f, now: t1), try open(f, "ping", now: t1 + 1),
                ]
            ),
            errors: ["not_confirming", "not_confirming", nil, "not_confirming", "pairing_unconfirmed"]
        )
        f = fixture(file, "paired-not-confirming")
        try add(
            &file,
            f,
            ["CONFIRM-4"],
            "A paired channel has nothing to confirm or reject: not_confirming, and it stays paired.",
            flags: ["Confirmation", "StateUnchanged"],
            input: input(
                f,
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                [confirm(f, now: t0), user("reject", now: t0)]
            ),
            errors: ["not_confirming", "not_confirming"]
        )
    }

    private static func addConfirmationTimes(_ file: inout VectorFileBuilder) throws {
        var f = fixture(file, "confirm-at-deadline")
        try add(
            &file,
            f,
            ["CONFIRM-1", "CONFIRM-3"],
            "The first frame at t1 sets the deadline t1 + 120; a confirmation at exactly t1 + 120 pairs.",
            flags: ["Confirmation", "Time"],
            input: input(f, [try handshake(f), try open(f, "ping"), confirm(f, now: t1 + 120)]),
            errors: [nil, "pairing_unconfirmed", nil]
        )
        f = fixture(file, "confirm-after-deadline")
        try add(
            &file,
            f,
            ["CONFIRM-3", "CONFIRM-4"],
            "A confirmation at t1 + 121 comes too late: the timeout revokes the channel first, so channel_revoked.",
            flags: ["Confirmation", "Time"],
            input: input(f, [try handshake(f), try open(f, "ping"), confirm(f, now: t1 + 121)]),
            errors: [nil, "pairing_unconfirmed", "channel_revoked"]
        )
        f = fixture(file, "timeout-by-clock")
        try add(
            &file,
            f,
            ["CONFIRM-3"],
            "With no answer, the channel is confirming at t1 + 120 and revoked at t1 + 121; a frame then is channel_revoked.",
            flags: ["Confirmation", "Time"],
            input: input(
                f,
                [
                    try handshake(f), try open(f, "ping"), user("tick", now: t1 + 120), user("tick", now: t1 + 121),
                    try open(f, "late", now: t1 + 122),
                ]
            ),
            errors: [nil, "pairing_unconfirmed", nil, nil, "channel_revoked"]
        )
    }

    /// CONFIRM-5 and CONFIRM-4 (review R3-4): while the user compares, no handshake can change
    /// the committed one, and *Yes* names the handshake whose code it confirms.
    private static func addConfirmationBinding(_ file: inout VectorFileBuilder) throws {
        var f = fixture(file, "confirming-refuses-handshakes")
        var g = f.round("reconnect")
        try add(
            &file,
            f,
            ["CONFIRM-5", "HS-4-4", "HS-4", "KEYCONF-4", "CHAN-6", "CONFIRM-4", "CHAN-3"],
            "While confirming, a handshake of the same device and one of another device are pairing_unconfirmed (an empty one is still empty_frame): state, slot and session unchanged, the session's frame still opens, confirm pairs; then the device's handshake is accepted again.",
            flags: ["Confirmation", "StateUnchanged"],
            input: input(
                f,
                [
                    try handshake(f), try open(f, "ping"), try handshake(g, now: t1 + 5),
                    ["handshake": f.coreStep([], now: t1 + 6)],
                    try handshake(f.otherDevice("stranger"), now: t1 + 7), try open(f, "again", now: t1 + 8),
                    confirm(f, now: t1 + 9), try open(f, "request", now: t1 + 10), try handshake(g, now: t1 + 11),
                    try open(g, "ping", now: t1 + 12),
                ]
            ),
            errors: [
                nil, "pairing_unconfirmed", "pairing_unconfirmed", "empty_frame", "pairing_unconfirmed",
                "pairing_unconfirmed", nil, nil, nil, nil,
            ]
        )
        f = fixture(file, "confirming-handshake-at-deadline")
        g = f.round("late")
        try add(
            &file,
            f,
            ["CONFIRM-5", "CONFIRM-3", "CONFIRM-4", "HS-4-4"],
            "At the deadline a handshake is pairing_unconfirmed and a confirmation of another handshake stale_confirmation; a second later the timeout comes first: channel_revoked for both.",
            flags: ["Confirmation", "Time"],
            input: input(
                f,
                [
                    try handshake(f), try open(f, "ping"), try handshake(g, now: t1 + 120), confirm(g, now: t1 + 120),
                    confirm(g, now: t1 + 121), try handshake(g, now: t1 + 122),
                ]
            ),
            errors: [
                nil, "pairing_unconfirmed", "pairing_unconfirmed", "stale_confirmation", "channel_revoked",
                "channel_revoked",
            ]
        )
        f = fixture(file, "confirm-names-committed-handshake")
        let retry = f.round("retry")
        try add(
            &file,
            f,
            ["CONFIRM-4", "CONFIRM-3", "KEYCONF-6"],
            "A lost ack: the retry displaces the first handshake and commits. A confirmation naming the first handshake is stale_confirmation and changes nothing; naming the committed one pairs.",
            flags: ["Confirmation", "StateUnchanged"],
            input: input(
                f,
                [
                    try handshake(f), try handshake(retry, now: t0 + 10), try open(retry, "ping", now: t0 + 11),
                    confirm(f, now: t0 + 12), confirm(retry, now: t0 + 13), try open(retry, "request", now: t0 + 14),
                ]
            ),
            errors: [nil, nil, "pairing_unconfirmed", "stale_confirmation", nil, nil]
        )
    }

    private static func addCommit(_ file: inout VectorFileBuilder) throws {
        let paired: (HandshakeFixture) -> ChannelState = {
            .paired(devicePublicKey: $0.devicePublic, lastHandshakeEphemeral: nil)
        }
        var f = fixture(file, "reconnect-commits-at-first-frame")
        var next = f.round("next")
        try add(
            &file,
            f,
            ["KEYCONF-1", "KEYCONF-3", "KEYCONF-4", "SESS-1", "CHAN-6"],
            "A reconnection waits in the slot while the current session still works; its first frame commits it and ends the old session.",
            flags: ["Commit"],
            input: input(
                f,
                channel: paired(f),
                [
                    try handshake(f), try open(f, "a"), try handshake(next, now: t1 + 1),
                    try open(f, "b", now: t1 + 2), try open(next, "c", now: t1 + 3),
                    try open(f, "d", now: t1 + 4),
                ]
            ),
            errors: [nil, nil, nil, nil, nil, "auth_failed"]
        )
        // The older handshake was recorded before the core's restart: the restored channel
        // (lastHandshakeEphemeral null) cannot know it, so every conforming core accepts it
        // into the slot; CHAN-5 lets a core refuse handshakes it does remember.
        f = fixture(file, "replayed-older-handshake-keeps-live-session")
        let older = f.round("before-restart")
        try add(
            &file,
            f,
            ["KEYCONF-1", "KEYCONF-5", "CHAN-5"],
            "Live session S1; a handshake recorded before the restart, replayed, only takes the slot: S1 opens and seals; only its own keys would commit it.",
            flags: ["Commit", "LiveSession"],
            input: input(
                f,
                channel: paired(f),
                [
                    try handshake(f), try open(f, "a"), try handshake(older, now: t1 + 1),
                    try open(f, "b", now: t1 + 2), seal(f, "reply", now: t1 + 3),
                    try open(older, "c", now: t1 + 4),
                ]
            ),
            errors: [nil, nil, nil, nil, nil, nil]
        )
        f = fixture(file, "forged-handshake-keeps-live-session")
        let forged = f.round("forged")
        try add(
            &file,
            f,
            ["KEYCONF-1", "KEYCONF-5"],
            "A fresh handshake with the device's public key (anyone can build one) takes the slot; the live session opens and seals as before.",
            flags: ["Commit", "LiveSession"],
            input: input(
                f,
                channel: paired(f),
                [
                    try handshake(f), try open(f, "a"), try handshake(forged, now: t1 + 1),
                    seal(f, "reply", now: t1 + 2), try open(f, "b", now: t1 + 3),
                ]
            ),
            errors: [nil, nil, nil, nil, nil]
        )
        f = fixture(file, "paired-pending-handshake-replay-refused")
        next = f.round("next")
        try add(
            &file,
            f,
            ["KEYCONF-2"],
            "On a paired channel the reconnection waiting in the slot, replayed, is handshake_replayed; its own frame then commits it.",
            flags: ["Commit", "StateUnchanged"],
            input: input(
                f,
                channel: paired(f),
                [
                    try handshake(f), try open(f, "a"), try handshake(next, now: t1 + 1),
                    try handshake(next.replayedTo("replay"), now: t1 + 2),
                    try open(next, "b", now: t1 + 3),
                ]
            ),
            errors: [nil, nil, nil, "handshake_replayed", nil]
        )
        f = fixture(file, "pending-handshake-replay-refused")
        try add(
            &file,
            f,
            ["KEYCONF-2", "KEYCONF-6"],
            "The handshake in the slot replayed: handshake_replayed, and the slot keeps the original, whose frame then commits.",
            flags: ["Commit", "StateUnchanged"],
            input: input(
                f,
                [try handshake(f), try handshake(f.replayedTo("replay"), now: t0 + 1), try open(f, "ping")]
            ),
            errors: [nil, "handshake_replayed", "pairing_unconfirmed"]
        )
        f = fixture(file, "pending-handshake-ephemeral-reuse-refused")
        let fresh = f.round("fresh")
        try add(
            &file,
            f,
            ["KEYCONF-2", "HS-4-9"],
            "A handshake with the slot's hs_eph_pub but a fresh client_eph, so that only KEYCONF-2's check can refuse it: handshake_replayed, and the slot keeps the original, whose frame then commits; control: a handshake with fresh ephemerals of both kinds is taken.",
            flags: ["Commit", "StateUnchanged"],
            input: input(
                f,
                [
                    try handshake(f), try handshake(f.reusingHandshakeEphemeral("reuse"), now: t0 + 1),
                    try handshake(fresh, now: t0 + 13), try open(fresh, "ping", now: t0 + 14),
                ]
            ),
            errors: [nil, "handshake_replayed", nil, "pairing_unconfirmed"]
        )
    }

    private static func addLostAckAndRace(_ file: inout VectorFileBuilder) throws {
        var f = fixture(file, "lost-ack-same-key-recovers")
        let retry = f.round("retry")
        try add(
            &file,
            f,
            ["KEYCONF-6", "KEYCONF-4", "CONFIRM-3"],
            "The first ack is lost; the device's next handshake with the same key replaces it in the slot, commits and is confirmed.",
            flags: ["LostAck"],
            input: input(
                f,
                [
                    try handshake(f), try handshake(retry, now: t0 + 10), try open(retry, "ping", now: t0 + 11),
                    confirm(retry, now: t0 + 12), try open(retry, "request", now: t0 + 13),
                ]
            ),
            errors: [nil, nil, "pairing_unconfirmed", nil, nil]
        )
        f = fixture(file, "lost-ack-new-key-recovers")
        let rescan = f.otherDevice("rescan")
        try add(
            &file,
            f,
            ["KEYCONF-6", "KEYCONF-4"],
            "The first ack is lost and the phone scans again with a new key: the new handshake takes the slot and commits.",
            flags: ["LostAck"],
            input: input(
                f,
                [
                    try handshake(f), try handshake(rescan, now: t0 + 30), try open(rescan, "ping", now: t0 + 31),
                    confirm(rescan, now: t0 + 32),
                ]
            ),
            errors: [nil, nil, "pairing_unconfirmed", nil]
        )
        f = fixture(file, "race-later-handshake-displaces")
        var b = f.otherDevice("b")
        try add(
            &file,
            f,
            ["KEYCONF-6", "KEYCONF-3"],
            "Devices a then b handshake before any frame: b holds the slot, a's frame is auth_failed, b's commits; a again is pairing_unconfirmed, and unknown_device once b is confirmed.",
            flags: ["Race", "StateUnchanged"],
            input: input(
                f,
                [
                    try handshake(f), try handshake(b, now: t0 + 1), try open(f, "ping", now: t0 + 2),
                    try open(b, "ping", now: t0 + 3), try handshake(f.round("again"), now: t0 + 4),
                    confirm(b, now: t0 + 5), try handshake(f.round("after"), now: t0 + 6),
                ]
            ),
            errors: [nil, nil, "auth_failed", "pairing_unconfirmed", "pairing_unconfirmed", nil, "unknown_device"]
        )
        f = fixture(file, "fourth-device-key-revokes")
        b = f.otherDevice("b")
        let c = f.otherDevice("c")
        try add(
            &file,
            f,
            ["KEYCONF-7", "KEYCONF-6", "CHAN-4"],
            "Devices a, b, c handshake and a again, 12 s apart (HS-RATE-1's pace): all take the slot; a fourth device key d revokes the channel (too_many_attempts), after which a and c are channel_revoked.",
            flags: ["Race", "StateUnchanged"],
            input: input(
                f,
                [
                    try handshake(f), try handshake(b, now: t0 + 12), try handshake(c, now: t0 + 24),
                    try handshake(f.round("again"), now: t0 + 36), try handshake(f.otherDevice("d"), now: t0 + 48),
                    try handshake(f.round("late"), now: t0 + 60), try open(c, "ping", now: t0 + 61),
                ]
            ),
            errors: [nil, nil, nil, nil, "too_many_attempts", "channel_revoked", "channel_revoked"]
        )
        f = fixture(file, "third-device-key-commits")
        b = f.otherDevice("b")
        let third = f.otherDevice("c")
        try add(
            &file,
            f,
            ["KEYCONF-7", "KEYCONF-4", "CONFIRM-3"],
            "Three device keys are the bound, not beyond it: the third one's handshake takes the slot, commits and is confirmed.",
            flags: ["Race"],
            input: input(
                f,
                [
                    try handshake(f), try handshake(b, now: t0 + 1), try handshake(third, now: t0 + 2),
                    try open(third, "ping", now: t0 + 3), confirm(third, now: t0 + 4),
                    try open(third, "request", now: t0 + 5),
                ]
            ),
            errors: [nil, nil, nil, "pairing_unconfirmed", nil, nil]
        )
        f = fixture(file, "race-first-frame-wins")
        b = f.otherDevice("b")
        try add(
            &file,
            f,
            ["KEYCONF-6", "CONFIRM-5", "CHAN-3"],
            "Device a's first frame arrives before b's handshake: a is confirming, b is pairing_unconfirmed, a's session goes on; once a is confirmed, b is unknown_device.",
            flags: ["Race"],
            input: input(
                f,
                [
                    try handshake(f), try open(f, "ping"), try handshake(b, now: t1 + 1),
                    try open(f, "again", now: t1 + 2), confirm(f, now: t1 + 3),
                    try handshake(b.round("after"), now: t1 + 4), try open(f, "request", now: t1 + 5),
                ]
            ),
            errors: [
                nil, "pairing_unconfirmed", "pairing_unconfirmed", "pairing_unconfirmed", nil, "unknown_device", nil,
            ]
        )
    }

    private static func addWindows(_ file: inout VectorFileBuilder) throws {
        let issuedAt = PairingWindowVectors.issuedAt
        let capped = PairingWindow.expiresAt(issuedAt: issuedAt, relayExpiresAtMilliseconds: 253_402_300_799_999)
        for (name, offset, error) in [
            ("window-cap-minus-1", Int64(599), nil), ("window-cap", 600, nil),
            ("window-cap-plus-1", 601, "pairing_expired"),
        ] as [(String, Int64, String?)] {
            let f = fixture(file, name)
            try add(
                &file,
                f,
                ["CLOCK-1", "CHAN-2", "HS-4"],
                "A relay said year 9999; the core's cap made expiresAt = issuedAt + 600. A handshake at issuedAt + \(offset): \(error ?? "accepted").",
                flags: ["Time"],
                input: input(f, channel: .pending(expiresAt: capped), [try handshake(f, now: issuedAt + offset)]),
                errors: [error]
            )
        }
        var f = fixture(file, "grace-at-60")
        try add(
            &file,
            f,
            ["KEYCONF-3"],
            "A handshake at expiresAt; its first frame at expiresAt + 60 still commits it.",
            flags: ["Time", "Commit"],
            input: input(f, [try handshake(f, now: expiresAt), try open(f, "ping", now: expiresAt + 60)]),
            errors: [nil, "pairing_unconfirmed"]
        )
        f = fixture(file, "grace-past-60")
        try add(
            &file,
            f,
            ["KEYCONF-3"],
            "A first frame at expiresAt + 61 is pairing_expired and the slot stays; a paired channel has no such limit.",
            flags: ["Time", "StateUnchanged"],
            input: input(f, [try handshake(f, now: expiresAt), try open(f, "ping", now: expiresAt + 61)]),
            errors: [nil, "pairing_expired"]
        )
    }

    /// A second, independent grace vector: the handshake well inside the window.
    private static func addLateFirstFrame(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "late-first-frame-after-early-handshake")
        try add(
            &file,
            f,
            ["KEYCONF-3"],
            "A handshake 100 s before expiry whose first frame comes at expiresAt + 61: pairing_expired, nothing committed.",
            flags: ["Time", "StateUnchanged"],
            input: input(
                f,
                [
                    try handshake(f, now: expiresAt - 100), try open(f, "ping", now: expiresAt + 61),
                    confirm(f, now: expiresAt + 62),
                ]
            ),
            errors: [nil, "pairing_expired", "not_confirming"]
        )
    }

    private static func addRefusals(_ file: inout VectorFileBuilder) throws {
        var f = fixture(file, "no-session")
        try add(
            &file,
            f,
            ["KEYCONF-3", "KEYCONF-5"],
            "A pending channel with nothing in the slot, and a restored paired channel: frames and seals are no_session.",
            flags: ["StateUnchanged"],
            input: input(f, [try open(f, "ping"), seal(f, "reply", now: t1)]),
            errors: ["no_session", "no_session"]
        )
        f = fixture(file, "restored-paired-no-session")
        try add(
            &file,
            f,
            ["KEYCONF-3", "KEYCONF-5", "CHAN-7"],
            "A paired channel restored from storage has no session until its device handshakes and sends a frame.",
            flags: ["StateUnchanged", "Commit"],
            input: input(
                f,
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                [
                    try open(f, "early"), seal(f, "reply", now: t1), try handshake(f, now: t1 + 1),
                    try open(f, "ping", now: t1 + 2),
                ]
            ),
            errors: ["no_session", "no_session", nil, nil]
        )
        f = fixture(file, "revoked")
        try add(
            &file,
            f,
            ["CHAN-4", "KEYCONF-3", "KEYCONF-5", "CONFIRM-4"],
            "A revoked channel: a malformed frame is empty_frame (shape first), everything else channel_revoked.",
            flags: ["StateUnchanged"],
            input: input(
                f,
                channel: .revoked,
                [
                    ["open": ["frame": "", "now": .int(t0)]], try open(f, "ping"), seal(f, "reply", now: t1),
                    try handshake(f), confirm(f, now: t1), user("reject", now: t1),
                ]
            ),
            errors: [
                "empty_frame", "channel_revoked", "channel_revoked", "channel_revoked", "channel_revoked",
                "channel_revoked",
            ]
        )
    }

    /// KEYCONF-3 steps 7 and 8 with an exhausted current session (MEMORY-2), reached through
    /// `fillSession` (ADP-55): the slot is still tried before the exhaustion is reported.
    private static func addExhaustedSession(_ file: inout VectorFileBuilder) throws {
        let paired: (HandshakeFixture) -> ChannelState = {
            .paired(devicePublicKey: $0.devicePublic, lastHandshakeEphemeral: nil)
        }
        var f = fixture(file, "exhausted-session-commits-slot")
        var next = f.round("next")
        try add(
            &file,
            f,
            ["KEYCONF-3", "MEMORY-2", "KEYCONF-4", "KEYCONF-5", "ADP-55"],
            "An exhausted session: its own frame is session_exhausted, a remembered nonce replayed, a seal session_exhausted; the next handshake's frame commits (step 7) and the new session opens and seals.",
            flags: ["Commit", "StateUnchanged"],
            input: input(
                f,
                channel: paired(f),
                [
                    try handshake(f), try open(f, "a"), fillSession(now: t1 + 1), try open(f, "b", now: t1 + 2),
                    try open(f, "a", now: t1 + 3), seal(f, "reply", now: t1 + 4), try handshake(next, now: t1 + 5),
                    try open(next, "c", now: t1 + 6), try open(next, "d", now: t1 + 7),
                    seal(next, "reply", now: t1 + 8),
                ]
            ),
            errors: [nil, nil, nil, "session_exhausted", "replayed", "session_exhausted", nil, nil, nil, nil]
        )
        f = fixture(file, "exhausted-session-foreign-frame")
        next = f.round("next")
        let stray = f.round("stray")
        try add(
            &file,
            f,
            ["KEYCONF-3", "MEMORY-2", "ADP-55"],
            "A frame under no key is auth_failed while the session is live and session_exhausted once it is exhausted (step 8); the slot's frame still commits. fillSession with no session is no_session.",
            flags: ["StateUnchanged"],
            input: input(
                f,
                channel: paired(f),
                [
                    fillSession(now: t0), try handshake(f), try open(f, "a"), try handshake(next, now: t1 + 1),
                    try open(stray, "x", now: t1 + 2), fillSession(now: t1 + 3), try open(stray, "x", now: t1 + 4),
                    try open(next, "c", now: t1 + 5),
                ]
            ),
            errors: ["no_session", nil, nil, nil, "auth_failed", nil, "session_exhausted", nil]
        )
    }

    /// KEYCONF-4 with SESS-1: a commit starts a session with an empty memory and erases the old
    /// keys. The same frame is replayed before the commit (the old session remembers its nonce,
    /// step 5) and accepted after it.
    private static func addSessionReplacement(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "commit-starts-empty-memory")
        let next = f.round("next")
        let reused = try frame(next, "reused", nonce: nonce(f, "a"))
        try add(
            &file,
            f,
            ["KEYCONF-4", "SESS-1", "KEYCONF-3"],
            "S1 accepted nonce N. Under the slot's keys a frame with N is replayed (step 5: S1 remembers N); after the commit the same frame is accepted (S2's memory is new), and S1's keys no longer open.",
            flags: ["Commit"],
            input: input(
                f,
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                [
                    try handshake(f), try open(f, "a"), try handshake(next, now: t1 + 1),
                    ["open": ["frame": .hex(reused), "now": .int(t1 + 2)]], try open(next, "b", now: t1 + 3),
                    ["open": ["frame": .hex(reused), "now": .int(t1 + 4)]], try open(f, "c", now: t1 + 5),
                ]
            ),
            errors: [nil, nil, nil, "replayed", nil, nil, "auth_failed"]
        )
    }

    /// The code of a first pairing's handshake step must be the one the device computes from
    /// its own side of the exchange (SAS-1): refuse to write the vector otherwise.
    private static func checkCode(_ f: HandshakeFixture, file: VectorFileBuilder) throws {
        let outcome = Operations.reference("core-channel", input: input(f, [try handshake(f)]))
        guard case .output(let output) = outcome, let code = output["steps"]?.arrayValue?.first?["sas"]?.stringValue,
            case .output(let device) = Operations.reference("sas", input: try SASVectors.input(f)),
            device["sas"]?.stringValue == code
        else {
            throw GenerationError("\(f.id): the core's code differs from the device's")
        }
    }
}
