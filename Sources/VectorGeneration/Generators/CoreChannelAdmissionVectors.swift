import VectorFormat

/// The part of `vectors/core-channel.json` that bounds what a channel lets in (review R3-2,
/// R3-16, F-18): KEYCONF-7's 5 handshakes and 3 device keys on a pending channel, HS-RATE-1's
/// bucket of 3 refilled one per 12 s, and HS-4-9's refusal of a client_eph seen before. Every
/// bound is shown at its edge, the last step inside it beside the first beyond it.
enum CoreChannelAdmissionVectors {
    typealias V = CoreChannelVectors
    static let t0 = V.t0

    static func add(_ file: inout VectorFileBuilder) throws {
        try addHandshakeBound(&file)
        try addRate(&file)
        try addClientEphemeralReuse(&file)
    }

    /// `f`, then `count - 1` more handshakes of the same device key, 12 s apart (within
    /// HS-RATE-1), each with fresh ephemeral keys: the honest phone's retries, or attack_b's grind.
    private static func rounds(_ f: HandshakeFixture, _ count: Int) -> [HandshakeFixture] {
        [f] + (1..<count).map { f.round("retry-\($0)") }
    }

    private static func spaced(_ fixtures: [HandshakeFixture]) throws -> [JSONValue] {
        try fixtures.enumerated().map { try V.handshake($1, now: t0 + 12 * Int64($0)) }
    }

    private static func addHandshakeBound(_ file: inout VectorFileBuilder) throws {
        var f = V.fixture(file, "fifth-handshake-of-one-key-acked")
        var tries = rounds(f, 5)
        try V.add(
            &file,
            f,
            ["KEYCONF-7", "KEYCONF-6", "KEYCONF-4", "ADP-53"],
            "One device key handshakes 5 times, 12 s apart: the bound, not beyond it; the fifth takes the slot (attempts 5 handshakes, 1 key), its frame commits and the user confirms.",
            flags: ["Admission", "LostAck"],
            input: V.input(
                f,
                try spaced(tries) + [
                    try V.open(tries[4], "ping", now: t0 + 49), V.confirm(tries[4], now: t0 + 50),
                    try V.open(tries[4], "request", now: t0 + 51),
                ]
            ),
            errors: [nil, nil, nil, nil, nil, "pairing_unconfirmed", nil, nil]
        )
        f = V.fixture(file, "sixth-handshake-revokes")
        tries = rounds(f, 6)
        try V.add(
            &file,
            f,
            ["KEYCONF-7", "CHAN-4", "ADP-53"],
            "attack_b's grind with one device key and a fresh client_eph per try, at HS-RATE-1's pace: 5 handshakes take the slot, the sixth revokes the channel (too_many_attempts, no ack); the fifth's frame is then channel_revoked.",
            flags: ["Admission", "StateUnchanged"],
            input: V.input(f, try spaced(tries) + [try V.open(tries[4], "ping", now: t0 + 61)]),
            errors: [nil, nil, nil, nil, nil, "too_many_attempts", "channel_revoked"]
        )
    }

    private static func addRate(_ file: inout VectorFileBuilder) throws {
        var f = V.fixture(file, "rate-burst-then-one-per-12-seconds")
        var h = rounds(f, 7)
        try V.add(
            &file,
            f,
            ["HS-RATE-1", "KEYCONF-7", "ADP-53"],
            "Three handshakes at one instant take the slot; a fourth then, and one 11 s later, are rate_limited and change nothing (the slot keeps the third); one 12 s later passes, and one at 24 s too: it is the fifth admitted, so the refused ones took no token and did not count.",
            flags: ["Admission", "Time", "StateUnchanged"],
            input: V.input(
                f,
                [
                    try V.handshake(h[0]), try V.handshake(h[1]), try V.handshake(h[2]), try V.handshake(h[3]),
                    try V.handshake(h[4], now: t0 + 11), try V.handshake(h[5], now: t0 + 12),
                    try V.handshake(h[6], now: t0 + 24), try V.open(h[6], "ping", now: t0 + 25),
                ]
            ),
            errors: [nil, nil, nil, "rate_limited", "rate_limited", nil, nil, "pairing_unconfirmed"]
        )
        f = V.fixture(file, "rate-failed-handshakes-take-tokens")
        h = rounds(f, 3)
        var forged = try h[0].handshake()
        forged[forged.count - 1] ^= 0x01
        let tooShort = [UInt8](repeating: 0x03, count: 72)
        try V.add(
            &file,
            f,
            ["HS-RATE-1", "HS-4"],
            "Three messages too short for a handshake take no token (checks 1 to 4 come first); three that fail their AEAD at step 5 and beyond take all three, so a genuine handshake at that instant is rate_limited and passes 12 s later.",
            flags: ["Admission", "StateUnchanged"],
            input: V.input(
                f,
                Array(repeating: ["handshake": h[0].coreStep(tooShort, now: t0)], count: 3)
                    + Array(repeating: ["handshake": h[0].coreStep(forged, now: t0)], count: 3)
                    + [try V.handshake(h[1]), try V.handshake(h[2], now: t0 + 12)]
            ),
            errors: [
                "frame_too_short", "frame_too_short", "frame_too_short", "auth_failed", "auth_failed", "auth_failed",
                "rate_limited", nil,
            ]
        )
        f = V.fixture(file, "rate-limits-paired-channel")
        h = rounds(f, 4)
        try V.add(
            &file,
            f,
            ["HS-RATE-1"],
            "The bucket is per channel in every state: a paired channel takes three reconnections at one instant, and the fourth is rate_limited; the third's frame commits it.",
            flags: ["Admission", "StateUnchanged"],
            input: V.input(
                f,
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                try h.map { try V.handshake($0) } + [try V.open(h[2], "ping")]
            ),
            errors: [nil, nil, nil, "rate_limited", nil]
        )
    }

    private static func addClientEphemeralReuse(_ file: inout VectorFileBuilder) throws {
        var f = V.fixture(file, "client-eph-reuse-in-slot-refused")
        var fresh = f.round("fresh")
        try V.add(
            &file,
            f,
            ["HS-4-9", "KEYCONF-2"],
            "A new handshake (new hs_eph) that reuses the client_eph of the one in the slot is handshake_replayed and changes nothing; the control with a fresh client_eph takes the slot and commits.",
            flags: ["Admission", "StateUnchanged"],
            input: V.input(
                f,
                [
                    try V.handshake(f), try V.handshake(f.reusingClientEphemeral("reuse"), now: t0 + 1),
                    try V.handshake(fresh, now: t0 + 2), try V.open(fresh, "ping", now: t0 + 3),
                ]
            ),
            errors: [nil, "handshake_replayed", nil, "pairing_unconfirmed"]
        )
        f = V.fixture(file, "client-eph-reuse-after-displacement-refused")
        let other = f.otherDevice("b")
        fresh = f.round("fresh")
        try V.add(
            &file,
            f,
            ["HS-4-9"],
            "A pending channel refuses the client_eph of any handshake it admitted, not only the slot's: a's handshake is displaced by b's, and a's client_eph again is handshake_replayed; a fresh one of a's takes the slot.",
            flags: ["Admission", "StateUnchanged"],
            input: V.input(
                f,
                [
                    try V.handshake(f), try V.handshake(other, now: t0 + 1),
                    try V.handshake(f.reusingClientEphemeral("reuse"), now: t0 + 2),
                    try V.handshake(fresh, now: t0 + 14), try V.open(fresh, "ping", now: t0 + 15),
                ]
            ),
            errors: [nil, nil, "handshake_replayed", nil, "pairing_unconfirmed"]
        )
        f = V.fixture(file, "client-eph-reuse-of-session-refused")
        fresh = f.round("fresh")
        try V.add(
            &file,
            f,
            ["HS-4-9"],
            "On a paired channel the client_eph of the handshake that made the current session, reused, is handshake_replayed and the session goes on; a fresh handshake takes the slot and commits.",
            flags: ["Admission", "LiveSession"],
            input: V.input(
                f,
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                [
                    try V.handshake(f), try V.open(f, "a"),
                    try V.handshake(f.reusingClientEphemeral("reuse"), now: V.t1 + 1),
                    try V.open(f, "b", now: V.t1 + 2),
                    try V.handshake(fresh, now: V.t1 + 3), try V.open(fresh, "c", now: V.t1 + 4),
                ]
            ),
            errors: [nil, nil, "handshake_replayed", nil, nil, nil]
        )
    }
}
