import OpenHumanTunnel
import VectorFormat

/// `vectors/core-session.json`: the core's whole-session replay memory and its bound
/// (MEMORY-1, MEMORY-2, operation `core-session`). `openMany` opens thousands of device frames
/// from a seed, so a frame is replayed after 129, 1,000 and 10,000 later frames, and at both
/// allowed bounds, with a few hundred bytes of input.
enum CoreSessionVectors {
    static func make(options: GenerationOptions) throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "core-session",
            description:
                "The core remembers every nonce of a session: a frame replayed after any number of later frames is "
                + "refused; after sessionReplayMemory accepted frames the session is exhausted.",
            flags: [
                "LongReplay": Flag(
                    description: "A frame is replayed after more than 128 later accepted frames.",
                    bug: "The 128-entry window of the deployed core at the core."
                ),
                "Bound": Flag(
                    description: "The session reaches its declared bound.",
                    bug: "A bound off by one, no bound at all, or a remembered nonce answered session_exhausted."
                ),
                "Policy": Flag(
                    description:
                        "The outcome depends on the declared sessionReplayMemory; the runner picks the family.",
                    bug: "A declared bound the implementation does not follow."
                ),
                Flag.slow: Flag(
                    description: "Opens 1,048,576 frames; a runner runs it only when asked for slow vectors.",
                    bug: "The same as Bound, at the larger allowed bound."
                ),
            ]
        )
        for later in [129, 1_000, 10_000] { try addLongReplay(&file, later: later) }
        try addStreamReplayed(&file)
        try addPrefixNeighbours(&file)
        try addZeroNonce(&file)
        for bound in CoreSession.allowedBounds { try addBound(&file, bound: bound, options: options) }
        return try file.build()
    }

    static func openStep(_ frame: [UInt8]) -> JSONValue { ["open": ["frame": .hex(frame)]] }

    static func openMany(_ seed: String, _ count: Int) -> JSONValue {
        ["openMany": ["seed": .string(seed), "count": .int(Int64(count))]]
    }

    private static func input(_ fixture: SessionFixture, _ steps: [JSONValue]) -> JSONValue {
        ["c2s": .hex(fixture.keys.c2s), "s2c": .hex(fixture.keys.s2c), "steps": .array(steps)]
    }

    private static func addLongReplay(_ file: inout VectorFileBuilder, later: Int) throws {
        let name = "replay-after-\(later)-later-frames"
        let fixture = SessionFixture(id: file.id(name))
        let first = try fixture.sealed(by: .device, "first"), fresh = try fixture.sealed(by: .device, "fresh")
        try file.add(
            name,
            operation: "core-session",
            requirements: ["MEMORY-1", "FRAME-OPEN-5", "ADP-51"],
            comment: "A request opened, \(later) later frames, the request again: replayed; a fresh frame still opens.",
            flags: ["LongReplay"],
            input: input(
                fixture,
                [
                    openStep(first), openMany(LabelDerived.prefix + fixture.id + "/stream", later),
                    openStep(first), openStep(fresh),
                ]
            ),
            expect: .steps([nil, nil, "replayed", nil])
        )
    }

    private static func addStreamReplayed(_ file: inout VectorFileBuilder) throws {
        let name = "open-many-stops-at-first-failure"
        let fixture = SessionFixture(id: file.id(name))
        let seed = LabelDerived.prefix + fixture.id + "/stream"
        try file.add(
            name,
            operation: "core-session",
            requirements: ["MEMORY-1", "ADP-51"],
            comment:
                "The same stream of 300 frames twice: the second run stops at its first frame, opened 0, replayed.",
            flags: ["LongReplay"],
            input: input(fixture, [openMany(seed, 300), openMany(seed, 300)]),
            expect: .output(["steps": [["opened": 300], ["opened": 0, "error": "replayed"]]])
        )
    }

    /// MEMORY-3 lets the memory compare the first 16 bytes of a nonce, no fewer: two nonces that
    /// differ only in their 16th byte are two frames, and both open.
    private static func addPrefixNeighbours(_ file: inout VectorFileBuilder) throws {
        let name = "nonces-equal-in-15-bytes-both-open"
        let fixture = SessionFixture(id: file.id(name))
        let nonce = fixture.nonce("a")
        var neighbour = nonce
        neighbour[15] ^= 0x01
        let first = fixture.rawSealed(by: .device, nonce: nonce, plaintext: fixture.plaintext("a", length: 16))
        let second = fixture.rawSealed(by: .device, nonce: neighbour, plaintext: fixture.plaintext("b", length: 16))
        try file.add(
            name,
            operation: "core-session",
            requirements: ["MEMORY-1", "MEMORY-3", "FRAME-OPEN-5"],
            comment:
                "Two frames whose nonces share their first 15 bytes and differ in the 16th: both open (MEMORY-3 allows "
                + "a 16-byte prefix, no shorter); each sent again is replayed.",
            flags: ["LongReplay"],
            input: input(fixture, [openStep(first), openStep(second), openStep(first), openStep(second)]),
            expect: .steps([nil, nil, "replayed", "replayed"])
        )
    }

    /// The all-zero nonce is remembered like any other, also by a memory whose empty slots are zero.
    private static func addZeroNonce(_ file: inout VectorFileBuilder) throws {
        let name = "zero-nonce-replayed"
        let fixture = SessionFixture(id: file.id(name))
        let zero = fixture.rawSealed(
            by: .device,
            nonce: [UInt8](repeating: 0, count: 24),
            plaintext: fixture.plaintext("zero", length: 16)
        )
        try file.add(
            name,
            operation: "core-session",
            requirements: ["MEMORY-1", "FRAME-OPEN-5"],
            comment:
                "A frame whose nonce is 24 zero bytes opens once; sent again, also after 300 later frames, it is replayed.",
            flags: ["LongReplay"],
            input: input(
                fixture,
                [
                    openStep(zero), openStep(zero), openMany(LabelDerived.prefix + fixture.id + "/stream", 300),
                    openStep(zero),
                ]
            ),
            expect: .steps([nil, "replayed", nil, "replayed"])
        )
    }

    /// Up to the bound every frame opens; at it a remembered nonce is still `replayed`, a new
    /// frame is `session_exhausted`, and so is sealing.
    private static func addBound(_ file: inout VectorFileBuilder, bound: Int, options: GenerationOptions) throws {
        let slow = bound > 65_536
        let flags = ["Bound", "Policy"] + (slow ? [Flag.slow] : [])
        var name = "bound-\(bound)-last-frame-opens"
        var fixture = SessionFixture(id: file.id(name))
        var steps = [
            openStep(try fixture.sealed(by: .device, "first")),
            openMany(LabelDerived.prefix + fixture.id + "/stream", bound - 2),
            openStep(try fixture.sealed(by: .device, "last")), openStep(try fixture.sealed(by: .device, "over")),
        ]
        var known: JSONValue = [
            "steps": [
                ["plaintext": .hex(fixture.plaintext("first", length: 16))],
                ["opened": .int(Int64(bound - 2))],
                ["plaintext": .hex(fixture.plaintext("last", length: 16))],
                ["error": "session_exhausted"],
            ]
        ]
        try file.add(
            name,
            operation: "core-session",
            requirements: ["MEMORY-2", "ADP-52"],
            comment: "The \(bound)th frame of the session opens; the next new frame is session_exhausted.",
            flags: flags,
            policy: "sessionReplayMemory=\(bound)",
            sessionReplayMemory: bound,
            input: input(fixture, steps),
            precomputed: slow && !options.computeSlow ? .output(known) : nil,
            expect: .output(known)
        )
        name = "bound-\(bound)-last-frame-replayed"
        fixture = SessionFixture(id: file.id(name))
        steps = [
            openStep(try fixture.sealed(by: .device, "first")),
            openMany(LabelDerived.prefix + fixture.id + "/stream", bound - 2),
            openStep(try fixture.sealed(by: .device, "last")), openStep(try fixture.sealed(by: .device, "last")),
        ]
        known = [
            "steps": [
                ["plaintext": .hex(fixture.plaintext("first", length: 16))], ["opened": .int(Int64(bound - 2))],
                ["plaintext": .hex(fixture.plaintext("last", length: 16))], ["error": "replayed"],
            ]
        ]
        try file.add(
            name,
            operation: "core-session",
            requirements: ["MEMORY-1", "MEMORY-2"],
            comment:
                "The frame that filled the session to its bound of \(bound), sent again, is replayed, not session_exhausted.",
            flags: flags,
            policy: "sessionReplayMemory=\(bound)",
            sessionReplayMemory: bound,
            input: input(fixture, steps),
            precomputed: slow && !options.computeSlow ? .output(known) : nil,
            expect: .output(known)
        )
        name = "bound-\(bound)-replayed-then-exhausted"
        fixture = SessionFixture(id: file.id(name))
        steps = [
            openStep(try fixture.sealed(by: .device, "first")),
            openMany(LabelDerived.prefix + fixture.id + "/stream", bound - 1),
            openStep(try fixture.sealed(by: .device, "first")), openStep(try fixture.sealed(by: .device, "over")),
            [
                "seal": [
                    "plaintext": .hex(fixture.plaintext("reply", length: 16)), "nonce": .hex(fixture.nonce("reply")),
                ]
            ],
        ]
        known = [
            "steps": [
                ["plaintext": .hex(fixture.plaintext("first", length: 16))], ["opened": .int(Int64(bound - 1))],
                ["error": "replayed"], ["error": "session_exhausted"], ["error": "session_exhausted"],
            ]
        ]
        try file.add(
            name,
            operation: "core-session",
            requirements: ["MEMORY-1", "MEMORY-2", "ADP-52"],
            comment:
                "At the bound of \(bound) the first frame is still replayed, a new one is session_exhausted, and sealing fails.",
            flags: flags,
            policy: "sessionReplayMemory=\(bound)",
            sessionReplayMemory: bound,
            input: input(fixture, steps),
            precomputed: slow && !options.computeSlow ? .output(known) : nil,
            expect: .output(known)
        )
    }
}
