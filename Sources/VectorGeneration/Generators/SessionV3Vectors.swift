import OpenHumanTunnel
import VectorFormat

/// `vectors/session-v3.json`: version 3's session frames (spec/14-sessions-v3.md): where each
/// direction's counter starts, the frame and its padding, the receiver's order of checks, the
/// window of exactly 2,048 counters at both edges, replays after 10,000, 1,000,000 and 2^32
/// counters, key epochs by count and by time, and the counter's bound. Every refusal is followed
/// by the genuine frame it imitates, which still opens: the refusal changed nothing.
enum SessionV3Vectors {
    private typealias F = SessionV3Fixture

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "session-v3",
            description:
                "One party's version 3 session (session-v3): frames 0x16 with explicit counters, padding to buckets, "
                + "the receiver's checks in order, the 2,048-counter window, key epochs and the counter bound.",
            flags: [
                "Sealing": Flag(
                    description: "The party seals: the frame's bytes are pinned.",
                    bug: "Another counter, key, nonce, associated data or padding."
                ),
                "Order": Flag(
                    description: "A malformed message refused at its step of V3-FRAME-2.",
                    bug: "Checks in another order, or a refusal that changes the session."
                ),
                "Window": Flag(
                    description: "A replay, or an old frame at an edge of the window.",
                    bug: "A window of another width, or one that forgets or remembers wrongly."
                ),
                "Epoch": Flag(
                    description: "A key rotation by count or by time.",
                    bug: "No rotation, a rotation at another counter, or keys dropped too early."
                ),
                "Padding": Flag(
                    description: "Padding a receiver must refuse or accept.",
                    bug: "Padding not checked, or a larger bucket refused."
                ),
                "Bound": Flag(
                    description: "A counter at the end of its range.",
                    bug: "A counter that wraps or reaches 2^64 - 1."
                ),
                "Message": Flag(
                    description: "Whole messages and fragments sent or received (14.6).",
                    bug:
                        "Another fragment size, id or order, a gap or overrun accepted, or a refusal that records its frame."
                ),
                "Slow": Flag(
                    description: "A million frames in one request: run with --slow (VEC-11), within VEC-21's budget.",
                    bug: "A window whose cost grows with the session, or one that forgets."
                ),
            ]
        )
        let f = F(id: file.id("session"))
        func add(
            _ name: String,
            _ requirements: [String],
            _ flags: String,
            _ comment: String,
            _ input: JSONValue,
            _ steps: [String?]
        ) throws {
            try file.add(
                name,
                operation: "session-v3",
                requirements: ["ADP-130"] + requirements,
                comment: comment,
                flags: flags.split(separator: " ").map(String.init),
                input: input,
                expect: .steps(steps)
            )
        }
        try addSealing(f, add)
        try addOrder(f, add)
        try addWindow(f, add)
        try addEpochs(f, add)
        try addPadding(f, add)
        try addBounds(f, add)
        try addMessages(f, add)
        return try file.build()
    }

    private typealias Add = (String, [String], String, String, JSONValue, [String?]) throws -> Void

    private static func addSealing(_ f: F, _ add: Add) throws {
        let hello = Array("hello".utf8)
        for (role, start, first) in [
            (Role.device, SessionV3.Start.pairing, 2), (.core, .pairing, 1), (.device, .reconnection, 1),
            (.core, .reconnection, 0),
        ] {
            try add(
                "\(role.rawValue)-after-\(start.rawValue)-seals-from-\(first)",
                ["V3-SESS-1", "V3-SESS-2", "V3-FRAME-1", "V3-PAD-1"],
                "Sealing",
                "After a \(start.rawValue), the \(role.rawValue) seals its first two frames at counters \(first) and \(first + 1).",
                f.input(role, start, [F.seal(hello), F.seal(hello)]),
                [nil, nil]
            )
            try add(
                "\(role.rawValue)-after-\(start.rawValue)-opens-from-\(start.firstCounter(of: role.peer))",
                ["V3-SESS-1", "V3-WINDOW-1", "V3-WINDOW-2"],
                "Window",
                "After a \(start.rawValue), the \(role.rawValue) refuses the peer's counters below its first as replayed and opens the first.",
                f.input(
                    role,
                    start,
                    (0...start.firstCounter(of: role.peer)).map {
                        F.open(f.frame(from: role.peer, at: $0, content: hello))
                    }
                ),
                Array(repeating: "replayed", count: Int(start.firstCounter(of: role.peer))) + [nil]
            )
        }
        for length in [0, 1, 30, 31, 62, 63, 126, 127, 1022, 1023, 32766, 32767, 49_125] {
            let content = LabelDerived.bytes(length, id: f.id, name: "content")
            try add(
                "content-\(length)-bytes",
                ["V3-PAD-1", "V3-FRAME-1", "V3-PAD-2"],
                "Sealing",
                "Content of \(length) bytes is padded to bucket \(FramePadding.bucket(forContentLength: length)); the core opens it back.",
                f.input(.device, .reconnection, [F.seal(content)]),
                [nil]
            )
            try add(
                "open-content-\(length)-bytes",
                ["V3-PAD-2", "V3-FRAME-2"],
                "Padding",
                "The core opens the device's frame of \(length) bytes of content.",
                f.input(.core, .reconnection, [F.open(f.frame(from: .device, at: 1, content: content))]),
                [nil]
            )
        }
        try add(
            "content-too-large",
            ["V3-PAD-1", "V3-SESS-2"],
            "Sealing",
            "Content of 49,126 bytes is plaintext_too_large and takes no counter: the next frame is sealed at the first counter.",
            f.input(.device, .reconnection, [F.seal([UInt8](repeating: 7, count: 49_126)), F.seal(hello)]),
            ["plaintext_too_large", nil]
        )
    }

    private static func addOrder(_ f: F, _ add: Add) throws {
        let genuine = f.frame(from: .device, at: 1, content: Array("genuine".utf8))
        func refused(
            _ name: String,
            _ requirements: [String],
            _ comment: String,
            _ message: [UInt8],
            _ error: String
        ) throws {
            try add(
                name,
                ["V3-FRAME-2"] + requirements,
                "Order",
                comment + "; the genuine frame then opens.",
                f.input(.core, .reconnection, [F.open(message), F.open(genuine)]),
                [error, nil]
            )
        }
        try refused("empty", ["TYPE-2"], "An empty message is empty_frame", [], "empty_frame")
        try refused("legacy-octet", ["TYPE-3"], "0x01 alone is legacy_frame", [0x01], "legacy_frame")
        for octet: UInt8 in [0x02, 0x03, 0x04, 0x10, 0x12, 0x13, 0x15] {
            try refused(
                "octet-\(Hex.encode([octet]))-unexpected",
                [],
                "A registered octet of another receiver, 0x\(Hex.encode([octet])), with the genuine frame's bytes after it, is unexpected_type",
                [octet] + genuine.dropFirst(),
                "unexpected_type"
            )
        }
        for octet: UInt8 in [0x00, 0x05, 0x0f, 0x17, 0xff] {
            try refused(
                "octet-\(Hex.encode([octet]))-unsupported",
                [],
                "An unregistered octet, 0x\(Hex.encode([octet])), with the genuine frame's bytes after it, is unsupported_type",
                [octet] + genuine.dropFirst(),
                "unsupported_type"
            )
        }
        try refused(
            "56-bytes",
            [],
            "A frame of 56 bytes, one short of the smallest bucket, is frame_too_short",
            Array(genuine.prefix(56)),
            "frame_too_short"
        )
        try refused("octet-alone", [], "The octet 0x16 alone is frame_too_short", [0x16], "frame_too_short")
        let largest = f.frame(from: .device, at: 1, content: [UInt8](repeating: 1, count: 49_125))
        try refused(
            "49153-bytes",
            ["SIZE-1"],
            "A 49,153-byte frame is frame_too_large",
            largest + [0],
            "frame_too_large"
        )
        try refused(
            "58-bytes",
            ["V3-PAD-1"],
            "A 58-byte frame, not a bucket's length, is bad_padding before the counter or tag is looked at",
            genuine + [0],
            "bad_padding"
        )
        try refused(
            "bucket-length-not-checked-last",
            ["V3-PAD-1"],
            "A 1,048-byte frame (one short of bucket 1,024's) is bad_padding",
            Array(f.frame(from: .device, at: 1, content: [UInt8](repeating: 2, count: 600)).dropLast()),
            "bad_padding"
        )
        // Each change keeps the counter new and within the epochs a receiver derives, so the tag
        // is what refuses it.
        for (index, what) in [
            (1, "the counter's first byte"), (2, "the counter's second byte"), (9, "the first ciphertext byte"),
            (genuine.count - 1, "the tag's last byte"),
        ] {
            var tampered = genuine
            tampered[index] ^= 0x02
            try refused(
                "changed-\(index)",
                ["V3-FRAME-1"],
                "The genuine frame with \(what) changed is auth_failed",
                tampered,
                "auth_failed"
            )
        }
        try refused(
            "reflected",
            ["V3-FRAME-1"],
            "The core's own frame sent back to it is auth_failed",
            f.frame(from: .core, at: 1, content: Array("genuine".utf8)),
            "auth_failed"
        )
        let other = F(id: f.id + "/other")
        try refused(
            "other-session",
            ["V3-SESS-1"],
            "A frame of another session at the same counter is auth_failed",
            other.frame(from: .device, at: 1, content: Array("genuine".utf8)),
            "auth_failed"
        )
        try add(
            "header-is-authenticated",
            ["V3-FRAME-1", "V3-FRAME-2"],
            "Order",
            "The genuine frame moved to counter 2 by rewriting its counter is auth_failed; the genuine frame at counter 2 then opens.",
            f.input(
                .core,
                .reconnection,
                [F.open([0x16, 2, 0, 0, 0, 0, 0, 0, 0] + genuine.dropFirst(9)), F.open(f.frame(from: .device, at: 2))]
            ),
            ["auth_failed", nil]
        )
    }

    private static func addWindow(_ f: F, _ add: Add) throws {
        let first = f.frame(from: .device, at: 1)
        func window(
            _ name: String,
            _ requirements: [String],
            _ comment: String,
            flags: String = "Window",
            _ steps: [(JSONValue, String?)]
        ) throws {
            try add(name, requirements, flags, comment, f.input(.core, .reconnection, steps.map(\.0)), steps.map(\.1))
        }
        try window(
            "replay-immediately",
            ["V3-WINDOW-2"],
            "The same frame twice: the second is replayed; the next counter opens.",
            [
                (F.open(first), nil), (F.open(first), "replayed"), (F.open(f.frame(from: .device, at: 2)), nil),
            ]
        )
        try window(
            "replay-with-other-ciphertext",
            ["V3-WINDOW-2", "V3-FRAME-2"],
            "An accepted counter with another content is replayed before its tag is checked.",
            [
                (F.open(first), nil), (F.open(f.frame(from: .device, at: 1, content: [9])), "replayed"),
            ]
        )
        try window(
            "out-of-order",
            ["V3-WINDOW-2", "V3-WINDOW-3"],
            "Counter 10, then 5 (in the window, new): accepted; 5 again is replayed, 6 is new.",
            [
                (F.open(f.frame(from: .device, at: 10)), nil), (F.open(f.frame(from: .device, at: 5)), nil),
                (F.open(f.frame(from: .device, at: 5)), "replayed"), (F.open(f.frame(from: .device, at: 6)), nil),
            ]
        )
        try window(
            "lowest-edge",
            ["V3-WINDOW-1", "V3-WINDOW-2"],
            "With H = 3,000, counter 953 (H - 2047) is in the window and opens; 952 (H - 2048) is replayed.",
            [
                (F.open(f.frame(from: .device, at: 3000)), nil), (F.open(f.frame(from: .device, at: 952)), "replayed"),
                (F.open(f.frame(from: .device, at: 953)), nil), (F.open(f.frame(from: .device, at: 953)), "replayed"),
            ]
        )
        try window(
            "below-edge-by-one-more",
            ["V3-WINDOW-1", "V3-WINDOW-2"],
            "With H = 3,000, counter 951 (H - 2049) is replayed and 2,999 opens.",
            [
                (F.open(f.frame(from: .device, at: 3000)), nil), (F.open(f.frame(from: .device, at: 951)), "replayed"),
                (F.open(f.frame(from: .device, at: 2999)), nil),
            ]
        )
        try window(
            "refused-frame-records-nothing",
            ["V3-WINDOW-3", "V3-FRAME-2"],
            "A forged frame at counter 4 is auth_failed and records nothing: the genuine frame at 4 then opens.",
            [
                (F.open(Array(f.frame(from: .device, at: 4).dropLast()) + [0]), "auth_failed"),
                (F.open(f.frame(from: .device, at: 4)), nil),
            ]
        )
        try window(
            "forged-far-ahead-moves-nothing",
            ["V3-WINDOW-3"],
            "A forged frame at counter 50,000 is auth_failed and does not move H: counter 5 still opens.",
            [
                (F.open(Array(f.frame(from: .device, at: 50_000).dropLast()) + [0]), "auth_failed"),
                (F.open(f.frame(from: .device, at: 5)), nil),
            ]
        )
        try window(
            "slides-clean-after-short-jump",
            ["V3-WINDOW-3"],
            "Counters 1 to 2,100 accepted, then 4,200: counter 4,100, never seen, opens (the window's words were cleared as it slid).",
            [
                (F.openMany(from: 1, count: 2100), nil), (F.open(f.frame(from: .device, at: 4200)), nil),
                (F.open(f.frame(from: .device, at: 4100)), nil),
                (F.open(f.frame(from: .device, at: 2152)), "replayed"), (F.open(f.frame(from: .device, at: 2153)), nil),
            ]
        )
        try window(
            "slides-clean-after-long-jump",
            ["V3-WINDOW-3"],
            "Counters 1 to 2,100 accepted, then 6,196: counter 4,150, never seen, opens.",
            [
                (F.openMany(from: 1, count: 2100), nil), (F.open(f.frame(from: .device, at: 6196)), nil),
                (F.open(f.frame(from: .device, at: 4150)), nil),
            ]
        )
        for (later, name, flags) in [
            (10_000, "10000", "Window"), (100_000, "100000", "Window"), (1_000_000, "1000000", "Window Slow"),
        ] {
            try window(
                "replay-after-\(name)-frames",
                ["V3-WINDOW-2", "ADP-131"],
                "A frame replayed after \(name) later frames is replayed; the next counter opens.",
                flags: flags,
                [
                    (F.open(first), nil), (F.openMany(from: 2, count: later), nil), (F.open(first), "replayed"),
                    (F.open(f.frame(from: .device, at: 2 + UInt64(later))), nil),
                ]
            )
        }
        let stride = 524_288, jumps = 8_193
        let top = 2 + UInt64(stride) * UInt64(jumps - 1)
        try window(
            "replay-after-2-32-counters",
            ["V3-WINDOW-2", "V3-REKEY-3", "ADP-131"],
            "A frame replayed after the counter moved past 2^32 in steps of eight epochs is replayed; the next counter opens.",
            [
                (F.open(first), nil), (F.openMany(from: 2, count: jumps, stride: stride), nil),
                (F.open(first), "replayed"),
                (F.open(f.frame(from: .device, at: top + 1)), nil),
            ]
        )
    }

    private static func addEpochs(_ f: F, _ add: Add) throws {
        let content = Array("epoch".utf8)
        try add(
            "seals-across-a-count-rotation",
            ["V3-REKEY-1", "V3-SESS-2"],
            "Epoch",
            "From counter 65,535 the device seals under epoch 0's key, then at 65,536 under REKEY of it.",
            f.input(.device, .reconnection, [F.seal(content), F.seal(content)], sendState: (65_535, f.deviceToCore)),
            [nil, nil]
        )
        try add(
            "seals-across-a-time-rotation",
            ["V3-REKEY-2", "V3-REKEY-1"],
            "Epoch",
            "Sealing at +119 s uses counter 1; at +120 s the counter moves to 65,536 under epoch 1's key; at +239 s 65,537; at +240 s 131,072.",
            f.input(
                .device,
                .reconnection,
                [
                    F.seal(content, at: 119), F.seal(content, at: 120), F.seal(content, at: 239),
                    F.seal(content, at: 240),
                ]
            ),
            [nil, nil, nil, nil]
        )
        try add(
            "time-rotation-at-an-epoch-start",
            ["V3-REKEY-2"],
            "Epoch",
            "At 65,535 after +100 s, then +130 s: the next counter, 65,536, already starts an epoch, so it is used and its epoch starts then; +200 s seals at 65,537.",
            f.input(
                .device,
                .reconnection,
                [F.seal(content, at: 100), F.seal(content, at: 130), F.seal(content, at: 200)],
                sendState: (65_535, f.deviceToCore)
            ),
            [nil, nil, nil]
        )
        try add(
            "core-time-rotation-from-counter-0",
            ["V3-REKEY-2"],
            "Epoch",
            "After a reconnection the core seals nothing for 120 s: its first frame moves from counter 0, the first of its current epoch, to 65,536.",
            f.input(.core, .reconnection, [F.seal(content, at: 120), F.seal(content, at: 121)]),
            [nil, nil]
        )
        try add(
            "no-rotation-with-clock-set-back",
            ["V3-REKEY-2"],
            "Epoch",
            "A now before the epoch's start rotates nothing: the device seals at counter 1 at startedAt - 500 s, then 2.",
            f.input(.device, .reconnection, [F.seal(content, at: -500), F.seal(content, at: -400)]),
            [nil, nil]
        )
        try add(
            "time-rotation-from-a-set-epoch-start",
            ["V3-REKEY-2"],
            "Epoch",
            "A sender whose next counter 131,072 starts the current epoch at startedAt moves to 196,608 at +120 s.",
            f.input(
                .device,
                .reconnection,
                [F.seal(content, at: 120)],
                sendState: (131_072, f.key(of: .device, epoch: 2))
            ),
            [nil]
        )
        try add(
            "opens-across-a-count-rotation",
            ["V3-REKEY-1", "V3-REKEY-3"],
            "Epoch",
            "The core opens 65,535 (epoch 0), 65,536 and 65,537 (epoch 1, REKEY of epoch 0's key).",
            f.input(.core, .reconnection, [65_535, 65_536, 65_537].map { F.open(f.frame(from: .device, at: $0)) }),
            [nil, nil, nil]
        )
        try add(
            "frame-in-flight-across-rotation",
            ["V3-REKEY-3"],
            "Epoch",
            "After 67,582 (epoch 1, H mod 65,536 = 2,046), 65,535 is in the window and opens under epoch 0's kept key.",
            f.input(
                .core,
                .reconnection,
                [F.open(f.frame(from: .device, at: 67_582)), F.open(f.frame(from: .device, at: 65_535))]
            ),
            [nil, nil]
        )
        try add(
            "previous-epoch-key-erased-with-window",
            ["V3-REKEY-3", "V3-WINDOW-2"],
            "Epoch",
            "After 67,583 (H mod 65,536 = 2,047) the window no longer reaches epoch 0: 65,535 is replayed, 65,536 opens.",
            f.input(
                .core,
                .reconnection,
                [
                    F.open(f.frame(from: .device, at: 67_583)), F.open(f.frame(from: .device, at: 65_535)),
                    F.open(f.frame(from: .device, at: 65_536)),
                ]
            ),
            [nil, "replayed", nil]
        )
        let eighth = 8 * KeyEpochs.length, ninth = 9 * KeyEpochs.length
        try add(
            "eight-epochs-ahead-opens",
            ["V3-REKEY-3"],
            "Epoch",
            "From epoch 0 a genuine frame of epoch 8 opens (eight REKEYs).",
            f.input(.core, .reconnection, [F.open(f.frame(from: .device, at: eighth))]),
            [nil]
        )
        try add(
            "nine-epochs-ahead-out-of-range",
            ["V3-REKEY-3"],
            "Epoch",
            "From epoch 0 a genuine frame of epoch 9 is counter_out_of_range; epoch 8's then opens, and from there epoch 9's.",
            f.input(
                .core,
                .reconnection,
                [
                    F.open(f.frame(from: .device, at: ninth)), F.open(f.frame(from: .device, at: eighth)),
                    F.open(f.frame(from: .device, at: ninth)),
                ]
            ),
            ["counter_out_of_range", nil, nil]
        )
        try add(
            "far-ahead-before-replay-check",
            ["V3-REKEY-3", "V3-FRAME-2"],
            "Epoch",
            "A forged frame at counter 2^63 is counter_out_of_range, before any key is derived; counter 1 then opens.",
            f.input(
                .core,
                .reconnection,
                [
                    F.open([0x16, 0, 0, 0, 0, 0, 0, 0, 0x80] + [UInt8](repeating: 0, count: 48)),
                    F.open(f.frame(from: .device, at: 1)),
                ]
            ),
            ["counter_out_of_range", nil]
        )
    }

    private static func addPadding(_ f: F, _ add: Add) throws {
        func padded(_ length: Int, content: [UInt8], bucket: Int, last: UInt8 = 0) -> [UInt8] {
            var bytes = [UInt8(length >> 8), UInt8(length & 0xff)] + content
            bytes += [UInt8](repeating: 0, count: bucket - bytes.count)
            bytes[bucket - 1] |= last
            return bytes
        }
        let genuine = f.frame(from: .device, at: 1, content: [1, 2, 3])
        func padding(_ name: String, _ comment: String, _ bytes: [UInt8], _ error: String?) throws {
            let steps: [(JSONValue, String?)] =
                error == nil
                ? [(F.open(f.frame(from: .device, at: 1, padded: bytes)), nil)]
                : [(F.open(f.frame(from: .device, at: 1, padded: bytes)), error), (F.open(genuine), nil)]
            try add(
                name,
                ["V3-PAD-2"],
                "Padding",
                comment,
                f.input(.core, .reconnection, steps.map(\.0)),
                steps.map(\.1)
            )
        }
        try padding(
            "nonzero-padding",
            "A padding byte of 0x01 at the bucket's end is bad_padding (and records nothing: the genuine frame at the same counter opens).",
            padded(3, content: [1, 2, 3], bucket: 32, last: 1),
            "bad_padding"
        )
        try padding(
            "length-overruns-bucket",
            "A length field of 31 in a 32-byte bucket is bad_padding.",
            padded(31, content: [], bucket: 32),
            "bad_padding"
        )
        try padding(
            "length-field-max",
            "A length field of 65,535 is bad_padding.",
            padded(0xffff, content: [], bucket: 32),
            "bad_padding"
        )
        try padding(
            "length-fills-bucket",
            "A length field of 30 in a 32-byte bucket, no padding byte, is accepted.",
            padded(30, content: [UInt8](repeating: 4, count: 30), bucket: 32),
            nil
        )
        try padding(
            "larger-bucket-accepted",
            "Three bytes padded to 64 instead of 32 are accepted (a sender may hide a size class too).",
            padded(3, content: [1, 2, 3], bucket: 64),
            nil
        )
        try padding(
            "empty-content",
            "An empty content padded to 32 is accepted.",
            padded(0, content: [], bucket: 32),
            nil
        )
    }

    private static func addBounds(_ f: F, _ add: Add) throws {
        let topKey = LabelDerived.key(id: f.id, name: "last-epoch-key")
        let last = UInt64.max - 1
        try add(
            "sender-stops-before-2-64-minus-1",
            ["V3-SESS-2"],
            "Bound",
            "A sender at counter 2^64 - 2 seals one frame; then session_exhausted, twice, changing nothing.",
            f.input(.device, .reconnection, [F.seal([1]), F.seal([1]), F.seal([1])], sendState: (last, topKey)),
            [nil, "session_exhausted", "session_exhausted"]
        )
        try add(
            "sender-time-rotation-past-the-last-epoch",
            ["V3-SESS-2", "V3-REKEY-2"],
            "Bound",
            "A sender in the last epoch asked to seal 120 s after it started has no next epoch: session_exhausted; nothing else changes.",
            f.input(
                .device,
                .reconnection,
                [F.seal([1], at: 120), F.seal([1], at: 121)],
                sendState: (UInt64.max - 100, topKey)
            ),
            ["session_exhausted", "session_exhausted"]
        )
        try add(
            "too-large-before-exhausted",
            ["V3-SESS-2", "V3-PAD-1"],
            "Bound",
            "The same exhausted sender asked to seal 49,126 bytes answers plaintext_too_large first.",
            f.input(
                .device,
                .reconnection,
                [F.seal([UInt8](repeating: 1, count: 49_126), at: 120)],
                sendState: (UInt64.max - 100, topKey)
            ),
            ["plaintext_too_large"]
        )
        try add(
            "sender-before-time-rotation-in-the-last-epoch",
            ["V3-SESS-2", "V3-REKEY-2"],
            "Bound",
            "The same sender 119 s after it started seals at its counter (positive control).",
            f.input(.device, .reconnection, [F.seal([1], at: 119)], sendState: (UInt64.max - 100, topKey)),
            [nil]
        )
        let highest = UInt64.max - 2
        try add(
            "receiver-opens-2-64-minus-2",
            ["V3-REKEY-3", "V3-WINDOW-2"],
            "Bound",
            "A receiver at H = 2^64 - 3 opens 2^64 - 2; a frame at 2^64 - 1 is counter_out_of_range.",
            f.input(
                .core,
                .reconnection,
                [
                    F.open(f.frame(from: .device, at: last, epochKey: topKey)),
                    F.open([0x16] + [UInt8](repeating: 0xff, count: 8) + [UInt8](repeating: 0, count: 48)),
                ],
                receiveState: (highest, topKey)
            ),
            [nil, "counter_out_of_range"]
        )
        try add(
            "receiver-state-replays",
            ["V3-WINDOW-2"],
            "Bound",
            "A receiver at H = 2^64 - 3 has accepted H and every counter of its window: H - 2047 is replayed, H + 1 opens.",
            f.input(
                .core,
                .reconnection,
                [
                    F.open(f.frame(from: .device, at: highest - 2047, epochKey: topKey)),
                    F.open(f.frame(from: .device, at: highest + 1, epochKey: topKey)),
                ],
                receiveState: (highest, topKey)
            ),
            ["replayed", nil]
        )
    }

    private static func addMessages(_ f: F, _ add: Add) throws {
        func message(_ length: Int) -> [UInt8] { LabelDerived.bytes(length, id: f.id, name: "message-\(length)") }
        for length in [0, 1, 49_124, 49_125, 98_224, 98_225] {
            try add(
                "send-\(length)-bytes",
                ["V3-FRAG-1"],
                "Message",
                "A message of \(length) bytes is sent as \(MessageRecord.recordCount(of: length)) record(s) (V3-FRAG-1's sizes); the core receives them back.",
                f.input(.device, .reconnection, [F.send(message(length))]),
                [nil]
            )
        }
        try add(
            "send-ids-count-fragmented-messages",
            ["V3-FRAG-1"],
            "Message",
            "A whole message, then two fragmented ones: the fragments carry ids 0 and 1 (whole messages take no id).",
            f.input(.device, .reconnection, [F.send(message(10)), F.send(message(50_000)), F.send(message(60_000))]),
            [nil, nil, nil]
        )
        for (name, length) in [("1-mib", 1 << 20), ("16-mib", 16 << 20)] {
            try add(
                "send-generated-\(name)",
                ["V3-FRAG-1", "ADP-132"],
                "Message",
                "A generated message of \(length) bytes is sent as \(MessageRecord.recordCount(of: length)) full-size frames but the last; their SHA-256 is pinned.",
                f.input(.core, .reconnection, [f.sendGenerated(name, length: length)]),
                [nil]
            )
            try add(
                "receive-generated-\(name)",
                ["V3-FRAG-2", "V3-FRAG-3", "ADP-132"],
                "Message",
                "The device's generated message of \(length) bytes is received whole: its length and SHA-256.",
                f.input(.core, .reconnection, [f.receiveGenerated(name, length: length)]),
                [nil]
            )
        }
        try add(
            "send-too-large",
            ["V3-FRAG-1", "ADP-132"],
            "Message",
            "A message of 16,777,217 bytes is message_too_large and seals nothing: the next message takes the first counter.",
            f.input(.device, .reconnection, [f.sendGenerated("too-large", length: 16_777_217), F.send(message(1))]),
            ["message_too_large", nil]
        )

        try add(
            "send-exhausted-mid-message",
            ["V3-FRAG-1", "V3-SESS-2"],
            "Message",
            "A sender at 2^64 - 2 asked to send two fragments has one counter left: session_exhausted, nothing sealed; a whole message then takes 2^64 - 2.",
            f.input(
                .device,
                .reconnection,
                [F.send(message(60_000)), F.send(message(3))],
                sendState: (UInt64.max - 1, f.deviceToCore)
            ),
            ["session_exhausted", nil]
        )
        try add(
            "receive-generated-too-large",
            ["V3-FRAG-1", "ADP-132"],
            "Message",
            "The peer cannot send 16,777,217 bytes: message_too_large after 0 frames, and no counter is taken (the next message still arrives).",
            f.input(
                .core,
                .reconnection,
                [f.receiveGenerated("too-large", length: 16_777_217), f.receiveGenerated("after", length: 100)]
            ),
            ["message_too_large", nil]
        )

        // Receiving: each refusal is followed by the genuine record at the same counter.
        let total = 60_000
        let body = message(total)
        let first = F.fragment(id: 0, offset: 0, total: total, data: Array(body[..<49_112]))
        let second = F.fragment(id: 0, offset: 49_112, total: total, data: Array(body[49_112...]))
        func frame(_ counter: UInt64, _ content: [UInt8]) -> [UInt8] {
            f.frame(from: .device, at: counter, content: content)
        }
        try add(
            "receive-whole",
            ["V3-FRAG-2"],
            "Message",
            "A whole record delivers its message; so does an empty one.",
            f.input(.core, .reconnection, [F.receive(frame(1, [0] + message(5))), F.receive(frame(2, [0]))]),
            [nil, nil]
        )
        try add(
            "receive-two-fragments",
            ["V3-FRAG-2"],
            "Message",
            "The first fragment is kept (message null), the second completes the 60,000-byte message.",
            f.input(.core, .reconnection, [F.receive(frame(1, first)), F.receive(frame(2, second))]),
            [nil, nil]
        )
        try add(
            "receive-interleaved",
            ["V3-FRAG-1", "V3-FRAG-2"],
            "Message",
            "A whole message between two fragments is delivered at once; the fragments still complete theirs.",
            f.input(
                .core,
                .reconnection,
                [F.receive(frame(1, first)), F.receive(frame(2, [0, 7])), F.receive(frame(3, second))]
            ),
            [nil, nil, nil]
        )
        try add(
            "receive-id-free-after-completion",
            ["V3-FRAG-2"],
            "Message",
            "After message 0 completes, a first fragment with id 0 starts a new message.",
            f.input(
                .core,
                .reconnection,
                [
                    F.receive(frame(1, first)), F.receive(frame(2, second)), F.receive(frame(3, first)),
                    F.receive(frame(4, second)),
                ]
            ),
            [nil, nil, nil, nil]
        )
        func refused(
            _ name: String,
            _ requirements: [String],
            _ comment: String,
            before: [[UInt8]] = [],
            _ bad: [UInt8],
            _ error: String,
            then good: [UInt8]
        ) throws {
            let counters = (1...UInt64(before.count + 2))
            let contents = before + [bad, good]
            let steps = zip(counters, contents).map { counter, content in
                F.receive(frame(counter == counters.upperBound ? counter - 1 : counter, content))
            }
            // The refused record and the genuine one share a counter: the refusal recorded nothing.
            try add(
                "refused-\(name)",
                ["V3-FRAG-2"] + requirements,
                "Message",
                comment + "; the genuine record at the same counter is then received.",
                f.input(.core, .reconnection, steps + [F.receive(frame(UInt64(before.count + 1), bad))]),
                Array(repeating: nil, count: before.count) + [error, nil, "replayed"]
            )
        }
        try refused("empty-content", [], "An empty content is bad_record", [], "bad_record", then: [0, 1])
        try refused(
            "unknown-kind",
            [],
            "A record of kind 0x02 is bad_record",
            [0x02, 1, 2, 3],
            "bad_record",
            then: [0, 1]
        )
        // The refusals use small fragments: a receiver takes any data length in order (V3-FRAG-2),
        // and the genuine record after each need not complete its message.
        let small = 49_125
        let piece = message(200)
        let head = F.fragment(id: 0, offset: 0, total: small, data: Array(piece[..<100]))
        let next = F.fragment(id: 0, offset: 100, total: small, data: Array(piece[100...]))
        try refused(
            "header-only",
            [],
            "A fragment of its 13-byte header alone is bad_record",
            Array(head.prefix(13)),
            "bad_record",
            then: head
        )
        try refused(
            "total-fits-one-record",
            [],
            "A fragment of a 49,124-byte message, which is sent whole, is bad_fragment",
            F.fragment(id: 0, offset: 0, total: 49_124, data: [1]),
            "bad_fragment",
            then: head
        )
        try refused(
            "total-above-16-mib",
            [],
            "A fragment whose total is 16,777,217 is message_too_large",
            F.fragment(id: 0, offset: 0, total: 16_777_217, data: [1]),
            "message_too_large",
            then: head
        )
        try refused(
            "overrun",
            [],
            "A fragment reaching one byte past its total is bad_fragment",
            F.fragment(id: 0, offset: small - 99, total: small, data: Array(piece[..<100])),
            "bad_fragment",
            then: head
        )
        try refused(
            "first-at-nonzero-offset",
            [],
            "A fragment at offset 100 of a message not started is fragment_out_of_order",
            next,
            "fragment_out_of_order",
            then: head
        )
        try refused(
            "gap",
            [],
            "After a first fragment of 100 bytes, a fragment at offset 101 is fragment_out_of_order",
            before: [head],
            F.fragment(id: 0, offset: 101, total: small, data: Array(piece[101...])),
            "fragment_out_of_order",
            then: next
        )
        try refused(
            "repeated-first",
            [],
            "The first fragment again (with a new counter) is fragment_out_of_order",
            before: [head],
            head,
            "fragment_out_of_order",
            then: next
        )
        try refused(
            "total-changed",
            [],
            "A second fragment naming another total is bad_fragment",
            before: [head],
            F.fragment(id: 0, offset: 100, total: small + 1, data: Array(piece[100...])),
            "bad_fragment",
            then: next
        )
        let starts = (0..<4).map { F.fragment(id: UInt32($0), offset: 0, total: small, data: Array(piece[..<100])) }
        try refused(
            "fifth-partial",
            ["V3-FRAG-3"],
            "With four partial messages, a first fragment of a fifth is too_many_partials",
            before: starts,
            F.fragment(id: 4, offset: 0, total: small, data: Array(piece[..<100])),
            "too_many_partials",
            then: F.fragment(id: 3, offset: 100, total: small, data: Array(piece[100...]))
        )
    }
}
