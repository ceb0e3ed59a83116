import AdapterOperations
import VectorFormat

/// `adapter/...` vectors of the input shape rules settled in suite 2.2.0: the one integer range
/// of the protocol (ADP-30), unknown members at every level (ADP-31), and the absent
/// `lastHandshakeEphemeral` (ADP-16); and, from 2.4.0, a `core-channel` confirm step without its
/// handshake (ADP-50).
enum AdapterShapeVectors {
    static let largestSafeInteger: Int64 = (1 << 53) - 1

    static func add(to file: inout VectorFileBuilder) throws {
        try addIntegerRange(&file)
        try addUnknownMembers(&file)
        try addAbsentLastEphemeral(&file)
        try CoreChannelVectors.addSignalShape(to: &file)
        try addUnboundConfirmation(&file)
        try addSessionV3Bounds(&file)
        try addTransportSelectShape(&file)
    }

    /// `transport-select`'s events (ADP-134): each malformed step is bad_request for the whole
    /// request, beside a request that differs from it only in being well formed.
    private static func addTransportSelectShape(_ file: inout VectorFileBuilder) throws {
        func input(_ steps: [JSONValue], lan: JSONValue = true) -> JSONValue {
            ["lan": lan, "cloudOptIn": false, "steps": .array(steps)]
        }
        let start: JSONValue = ["at": 0, "event": "start"]
        let latest = Operations.latestSelectionTime
        let cases: [(String, String, JSONValue, Bool)] = [
            (
                "well-formed", "Every event of the table, well formed",
                input([
                    start, ["at": 1, "event": "connected", "path": "relay"],
                    ["at": 2, "event": "health", "path": "relay", "ok": true],
                    ["at": 3, "event": "error", "path": "cloud", "code": "x"],
                    ["at": 4, "event": "closed", "path": "lan"],
                    ["at": 5, "event": "timer", "timer": "check.lan"], ["at": 6, "event": "optIn", "path": "cloud"],
                    ["at": 7, "event": "optOut", "path": "cloud"], ["at": 8, "event": "network"],
                    ["at": 9, "event": "activity"],
                ]), true
            ),
            ("lan-missing", "An input without lan", ["cloudOptIn": false, "steps": [start]], false),
            ("lan-not-boolean", "An input whose lan is 1", input([start], lan: 1), false),
            ("unknown-event", "An event named reconnect", input([["at": 0, "event": "reconnect"]]), false),
            (
                "connected-cloud", "connected for the cloud, which has no carrier",
                input([start, ["at": 1, "event": "connected", "path": "cloud"]]), false
            ),
            ("opt-in-lan", "optIn for the LAN", input([["at": 0, "event": "optIn", "path": "lan"]]), false),
            (
                "unknown-timer", "A timer named deadline.wifi",
                input([["at": 0, "event": "timer", "timer": "deadline.wifi"]]), false
            ),
            (
                "health-without-ok", "A health event without ok", input([["at": 0, "event": "health", "path": "lan"]]),
                false
            ),
            (
                "time-goes-back", "A step at 5 after one at 6",
                input([["at": 6, "event": "start"], ["at": 5, "event": "network"]]), false
            ),
            (
                "latest-time", "A step at 2^53 - 1 - 300,000, the latest time",
                input([["at": .int(latest), "event": "start"]]), true
            ),
            (
                "time-past-latest", "A step at 2^53 - 300,000, past the latest time",
                input([["at": .int(latest + 1), "event": "start"]]), false
            ),
        ]
        for (name, what, input, valid) in cases {
            try file.add(
                "transport-select-\(name)",
                operation: "transport-select",
                requirements: ["ADP-134"] + (valid ? [] : ["ADP-11"]),
                comment: valid
                    ? "\(what) is read (positive control)." : "\(what) is bad_request for the whole request.",
                flags: ["BadRequest"],
                input: input,
                expect: valid ? .valid : .error("bad_request")
            )
        }
    }

    /// The bounds of `session-v3`'s counters and `openMany` steps (ADP-130, ADP-131): each a
    /// bad_request for the whole request, beside the same request within its bounds.
    private static func addSessionV3Bounds(_ file: inout VectorFileBuilder) throws {
        let f = SessionV3Fixture(id: file.id("session-v3-bounds"))
        let key = f.deviceToCore
        func openMany(_ from: String, _ count: Int, _ stride: Int) -> JSONValue {
            ["openMany": ["from": .string(from), "count": .int(Int64(count)), "stride": .int(Int64(stride))]]
        }
        let cases: [(String, String, [String], JSONValue, Bool)] = [
            (
                "counter-leading-zero", "A sendState counter written \"07\" has a leading zero", ["ADP-130"],
                f.input(.core, .reconnection, [SessionV3Fixture.seal([1])]).setting(
                    "sendState",
                    ["counter": "07", "key": .hex(key)]
                ), false
            ),
            (
                "counter-7", "The same sendState counter written \"7\"", ["ADP-130"],
                f.input(.core, .reconnection, [SessionV3Fixture.seal([1])]).setting(
                    "sendState",
                    ["counter": "7", "key": .hex(key)]
                ), true
            ),
            (
                "counter-2-pow-64", "A counter of 2^64 is above the range", ["ADP-130"],
                f.input(.core, .reconnection, [SessionV3Fixture.seal([1])]).setting(
                    "sendState",
                    ["counter": "18446744073709551616", "key": .hex(key)]
                ), false
            ),
            (
                "send-counter-last", "A sendState counter of 2^64 - 1, where no sender seals", ["ADP-130"],
                f.input(.core, .reconnection, [SessionV3Fixture.seal([1])]).setting(
                    "sendState",
                    ["counter": "18446744073709551615", "key": .hex(key)]
                ), false
            ),
            (
                "receive-highest-near-epoch-start",
                "A receiveState highest of 65,536 + 2,046, whose window reaches the epoch before", ["ADP-130"],
                f.input(
                    .device,
                    .reconnection,
                    [SessionV3Fixture.openMany(from: 67_583, count: 1)],
                    receiveState: (67_582, key)
                ), false
            ),
            (
                "receive-highest-window-in-epoch",
                "A receiveState highest of 65,536 + 2,047, whose window stays in its epoch", ["ADP-130"],
                f.input(
                    .device,
                    .reconnection,
                    [SessionV3Fixture.openMany(from: 67_584, count: 1)],
                    receiveState: (67_583, key)
                ), true
            ),
            (
                "open-many-count-too-large", "An openMany count of 1,048,577", ["ADP-131"],
                f.input(.core, .reconnection, [openMany("1", 1_048_577, 1)]), false
            ),
            (
                "open-many-stride-zero", "An openMany stride of 0", ["ADP-131"],
                f.input(.core, .reconnection, [openMany("1", 1, 0)]), false
            ),
            (
                "open-many-stride-too-large", "An openMany stride of 524,289, more than eight epochs", ["ADP-131"],
                f.input(.core, .reconnection, [openMany("1", 2, 524_289)]), false
            ),
            (
                "open-many-nine-epochs-ahead",
                "An openMany from counter 589,824, nine epochs ahead of the sender's keys", ["ADP-131"],
                f.input(.core, .reconnection, [openMany("589824", 1, 1)]), false
            ),
            (
                "open-many-eight-epochs-ahead",
                "An openMany from counter 524,288, eight epochs ahead of the sender's keys", ["ADP-131"],
                f.input(.core, .reconnection, [openMany("524288", 1, 1)]), true
            ),
            (
                "open-many-nine-epochs-past-the-key",
                "With receiveState at the last counter of an epoch, an openMany nine epochs past H's (eight past H + 1's)",
                ["ADP-131"],
                f.input(
                    .device,
                    .reconnection,
                    [SessionV3Fixture.openMany(from: 10 * 65_536, count: 1)],
                    receiveState: (2 * 65_536 - 1, key)
                ),
                false
            ),
            (
                "open-many-eight-epochs-past-the-key",
                "With receiveState at the last counter of an epoch, an openMany eight epochs past H's",
                ["ADP-131"],
                f.input(
                    .device,
                    .reconnection,
                    [SessionV3Fixture.openMany(from: 9 * 65_536, count: 1)],
                    receiveState: (2 * 65_536 - 1, key)
                ),
                true
            ),
            (
                "open-many-not-increasing", "A second openMany step from the first one's last counter", ["ADP-131"],
                f.input(.core, .reconnection, [openMany("1", 3, 1), openMany("3", 1, 1)]), false
            ),
            (
                "open-many-increasing", "A second openMany step from after the first one's last counter", ["ADP-131"],
                f.input(.core, .reconnection, [openMany("1", 3, 1), openMany("4", 1, 1)]), true
            ),
            (
                "open-many-past-last-counter", "An openMany whose last counter would be 2^64 - 1", ["ADP-131"],
                f.input(
                    .core,
                    .reconnection,
                    [SessionV3Fixture.openMany(from: UInt64.max - 1, count: 2)],
                    receiveState: (UInt64.max - 2, key)
                ), false
            ),
        ]
        for (name, what, requirements, input, valid) in cases {
            try file.add(
                "session-v3-\(name)",
                operation: "session-v3",
                requirements: requirements + (valid ? [] : ["ADP-11"]),
                comment: valid
                    ? "\(what) is read (positive control)." : "\(what) is bad_request for the whole request.",
                flags: ["BadRequest"],
                input: input,
                expect: valid ? .valid : .error("bad_request")
            )
        }
    }

    /// A `core-channel` confirm step must name the handshake it confirms (ADP-50, CONFIRM-4).
    private static func addUnboundConfirmation(_ file: inout VectorFileBuilder) throws {
        let f = HandshakeFixture(id: file.id("confirm-without-handshake"))
        try file.add(
            fixture: f,
            operation: "core-channel",
            requirements: ["ADP-50", "ADP-11"],
            comment: "A core-channel confirm step that names no handshake is bad_request for the whole request.",
            flags: ["BadRequest"],
            input: f.coreInput(steps: [
                ["handshake": f.coreStep(try f.handshake())], ["confirm": ["now": .int(HandshakeFixture.now)]],
            ]),
            expect: .error("bad_request")
        )
    }

    private static func addIntegerRange(_ file: inout VectorFileBuilder) throws {
        let hkdf: JSONValue = ["ikm": "00", "salt": "", "info": ""]
        let f = HandshakeFixture(id: file.id("integer-range"))
        let step = f.coreStep(try f.handshake())
        let qr = QRExample.parseInput(QRExample.payload)
        let cases: [(String, String, String, JSONValue)] = [
            (
                "hkdf-length-2-pow-53", "hkdf-sha256",
                "length 2^53 is outside 0 to 2^53 - 1: bad_request, not hkdf_output_too_long.",
                hkdf.setting("length", .int(largestSafeInteger + 1))
            ),
            ("hkdf-length-negative", "hkdf-sha256", "length -1 is bad_request.", hkdf.setting("length", -1)),
            (
                "core-now-2-pow-53", "handshake-core",
                "A handshake-core step with now 2^53 is bad_request for the whole request.",
                f.coreInput(steps: [step.setting("now", .int(largestSafeInteger + 1))])
            ),
            (
                "core-now-negative", "handshake-core", "A handshake-core step with now -1 is bad_request.",
                f.coreInput(steps: [step.setting("now", -1)])
            ),
            (
                "core-expires-at-2-pow-53", "handshake-core", "A pending channel with expiresAt 2^53 is bad_request.",
                f.coreInput(steps: [step]).setting(
                    "channel",
                    ["state": "pending", "expiresAt": .int(largestSafeInteger + 1)]
                )
            ),
            (
                "qr-parse-now-2-pow-53", "qr-parse", "qr-parse with now 2^53 is bad_request, not qr_expired.",
                qr.setting("now", .int(largestSafeInteger + 1))
            ),
            (
                "qr-encode-exp-2-pow-53", "qr-encode", "qr-encode with exp 2^53 is bad_request, not qr_bad_exp.",
                QRExample.encodeInput(exp: largestSafeInteger + 1)
            ),
            (
                "qr-parse-v3-now-2-pow-53", "qr-parse-v3", "qr-parse-v3 with now 2^53 is bad_request, not qr_expired.",
                QRExample.parseInput(QRV3Example.payload).setting("now", .int(largestSafeInteger + 1))
            ),
            (
                "qr-encode-v3-exp-2-pow-53", "qr-encode-v3",
                "qr-encode-v3 with exp 2^53 is bad_request, not qr_bad_exp.",
                QRV3Example.encodeInput().setting("exp", .int(largestSafeInteger + 1))
            ),
            (
                "qr-encode-v3-secret-odd-hex", "qr-encode-v3",
                "qr-encode-v3 with ps of 31 hex digits is bad_request, not qr_bad_ps_length (ADP-126).",
                QRV3Example.encodeInput().setting("ps", "892487b18f2a2af64d999d71097e2ef")
            ),
            (
                "qr-encode-v3-secret-absent", "qr-encode-v3", "qr-encode-v3 without ps is bad_request (ADP-126).",
                QRExample.encodeInput(cpk: QRV3Example.cpk)
            ),
            (
                "last-ephemeral-31-bytes", "handshake-core",
                "A paired channel whose lastHandshakeEphemeral has 31 bytes is bad_request.",
                f.coreInput(
                    channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                    steps: [step]
                )
                .setting(
                    "channel",
                    [
                        "state": "paired", "devicePublicKey": .hex(f.devicePublic),
                        "lastHandshakeEphemeral": .hex(Array(f.handshakeEphemeralPublic.prefix(31))),
                    ]
                )
            ),
        ]
        for (name, operation, comment, input) in cases {
            try file.add(
                name,
                operation: operation,
                requirements: [name.hasPrefix("qr-encode-v3-secret") ? "ADP-126" : "ADP-30", "ADP-11"],
                comment: comment,
                flags: ["BadRequest"],
                input: input,
                expect: .error("bad_request")
            )
        }
        try file.add(
            "core-now-and-expiry-2-pow-53-minus-1",
            operation: "handshake-core",
            requirements: ["ADP-30", "CHAN-2", "ENC-4"],
            comment:
                "A channel pending until 2^53 - 1 and now 2^53 - 1, the top of the range: in range, equal, accepted.",
            flags: ["IntegerRange"],
            input: f.coreInput(
                channel: .pending(expiresAt: largestSafeInteger),
                steps: [step.setting("now", .int(largestSafeInteger))]
            ),
            expect: .output(["steps": [try f.acceptance()]])
        )
        try file.add(
            "qr-parse-now-2-pow-53-minus-1",
            operation: "qr-parse",
            requirements: ["ADP-30", "QR-PARSE-24", "ENC-4"],
            comment: "qr-parse with now 2^53 - 1, the top of the range: read, and the example is qr_expired.",
            flags: ["IntegerRange"],
            input: qr.setting("now", .int(largestSafeInteger)),
            expect: .error("qr_expired")
        )
    }

    private static func addUnknownMembers(_ file: inout VectorFileBuilder) throws {
        let scalar = KnownAnswers.RFC7748.vector1.0, u = KnownAnswers.RFC7748.vector1.1
        let session = SessionFixture(id: file.id("unknown-members"))
        let frame = try session.sealed(by: .device, "message")
        let f = HandshakeFixture(id: file.id("unknown-members"))
        let step = f.coreStep(try f.handshake())
        let cases: [(String, String, String, JSONValue, Expectation)] = [
            (
                "unknown-input-member", "x25519", "An input member the operation does not define is ignored.",
                ["scalar": .string(scalar), "u": .string(u), "comment": ["nested": [1, 2]]], .valid
            ),
            (
                "unknown-session-step-member", "session", "A session step with a member beside open is ignored.",
                session.input(role: .core).setting("steps", [["open": ["frame": .hex(frame)], "note": "x"]]), .valid
            ),
            (
                "unknown-open-member", "session", "A member beside frame inside an open step is ignored.",
                session.input(role: .core).setting("steps", [["open": ["frame": .hex(frame), "note": 1]]]), .valid
            ),
            (
                "unknown-core-step-member", "handshake-core",
                "A handshake-core step with a member it does not define is ignored.",
                f.coreInput(steps: [step.setting("note", "x")]), .output(["steps": [try f.acceptance()]])
            ),
            (
                "unknown-channel-member", "handshake-core",
                "A channel object with a member it does not define is ignored.",
                f.coreInput(steps: [step]).setting(
                    "channel",
                    [
                        "state": "pending", "expiresAt": .int(HandshakeFixture.expiresAt),
                        "label": "kitchen tablet",
                    ]
                ),
                .output(["steps": [try f.acceptance()]])
            ),
        ]
        for (name, operation, comment, input, expect) in cases {
            try file.add(
                name,
                operation: operation,
                requirements: ["ADP-31"],
                comment: comment,
                flags: ["UnknownMember"],
                input: input,
                expect: expect
            )
        }
    }

    private static func addAbsentLastEphemeral(_ file: inout VectorFileBuilder) throws {
        let f = HandshakeFixture(id: file.id("last-ephemeral-absent"))
        let stored = f.otherDevice("stored").devicePublic
        let channel: JSONValue = ["state": "paired", "devicePublicKey": .hex(f.devicePublic)]
        try file.add(
            "last-ephemeral-absent-accepts",
            operation: "handshake-core",
            requirements: ["ADP-16", "CHAN-1", "CHAN-3"],
            comment:
                "A paired channel without the lastHandshakeEphemeral member reads as none: its device is accepted.",
            flags: ["UnknownMember"],
            input: f.coreInput(steps: [f.coreStep(try f.handshake())]).setting("channel", channel),
            expect: .output(["steps": [try f.acceptance()]])
        )
        try file.add(
            "last-ephemeral-absent-written-null",
            operation: "handshake-core",
            requirements: ["ADP-16", "CHAN-3", "CHAN-6"],
            comment:
                "The same channel with another stored device: unknown_device, and the state is written with lastHandshakeEphemeral null.",
            flags: ["UnknownMember"],
            input: f.coreInput(steps: [f.coreStep(try f.handshake())])
                .setting("channel", ["state": "paired", "devicePublicKey": .hex(stored)]),
            expect: .output([
                "steps": [
                    [
                        "error": "unknown_device",
                        "channel": [
                            "state": "paired", "devicePublicKey": .hex(stored),
                            "lastHandshakeEphemeral": .null,
                        ],
                    ]
                ]
            ])
        )
    }
}
