import OpenHumanTunnel
import VectorFormat

/// `vectors/replay-window.json`: step sequences on one session (operation `session`): the
/// replay window's exact boundary, FIFO eviction by acceptance, what never enters or leaves it,
/// reordering, reflection and direction separation (FRAME-OPEN-5, FRAME-OPEN-7, REPLAY-1 to
/// REPLAY-3, FRAME-SEAL-3, KDF-5, SESS-1).
enum ReplayWindowVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "replay-window",
            description:
                "Step sequences on one session: the window of the 128 most recently accepted nonces, its boundary "
                + "(the 128th most recent is refused; the 129th depends on the declared replayMemory policy), eviction "
                + "in acceptance order, rejected frames that must not touch it, reordering and reflection.",
            flags: [
                "Replay": Flag(
                    description: "A frame is opened again while its nonce is in the window.",
                    bug: "No replay check, or a window that forgets too early."
                ),
                "Boundary": Flag(
                    description: "The replayed nonce is exactly the 127th, 128th or 129th most recently accepted.",
                    bug: "An off-by-one window (127 remembered), or eviction before insertion."
                ),
                "Policy": Flag(
                    description:
                        "The outcome depends on the declared replayMemory policy; the runner picks the variant.",
                    bug: "A declared policy the implementation does not follow."
                ),
                "Eviction": Flag(
                    description: "The window's content after failed frames and out-of-order acceptance.",
                    bug:
                        "Nonces recorded before authentication (a forger flushes the window), or eviction by nonce order."
                ),
                "Reorder": Flag(
                    description: "Authentic frames opened out of their sealing order.",
                    bug: "A counter-style window that refuses older frames: random nonces carry no order."
                ),
                "Reflection": Flag(
                    description: "A party's own frame comes back to it.",
                    bug: "One key for both directions, or sealed nonces recorded in the opening window."
                ),
                "StateUnchanged": Flag(
                    description: "Failing steps are followed by steps that prove the state did not change.",
                    bug: "An error path that records or evicts nonces."
                ),
            ]
        )
        try addReplays(&file)
        try addBoundary(&file)
        try addWorkedNumbering(&file)
        try addEviction(&file)
        try addReflection(&file)
        try addZeroNonce(&file)
        return try file.build()
    }

    /// A `session` input: `role` opens frames sealed by its peer.
    private static func session(_ fixture: SessionFixture, role: Role, _ steps: [JSONValue]) -> JSONValue {
        fixture.input(role: role).setting("steps", .array(steps))
    }

    private static func openStep(_ frame: [UInt8]) -> JSONValue { ["open": ["frame": .hex(frame)]] }

    private static func sealStep(_ plaintext: [UInt8], nonce: [UInt8]) -> JSONValue {
        ["seal": ["plaintext": .hex(plaintext), "nonce": .hex(nonce)]]
    }

    /// Frames `f1 ... fn` sealed by the device, opened by the core.
    private static func frames(_ fixture: SessionFixture, count: Int) throws -> [[UInt8]] {
        try (1...count).map { try fixture.sealed(by: .device, "f\($0)") }
    }

    private static func addReplays(_ file: inout VectorFileBuilder) throws {
        var fixture = SessionFixture(id: file.id("replay-immediately"))
        var f = try frames(fixture, count: 2)
        try file.add(
            "replay-immediately",
            operation: "session",
            requirements: ["FRAME-OPEN-5", "REPLAY-3"],
            comment: "The same frame opened twice: the second is replayed.",
            flags: ["Replay"],
            input: session(fixture, role: .core, [openStep(f[0]), openStep(f[0])]),
            expect: .steps([nil, "replayed"])
        )

        fixture = SessionFixture(id: file.id("same-nonce-other-plaintext"))
        let first = try fixture.sealed(by: .device, "f1")
        let second = try fixture.cipher(.device).seal(
            fixture.plaintext("other", length: 16),
            nonce: fixture.nonce("f1")
        )
        try file.add(
            "same-nonce-other-plaintext",
            operation: "session",
            requirements: ["FRAME-OPEN-5", "REPLAY-1"],
            comment: "An authentic frame whose nonce was already accepted is replayed even with another plaintext.",
            flags: ["Replay"],
            input: session(fixture, role: .core, [openStep(first), openStep(second)]),
            expect: .steps([nil, "replayed"])
        )

        fixture = SessionFixture(id: file.id("reorder-accepted"))
        f = try frames(fixture, count: 3)
        try file.add(
            "reorder-accepted",
            operation: "session",
            requirements: ["REPLAY-1", "FRAME-OPEN-5"],
            comment: "Frames sealed as f1, f2, f3 and opened as f3, f1, f2 are all accepted.",
            flags: ["Reorder"],
            input: session(fixture, role: .core, [openStep(f[2]), openStep(f[0]), openStep(f[1])]),
            expect: .steps([nil, nil, nil])
        )

        fixture = SessionFixture(id: file.id("failed-authentication-not-recorded"))
        f = try frames(fixture, count: 1)
        var forged = f[0]
        forged[forged.count - 1] ^= 0x01
        try file.add(
            "failed-authentication-not-recorded",
            operation: "session",
            requirements: ["FRAME-OPEN-7", "ADP-15"],
            comment: "A forged frame carrying f1's nonce fails authentication and does not block the real f1.",
            flags: ["Eviction", "StateUnchanged"],
            input: session(fixture, role: .core, [openStep(forged), openStep(f[0]), openStep(forged)]),
            expect: .steps(["auth_failed", nil, "replayed"])
        )

        fixture = SessionFixture(id: file.id("forged-twice"))
        var forgedNew = try fixture.sealed(by: .device, "f1")
        forgedNew[30] ^= 0x01
        try file.add(
            "forged-twice",
            operation: "session",
            requirements: ["FRAME-OPEN-6", "FRAME-OPEN-7"],
            comment:
                "A forged frame with a new nonce is auth_failed, and again auth_failed: its nonce was not recorded.",
            flags: ["StateUnchanged"],
            input: session(fixture, role: .core, [openStep(forgedNew), openStep(forgedNew)]),
            expect: .steps(["auth_failed", "auth_failed"])
        )

        fixture = SessionFixture(id: file.id("errors-leave-window-unchanged"))
        f = try frames(fixture, count: 2)
        var legacy = f[1], unexpected = f[1], unknown = f[1]
        legacy[0] = 0x01
        unexpected[0] = 0x04
        unknown[0] = 0xff
        let oversize = fixture.rawSealed(
            by: .device,
            nonce: fixture.nonce("f2"),
            plaintext: [UInt8](repeating: 0, count: Limits.maximumPlaintextLength + 1)
        )
        let steps: [JSONValue] = [
            openStep(f[0]), openStep([]), openStep(legacy), openStep(unexpected), openStep(unknown),
            openStep(Array(f[1].prefix(40))), openStep(oversize), openStep(f[0]), openStep(f[1]),
        ]
        try file.add(
            "errors-leave-window-unchanged",
            operation: "session",
            requirements: ["FRAME-OPEN-7", "ERR-1", "ADP-10", "ADP-15"],
            comment:
                "After f1, six failing frames (empty, 0x01, 0x04, 0xff, short, oversize) change nothing: f1 is still replayed, f2 opens.",
            flags: ["StateUnchanged", "Replay"],
            input: session(fixture, role: .core, steps),
            expect: .steps([
                nil, "empty_frame", "legacy_frame", "unexpected_type", "unsupported_type",
                "frame_too_short", "frame_too_large", "replayed", nil,
            ])
        )

        fixture = SessionFixture(id: file.id("seal-too-large-changes-nothing"))
        f = try frames(fixture, count: 2)
        let big = fixture.plaintext("big", length: Limits.maximumPlaintextLength + 1)
        let small = fixture.plaintext("small", length: 8)
        try file.add(
            "seal-too-large-changes-nothing",
            operation: "session",
            requirements: ["FRAME-SEAL-3", "SIZE-2"],
            comment:
                "A refused 49,112-byte seal leaves the session as it was: f1 stays replayed, sealing and opening go on.",
            flags: ["StateUnchanged"],
            input: session(
                fixture,
                role: .core,
                [
                    openStep(f[0]), sealStep(big, nonce: fixture.nonce("big")),
                    openStep(f[0]), sealStep(small, nonce: fixture.nonce("small")), openStep(f[1]),
                ]
            ),
            expect: .steps([nil, "plaintext_too_large", "replayed", nil, nil])
        )
    }

    /// The 128th most recent accepted nonce is refused; the 129th depends on the policy.
    private static func addBoundary(_ file: inout VectorFileBuilder) throws {
        var fixture = SessionFixture(id: file.id("replay-128th-most-recent-refused"))
        var f = try frames(fixture, count: 128)
        try file.add(
            "replay-128th-most-recent-refused",
            operation: "session",
            requirements: ["REPLAY-1", "REPLAY-3", "FRAME-OPEN-5"],
            comment: "After f1 ... f128, f1 is the 128th most recent accepted nonce: replayed.",
            flags: ["Boundary", "Replay"],
            input: session(fixture, role: .core, f.map(openStep) + [openStep(f[0])]),
            expect: .steps(Array(repeating: nil, count: 128) + ["replayed"])
        )

        fixture = SessionFixture(id: file.id("replay-127th-most-recent-refused"))
        f = try frames(fixture, count: 127)
        try file.add(
            "replay-127th-most-recent-refused",
            operation: "session",
            requirements: ["REPLAY-1", "REPLAY-3", "FRAME-OPEN-5"],
            comment: "After f1 ... f127, f1 is the 127th most recent accepted nonce: replayed.",
            flags: ["Boundary", "Replay"],
            input: session(fixture, role: .core, f.map(openStep) + [openStep(f[0])]),
            expect: .steps(Array(repeating: nil, count: 127) + ["replayed"])
        )

        fixture = SessionFixture(id: file.id("replay-129th-most-recent"))
        f = try frames(fixture, count: 129)
        let input = session(fixture, role: .core, f.map(openStep) + [openStep(f[0])])
        let opened: [String?] = Array(repeating: nil, count: 129)
        try file.add(
            "replay-129th-most-recent-memory-128",
            operation: "session",
            requirements: ["REPLAY-2", "REPLAY-3", "ADP-17"],
            comment: "After f1 ... f129, f1 has been evicted by a window of exactly 128: it opens again.",
            flags: ["Boundary", "Policy"],
            policy: "replayMemory=128",
            input: input,
            expect: .steps(opened + [nil])
        )
        try file.add(
            "replay-129th-most-recent-memory-over-128",
            operation: "session",
            requirements: ["REPLAY-3", "ADP-17"],
            comment: "After f1 ... f129, a window larger than 128 still holds f1: replayed.",
            flags: ["Boundary", "Policy"],
            policy: "replayMemory>128",
            replayMemory: 129,
            input: input,
            expect: .steps(opened + ["replayed"])
        )
    }

    /// The numbered walk-through of spec/06-session-frames.md section 6.3, under both policies.
    private static func addWorkedNumbering(_ file: inout VectorFileBuilder) throws {
        let fixture = SessionFixture(id: file.id("worked-numbering"))
        let f = try frames(fixture, count: 129)
        let input = session(fixture, role: .core, f.map(openStep) + [f[128], f[1], f[0], f[1], f[0]].map(openStep))
        let opened: [String?] = Array(repeating: nil, count: 129)
        try file.add(
            "worked-numbering-memory-128",
            operation: "session",
            requirements: ["REPLAY-1", "REPLAY-2", "REPLAY-3", "ADP-17"],
            comment:
                "Section 6.3 with replayMemory 128: after F1..F129, F129 and F2 are replayed, F1 opens, then F2 opens and F1 is replayed.",
            flags: ["Boundary", "Policy"],
            policy: "replayMemory=128",
            input: input,
            expect: .steps(opened + ["replayed", "replayed", nil, nil, "replayed"])
        )
        try file.add(
            "worked-numbering-memory-over-128",
            operation: "session",
            requirements: ["REPLAY-3", "ADP-17"],
            comment: "Section 6.3 with a larger window: after F1..F129 every replay (F129, F2, F1, F2, F1) is refused.",
            flags: ["Boundary", "Policy"],
            policy: "replayMemory>128",
            replayMemory: 129,
            input: input,
            expect: .steps(opened + ["replayed", "replayed", "replayed", "replayed", "replayed"])
        )
    }

    /// Eviction follows acceptance order, and failed frames never evict.
    private static func addEviction(_ file: inout VectorFileBuilder) throws {
        var fixture = SessionFixture(id: file.id("rejected-frames-do-not-evict"))
        var f = try frames(fixture, count: 129)
        var forged = f[128]
        forged[30] ^= 0x01
        let steps = f.prefix(128).map(openStep) + [openStep(forged), openStep(f[1]), openStep(f[0])]
        try file.add(
            "rejected-frames-do-not-evict",
            operation: "session",
            requirements: ["REPLAY-2", "FRAME-OPEN-7"],
            comment:
                "After f1 ... f128 a forged frame and a replay of f2 fail; neither evicts, so f1 is still replayed.",
            flags: ["Eviction", "Boundary"],
            input: session(fixture, role: .core, steps),
            expect: .steps(Array(repeating: nil, count: 128) + ["auth_failed", "replayed", "replayed"])
        )

        fixture = SessionFixture(id: file.id("eviction-in-acceptance-order"))
        f = try frames(fixture, count: 129)
        // Accepted in the order f2, f1, f3 ... f129: f2 is the oldest accepted, f1 the 128th most recent.
        let order = [f[1], f[0]] + f[2...]
        let prefix = order.map(openStep)
        let opened: [String?] = Array(repeating: nil, count: 129)
        try file.add(
            "eviction-in-acceptance-order-memory-128",
            operation: "session",
            requirements: ["REPLAY-2", "REPLAY-3"],
            comment:
                "Accepted as f2, f1, f3 ... f129: f1 (128th most recent) is replayed, f2 (129th, evicted first) opens again.",
            flags: ["Eviction", "Policy"],
            policy: "replayMemory=128",
            input: session(fixture, role: .core, prefix + [openStep(f[0]), openStep(f[1])]),
            expect: .steps(opened + ["replayed", nil])
        )
        try file.add(
            "eviction-in-acceptance-order-memory-over-128",
            operation: "session",
            requirements: ["REPLAY-3"],
            comment: "Accepted as f2, f1, f3 ... f129: a window larger than 128 refuses both f1 and f2.",
            flags: ["Eviction", "Policy"],
            policy: "replayMemory>128",
            replayMemory: 129,
            input: session(fixture, role: .core, prefix + [openStep(f[0]), openStep(f[1])]),
            expect: .steps(opened + ["replayed", "replayed"])
        )
    }

    private static func addReflection(_ file: inout VectorFileBuilder) throws {
        for role in Role.allCases {
            let name = "\(role.rawValue)-reflected-frame"
            let fixture = SessionFixture(id: file.id(name))
            let plaintext = fixture.plaintext("own", length: 16), nonce = fixture.nonce("own")
            let own = try fixture.cipher(role).seal(plaintext, nonce: nonce)
            let peer = try fixture.sealed(by: role.peer, "peer")
            try file.add(
                name,
                operation: "session",
                requirements: ["KDF-5", "FRAME-OPEN-6"],
                comment:
                    "The \(role.rawValue) seals a frame; the same frame reflected back to it fails; its peer's frame opens.",
                flags: ["Reflection"],
                input: session(
                    fixture,
                    role: role,
                    [sealStep(plaintext, nonce: nonce), openStep(own), openStep(peer)]
                ),
                expect: .steps([nil, "auth_failed", nil])
            )
        }
        let fixture = SessionFixture(id: file.id("sealed-nonce-not-in-window"))
        let shared = fixture.nonce("shared")
        let plaintext = fixture.plaintext("own", length: 16)
        let peer = try fixture.cipher(.core).seal(fixture.plaintext("peer", length: 16), nonce: shared)
        try file.add(
            "sealed-nonce-not-in-window",
            operation: "session",
            requirements: ["FRAME-OPEN-7", "REPLAY-1"],
            comment:
                "The device seals under nonce N; the core's frame under the same N still opens: only opened nonces enter the window.",
            flags: ["Reflection"],
            input: session(fixture, role: .device, [sealStep(plaintext, nonce: shared), openStep(peer)]),
            expect: .steps([nil, nil])
        )
    }

    /// A frame whose nonce is 24 zero bytes is remembered like any other: a window whose empty
    /// slots hold zeros, and that takes a zero entry for an empty slot, forgets it at once.
    private static func addZeroNonce(_ file: inout VectorFileBuilder) throws {
        for role in [Role.device, .core] {
            let name = "zero-nonce-replayed-\(role.rawValue)"
            let fixture = SessionFixture(id: file.id(name))
            let zero = fixture.rawSealed(
                by: role.peer,
                nonce: [UInt8](repeating: 0, count: 24),
                plaintext: fixture.plaintext("zero", length: 16)
            )
            let other = try fixture.sealed(by: role.peer, "f1")
            try file.add(
                name,
                operation: "session",
                requirements: ["REPLAY-1", "REPLAY-3", "FRAME-OPEN-5"],
                comment:
                    "The \(role.rawValue) opens a frame whose nonce is 24 zero bytes, then the same frame again: replayed "
                    + "(the all-zero nonce is no empty-slot sentinel); a frame with another nonce still opens.",
                flags: ["Replay"],
                input: session(fixture, role: role, [openStep(zero), openStep(zero), openStep(other), openStep(zero)]),
                expect: .steps([nil, "replayed", nil, "replayed"])
            )
        }
    }
}
