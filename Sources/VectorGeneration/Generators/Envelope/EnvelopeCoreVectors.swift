import OpenHumanTunnel
import VectorFormat

/// `vectors/envelope-core.json`: the core's dispatch decision on one session (RPC-2, RPC-3,
/// RPC-6, AUTH-1, AUTH-3): the ping, the grant before existence, request-id dedup for whole
/// and chunked requests, and what gets no answer.
enum EnvelopeCoreVectors {
    static let grant: JSONValue = ["companion.chat", "companion.missing"]
    static let methods: JSONValue = ["companion.chat", "openhuman.devices_list"]

    static func make(options: GenerationOptions) throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "envelope-core",
            description: "The core's decision for each received plaintext on one session, with the grant "
                + "[companion.chat, companion.missing] and the implemented methods [companion.chat, openhuman.devices_list]: "
                + "dispatch, a reply the layer sends itself, a kept chunk, or a refusal with nothing sent.",
            flags: [
                "Grant": Flag(
                    description: "The method's place in the grant decides.",
                    bug: "A core that dispatches any method of any paired device (deployed, F-44)."
                ),
                "Dedup": Flag(
                    description: "A request id used earlier in the session.",
                    bug: "A core that runs a replayed or resent request twice (deployed, F-6)."
                ),
                "Silent": Flag(
                    description: "A refusal that sends nothing back.",
                    bug: "A core that answers malformed input."
                ),
                "Chunked": Flag(
                    description: "The request arrives in chunks.",
                    bug: "A core that cannot reassemble (deployed)."
                ),
                Flag.slow: Flag(
                    description: "Sends 1,048,577 requests; a runner runs it only when asked for slow vectors.",
                    bug: "A session without a request bound, or a bound off by one."
                ),
            ]
        )
        try file.add(dispatchCases + dedupCases + retryCases + refusalCases, operation: "envelope-core")
        try addRequestBound(&file, options: options)
        return try file.build()
    }

    private static let id = EnvelopeFixture.pingID, a = EnvelopeFixture.id(2), b = EnvelopeFixture.id(3)
    private static let chat = EnvelopeFixture.request(a, method: "companion.chat")
    /// A 60,000-byte request in two chunks.
    private static let chunks = EnvelopeFixture.split(
        b,
        EnvelopeFixture.largeRequest(b, method: "companion.chat", length: 60_000)
    )

    /// The pings the layer answers, then the grant before existence (AUTH-1, RPC-6).
    private static var dispatchCases: [Case] {
        [
            Case(
                "ping",
                requires: ["ADP-63", "RPC-3", "RPC-6", "AUTH-3"],
                flags: ["Grant"],
                comment: "openhuman.ping with an empty grant is answered {\"ok\":true} by the layer: the core adds "
                    + "the pings to every grant it is given (AUTH-3).",
                input: input([step(EnvelopeFixture.request(id))], grant: []),
                expect: .output(["steps": [reply(EnvelopeFixture.response(id))]])
            ),
            Case(
                "core-ping",
                requires: ["RPC-6", "AUTH-3"],
                flags: ["Grant"],
                comment: "core.ping is answered the same way.",
                input: input([step(EnvelopeFixture.request(id, method: "core.ping"))]),
                expect: .output(["steps": [reply(EnvelopeFixture.response(id))]])
            ),
            Case(
                "granted-dispatched",
                requires: ["RPC-6", "AUTH-1"],
                flags: ["Grant"],
                comment: "A granted, implemented method is dispatched with its params and stream flag.",
                input: input([
                    step(
                        "{\"requestId\":\"\(a)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"companion.chat\",\"params\":{\"q\":[1,\"x\"]},\"stream\":true}}"
                    )
                ]),
                expect: .output([
                    "steps": [
                        [
                            "dispatch": [
                                "requestId": .string(a), "method": "companion.chat",
                                "params": ["q": [1, "x"]], "stream": true,
                            ], "expired": [],
                        ]
                    ]
                ])
            ),
            Case(
                "not-granted",
                requires: ["RPC-6", "AUTH-1"],
                flags: ["Grant"],
                comment: "An implemented method outside the grant is answered method_not_allowed and not run.",
                input: input([step(EnvelopeFixture.request(a, method: "openhuman.devices_list"))]),
                expect: .output(["steps": [errorReply(a, "method_not_allowed")]])
            ),
            Case(
                "not-granted-not-implemented",
                requires: ["RPC-6", "AUTH-1"],
                flags: ["Grant"],
                comment: "A method neither granted nor implemented is method_not_allowed too: the grant comes first.",
                input: input([step(EnvelopeFixture.request(a, method: "x.y"))]),
                expect: .output(["steps": [errorReply(a, "method_not_allowed")]])
            ),
            Case(
                "granted-not-implemented",
                requires: ["RPC-6"],
                flags: ["Grant"],
                comment: "A granted method the core does not implement is unknown_method.",
                input: input([step(EnvelopeFixture.request(a, method: "companion.missing"))]),
                expect: .output(["steps": [errorReply(a, "unknown_method")]])
            ),
            Case(
                "duplicates-inside-params",
                requires: ["ENV-7", "RPC-6"],
                flags: ["Grant"],
                comment: "Member names repeated inside params, at two depths, are the method's concern: the ping "
                    + "is answered, not refused with duplicate_field.",
                input: input([
                    step(EnvelopeFixture.request(id, params: "{\"a\":1,\"a\":2,\"b\":[{\"c\":1,\"c\":1}]}"))
                ]),
                expect: .output(["steps": [reply(EnvelopeFixture.response(id))]])
            ),
            grantLapsesCase,
            Case(
                "grant-case-sensitive",
                requires: ["AUTH-1", "RPC-6"],
                flags: ["Grant"],
                comment: "Companion.chat is not companion.chat.",
                input: input([step(EnvelopeFixture.request(a, method: "Companion.chat"))]),
                expect: .output(["steps": [errorReply(a, "method_not_allowed")]])
            ),
        ]
    }

    /// AUTH-5: a grant holds `grantLifetime` ms after `grantedAt` (ADP-67), then only the pings.
    private static var grantLapsesCase: Case {
        let grantedAt: Int64 = 1_000
        let end = grantedAt + EnvelopeLimits.standard.grantLifetime
        let lapsed: JSONValue = [
            "grant": grant, "methods": methods, "grantedAt": .int(grantedAt),
            "steps": [
                step(EnvelopeFixture.request(a, method: "companion.chat"), end),
                step(EnvelopeFixture.request(b, method: "companion.chat"), end + 1),
                step(EnvelopeFixture.request(id), end + 1),
            ],
        ]
        return Case(
            "grant-lapses",
            requires: ["AUTH-5", "ADP-67", "RPC-6"],
            flags: ["Grant"],
            comment: "A grant made at 1,000 ms holds 30 days (2,592,000,000 ms): at its last millisecond "
                + "companion.chat is dispatched; one millisecond later it is method_not_allowed, and the ping is "
                + "still answered.",
            input: lapsed,
            expect: .output([
                "steps": [
                    [
                        "dispatch": [
                            "requestId": .string(a), "method": "companion.chat", "params": [:], "stream": false,
                        ], "expired": [],
                    ],
                    errorReply(b, "method_not_allowed"),
                    reply(EnvelopeFixture.response(id)),
                ]
            ])
        )
    }

    /// Request ids used earlier in the session, whole or in chunks (RPC-2).
    private static var dedupCases: [Case] {
        [
            Case(
                "duplicate-request-id",
                requires: ["RPC-2", "ENV-5"],
                flags: ["Dedup"],
                comment: "The same request id again, in a new frame (a retry, ENV-5): not run again, answered "
                    + "duplicate_request_id since the method's answer is the application's; another id runs. "
                    + "(Suite 2.3: refused with nothing sent.)",
                input: input([step(chat), step(chat, 5), step(EnvelopeFixture.request(b, method: "companion.chat"), 6)]
                ),
                expect: .output([
                    "steps": [
                        [
                            "dispatch": [
                                "requestId": .string(a), "method": "companion.chat", "params": [:], "stream": false,
                            ], "expired": [],
                        ],
                        errorReply(a, "duplicate_request_id"),
                        [
                            "dispatch": [
                                "requestId": .string(b), "method": "companion.chat", "params": [:], "stream": false,
                            ], "expired": [],
                        ],
                    ]
                ])
            ),
            Case(
                "duplicate-after-refusal",
                requires: ["RPC-2"],
                flags: ["Dedup"],
                comment: "A refused request's id is used too: a later request under it gets the first one's "
                    + "answer again, whatever its method. (Suite 2.3: refused with nothing sent.)",
                input: input([step(EnvelopeFixture.request(a, method: "x.y")), step(chat)]),
                expect: .output(["steps": [errorReply(a, "method_not_allowed"), errorReply(a, "method_not_allowed")]])
            ),
            Case(
                "chunked-request",
                requires: ["CHUNK-4", "CHUNK-6", "RPC-6"],
                flags: ["Chunked"],
                comment: "A 60,000-byte request in two chunks is reassembled and dispatched.",
                input: input([stepBytes(chunks[0]), stepBytes(chunks[1], 1)]),
                expect: .steps([nil, nil])
            ),
            Case(
                "chunked-request-replayed",
                requires: ["RPC-2", "CHUNK-4"],
                flags: ["Dedup", "Chunked"],
                comment: "A chunk of a request already run is answered duplicate_request_id at once, before "
                    + "any chunk rule (section 11.6's order), and buffers nothing; so is its second chunk. "
                    + "(Suite 2.3: refused, nothing sent.)",
                input: input([
                    stepBytes(chunks[0]), stepBytes(chunks[1], 1), stepBytes(chunks[0], 2), stepBytes(chunks[1], 3),
                ]),
                expect: .steps([nil, nil, nil, nil])
            ),
            Case(
                "request-while-reassembling",
                requires: ["RPC-2"],
                flags: ["Dedup", "Chunked"],
                comment: "A whole request with the id of a message being reassembled is duplicate_request_id.",
                input: input([
                    stepBytes(chunks[0]), step(EnvelopeFixture.request(b, method: "companion.chat"), 1),
                    stepBytes(chunks[1], 2),
                ]),
                expect: .steps([nil, "duplicate_request_id", nil])
            ),
        ]
    }

    /// RPC-2 across sessions (ADP-68) and review R3-6's delayed original: a retry reuses the id
    /// (ENV-5), and the action runs once.
    private static var retryCases: [Case] {
        let newSession: (Int64) -> JSONValue = { ["newSession": true, "now": .int($0)] }
        let window = CoreRequestGate.retryWindow
        let dispatchA: JSONValue = [
            "dispatch": ["requestId": .string(a), "method": "companion.chat", "params": [:], "stream": false],
            "expired": [],
        ]
        return [
            Case(
                "retry-after-new-session",
                requires: ["RPC-2", "ENV-5", "ADP-68"],
                flags: ["Dedup"],
                comment: "A request run in one session and retried under its id in the next, at the last "
                    + "millisecond of the 600,000 ms window, is not run again: answered duplicate_request_id.",
                input: input([step(chat, 1_000), newSession(2_000), step(chat, 1_000 + window)]),
                expect: .output([
                    "steps": [dispatchA, ["expired": []], errorReply(a, "duplicate_request_id")]
                ])
            ),
            Case(
                "retry-window-ends",
                requires: ["RPC-2", "ADP-68"],
                flags: ["Dedup"],
                comment: "One millisecond after the window the previous session's id is forgotten: the request "
                    + "is new and runs.",
                input: input([step(chat, 1_000), newSession(2_000), step(chat, 1_001 + window)]),
                expect: .output(["steps": [dispatchA, ["expired": []], dispatchA]])
            ),
            Case(
                "ping-retried-same-answer",
                requires: ["RPC-2", "RPC-6", "ADP-68"],
                flags: ["Dedup"],
                comment: "A ping retried in the next session gets the same answer, byte for byte.",
                input: input([
                    step(EnvelopeFixture.request(id), 0), newSession(1), step(EnvelopeFixture.request(id), 2),
                ]),
                expect: .output([
                    "steps": [
                        reply(EnvelopeFixture.response(id)), ["expired": []], reply(EnvelopeFixture.response(id)),
                    ]
                ])
            ),
            Case(
                "two-sessions-back-forgotten",
                requires: ["RPC-2", "ADP-68"],
                flags: ["Dedup"],
                comment: "Only the previous session is remembered: after two new sessions the id is new again, "
                    + "even inside the window.",
                input: input([step(chat, 0), newSession(1), newSession(2), step(chat, 3)]),
                expect: .output(["steps": [dispatchA, ["expired": []], ["expired": []], dispatchA]])
            ),
            Case(
                "delayed-original-after-retry",
                requires: ["RPC-2", "ENV-5"],
                flags: ["Dedup"],
                comment: "Review R3-6: the device's retry (same id) arrives at 31 s and runs; the relay delivers "
                    + "the held original 23 hours later in the same session: not run again.",
                input: input([step(chat, 31_000), step(chat, 23 * 3_600_000)]),
                expect: .output(["steps": [dispatchA, errorReply(a, "duplicate_request_id")]])
            ),
        ]
    }

    /// What gets no answer, and a partial message that expires.
    private static var refusalCases: [Case] {
        [
            Case(
                "malformed-silent",
                requires: ["RPC-3", "ENV-6", "ENV-10"],
                flags: ["Silent"],
                comment: "A request without method gets missing_field and no answer; the id is not used up.",
                input: input([
                    step("{\"requestId\":\"\(a)\",\"kind\":\"request\",\"seq\":0,\"payload\":{}}"), step(chat, 1),
                ]),
                expect: .steps(["missing_field", nil])
            ),
            Case(
                "response-at-core",
                requires: ["ENV-1", "ENV-6"],
                flags: ["Silent"],
                comment: "A response sent to the core is unexpected_kind, nothing sent.",
                input: input([step(EnvelopeFixture.response(a))]),
                expect: .steps(["unexpected_kind"])
            ),
            Case(
                "partial-expires",
                requires: ["CHUNK-5"],
                flags: ["Chunked"],
                comment:
                    "A chunked request not completed in 30,000 ms expires; its late last chunk starts nothing "
                    + "(first_chunk_missing, suite 2.4); its id was never run, so it may come again.",
                input: input([stepBytes(chunks[0], 0), stepBytes(chunks[1], 30_001), stepBytes(chunks[0], 30_002)]),
                expect: .steps([nil, "first_chunk_missing", nil])
            ),
        ]
    }

    private static func step(_ text: String, _ now: Int64 = 0) -> JSONValue {
        ["plaintext": EnvelopeFixture.hex(text), "now": .int(now)]
    }
    private static func stepBytes(_ bytes: [UInt8], _ now: Int64 = 0) -> JSONValue {
        ["plaintext": .hex(bytes), "now": .int(now)]
    }
    private static func input(_ steps: [JSONValue], grant: JSONValue = Self.grant) -> JSONValue {
        ["grant": grant, "methods": methods, "steps": .array(steps)]
    }
    private static func reply(_ text: String) -> JSONValue { ["reply": [EnvelopeFixture.hex(text)], "expired": []] }
    private static func errorReply(_ rid: String, _ code: String) -> JSONValue {
        reply(EnvelopeFixture.envelope(rid, kind: "error", payload: "\"\(code)\""))
    }

    /// RPC-2's bound of 2^20 requests per session, reached with `pingMany` (ADP-65). The request
    /// that fills the session is answered; the next is `too_many_requests`; a used id is still a
    /// duplicate first, since the memory is checked before the bound.
    private static func addRequestBound(_ file: inout VectorFileBuilder, options: GenerationOptions) throws {
        func step(_ text: String, _ now: Int64) -> JSONValue {
            ["plaintext": EnvelopeFixture.hex(text), "now": .int(now)]
        }
        func many(_ prefix: String, _ count: Int, _ now: Int64) -> JSONValue {
            ["pingMany": ["prefix": .string(prefix), "count": .int(Int64(count))], "now": .int(now)]
        }
        func input(_ steps: [JSONValue]) -> JSONValue { ["grant": [], "methods": [], "steps": .array(steps)] }
        func request(_ id: String) -> String { EnvelopeFixture.request(id) }
        func reply(_ id: String) -> JSONValue {
            ["reply": [EnvelopeFixture.hex(EnvelopeFixture.response(id))], "expired": []]
        }
        func refused(_ code: String) -> JSONValue { ["error": .string(code), "expired": []] }

        try file.add(
            "ping-many-ids",
            operation: "envelope-core",
            requirements: ["ADP-65", "RPC-2"],
            comment: "pingMany with prefix p and count 3 sends p0, p1 and p2: p2 again is a duplicate, answered "
                + "as before (suite 2.3: refused), p3 is new.",
            flags: ["Dedup"],
            input: input([many("p", 3, 0), step(request("p2"), 1), step(request("p3"), 2)]),
            expect: .output(["steps": [["accepted": 3, "expired": []], reply("p2"), reply("p3")]])
        )
        let bound = EnvelopeLimits.standard.maximumRequests
        try file.add(
            "request-bound-preset",
            operation: "envelope-core",
            requirements: ["RPC-2", "ADP-66"],
            comment: "A session that has accepted \(bound - 2) requests (acceptedBefore): request \(bound - 1) and "
                + "request \(bound) are answered, request \(bound + 1) is too_many_requests and answered nothing; "
                + "the fast form of request-bound.",
            flags: ["Dedup", "Silent"],
            input: [
                "grant": [], "methods": [], "acceptedBefore": .int(Int64(bound - 2)),
                "steps": [step(request("x"), 0), step(request("y"), 1), step(request("z"), 2)],
            ],
            expect: .output(["steps": [reply("x"), reply("y"), refused("too_many_requests")]])
        )
        let known: JSONValue = [
            "steps": [
                ["accepted": .int(Int64(bound - 1)), "expired": []], reply("last"),
                refused("too_many_requests"), reply("last"),
                ["accepted": 0, "error": "too_many_requests", "expired": []],
            ]
        ]
        try file.add(
            "request-bound",
            operation: "envelope-core",
            requirements: ["RPC-2", "ADP-65"],
            comment: "After \(bound - 1) requests the \(bound)th is answered; the next is too_many_requests and "
                + "answered nothing, a used id is still answered as before (suite 2.3: duplicate_request_id), "
                + "and no later request is accepted.",
            flags: ["Dedup", "Silent", Flag.slow],
            input: input([
                many("a", bound - 1, 0), step(request("last"), 1), step(request("over"), 2),
                step(request("last"), 3), many("b", 1, 4),
            ]),
            precomputed: options.computeSlow ? nil : .output(known),
            expect: .output(known)
        )
    }
}
