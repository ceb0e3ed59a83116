import AdapterOperations
import VectorFormat

/// `vectors/adapter.json`: the adapter protocol's own rules that a request can show
/// (ADP-8, ADP-9, ADP-10, ADP-11): malformed inputs are `bad_request`, protocol inputs of any
/// length are not, and no state survives from one request to the next.
enum AdapterVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "adapter",
            description: "Adapter-protocol rules shown by single requests: inputs of the wrong shape are answered with "
                + "bad_request, protocol inputs of any length get their protocol error, and two identical requests get "
                + "identical answers (no state carried between requests).",
            flags: [
                "BadRequest": Flag(
                    description: "The input does not have the documented shape.",
                    bug: "An adapter that guesses (accepts upper-case hex, pads a short key) or crashes."
                ),
                "ProtocolInput": Flag(
                    description:
                        "A variable-length protocol input of an odd length: a protocol error, not bad_request.",
                    bug: "An adapter that rejects odd frames itself and hides the implementation's answer."
                ),
                "Stateless": Flag(
                    description: "Two identical requests, one after the other: both MUST get the same answer.",
                    bug: "An adapter that keeps one session (and its replay window) across requests."
                ),
                "IntegerRange": Flag(
                    description: "An integer input at the top of the range 0 to 2^53 - 1 (ADP-30).",
                    bug: "An adapter that reads integers in 32 bits, or refuses the top of the range."
                ),
                "UnknownMember": Flag(
                    description:
                        "An input, step or channel object with a member the operation does not define, or without an optional one.",
                    bug: "An adapter that refuses unknown members, or requires an optional member."
                ),
            ]
        )
        let fixture = SessionFixture(id: file.id("stateless"))
        let frame = try fixture.sealed(by: .device, "message")
        let open = fixture.input(role: .core).setting("frame", .hex(frame))
        let scalar = KnownAnswers.RFC7748.vector1.0, u = KnownAnswers.RFC7748.vector1.1
        let cases: [(String, String, String, JSONValue, [String], String, Expectation)] = [
            (
                "upper-case-hex", "x25519", "An upper-case hex scalar is bad_request.",
                ["scalar": .string(scalar.uppercased()), "u": .string(u)], ["ADP-8", "ADP-11"], "BadRequest",
                .error("bad_request")
            ),
            (
                "odd-length-hex", "frame-open", "A frame of 41 hex digits (odd) is bad_request.",
                fixture.input(role: .core).setting(
                    "frame",
                    .string(String(JSONValue.hex(frame).stringValue!.prefix(41)))
                ),
                ["ADP-8", "ADP-11"], "BadRequest", .error("bad_request")
            ),
            (
                "key-31-bytes", "x25519", "A 31-byte u is bad_request: fixed-size values have their size.",
                ["scalar": .string(scalar), "u": .string(String(u.prefix(62)))], ["ADP-11"], "BadRequest",
                .error("bad_request")
            ),
            (
                "unknown-role", "frame-open", "role \"server\" is bad_request.", open.setting("role", "server"),
                ["ADP-11"], "BadRequest",
                .error("bad_request")
            ),
            (
                "missing-member", "hkdf-sha256", "An hkdf-sha256 input without length is bad_request.",
                ["ikm": "00", "salt": "", "info": ""], ["ADP-11"], "BadRequest", .error("bad_request")
            ),
            (
                "string-for-integer", "hkdf-sha256", "length \"32\" (a string) is bad_request.",
                ["ikm": "00", "salt": "", "info": "", "length": "32"], ["ADP-11"], "BadRequest", .error("bad_request")
            ),
            (
                "empty-frame-is-protocol-input", "frame-open",
                "An empty frame is the protocol's empty_frame, not bad_request.",
                open.setting("frame", ""), ["ADP-10", "ADP-11"], "ProtocolInput", .error("empty_frame")
            ),
            (
                "odd-frame-is-protocol-input", "frame-open",
                "A 3-byte frame is the protocol's frame_too_short, not bad_request.",
                open.setting("frame", .hex(Array(frame.prefix(3)))), ["ADP-10", "ADP-11"], "ProtocolInput",
                .error("frame_too_short")
            ),
            (
                "stateless-first", "frame-open", "A frame-open request; the next vector sends the same request.", open,
                ["ADP-9"],
                "Stateless", .valid
            ),
            (
                "stateless-second", "frame-open",
                "The same request again opens again: each frame-open has a new, empty window.", open,
                ["ADP-9"], "Stateless", .valid
            ),
        ]
        for (name, operation, comment, input, requirements, flag, expect) in cases {
            try file.add(
                name,
                operation: operation,
                requirements: requirements,
                comment: comment,
                flags: [flag],
                input: input,
                expect: expect
            )
        }
        try AdapterShapeVectors.add(to: &file)
        return try file.build()
    }
}
