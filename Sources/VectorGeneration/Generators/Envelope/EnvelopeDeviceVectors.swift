import VectorFormat

/// `vectors/envelope-device.json`: the device's pending requests on one session (RPC-4, RPC-5,
/// STREAM-2, ENV-5, ENV-8): answers find their request once, deadlines on the input clock,
/// stream order, and chunks of answers nobody awaits.
enum EnvelopeDeviceVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "envelope-device",
            description: "The device's side of requests: send (encode and split), receive (correlate by request id), "
                + "and the passing of time (deadlines, stream deadlines, partial messages).",
            flags: [
                "Late": Flag(
                    description: "An answer for no pending request.",
                    bug: "A late or replayed answer delivered to the application."
                ),
                "Deadline": Flag(
                    description: "A deadline at or just past its boundary.",
                    bug: "A call that never ends, or an off-by-one deadline."
                ),
                "Stream": Flag(
                    description: "Stream envelopes in or out of order.",
                    bug: "A stream that hangs or accepts gaps."
                ),
                "Chunked": Flag(description: "An answer in chunks.", bug: "Buffering chunks of answers nobody awaits."),
            ]
        )
        try file.add(requestCases + streamCases + answerCases + relayEventCases, operation: "envelope-device")
        return try file.build()
    }

    private static let id = EnvelopeFixture.pingID, a = EnvelopeFixture.id(2)
    private static let response = EnvelopeFixture.response(id)

    /// Requests answered once, and their deadlines on the input clock.
    private static var requestCases: [Case] {
        [
            Case(
                "ping-round-trip",
                requires: ["ADP-64", "RPC-4", "ENV-2"],
                flags: ["Late"],
                comment:
                    "The ping of chapter 10 is sent and its response delivered once; the same response again is unknown_request.",
                input: input([send(id), receive(response), receive(response, 2)]),
                expect: .output([
                    "steps": [
                        [
                            "plaintexts": [EnvelopeFixture.hex(EnvelopeFixture.request(id))], "timedOut": [],
                            "expired": [],
                        ],
                        [
                            "event": ["requestId": .string(id), "kind": "response", "payload": ["ok": true]],
                            "timedOut": [], "expired": [],
                        ],
                        ["error": "unknown_request", "timedOut": [], "expired": []],
                    ]
                ])
            ),
            Case(
                "never-sent",
                requires: ["RPC-4", "ENV-10"],
                flags: ["Late"],
                comment: "A response for a request never sent is unknown_request.",
                input: input([receive(response)]),
                expect: .steps(["unknown_request"])
            ),
            Case(
                "id-reused",
                requires: ["ENV-5", "ENV-10"],
                comment: "A request under a pending id is refused (one action is never in flight twice); after "
                    + "the answer the id may be sent again, a retry (suite 2.3: refused).",
                input: input([send(id), send(id, 1), receive(response, 2), send(id, 3)]),
                expect: .steps([nil, "duplicate_request_id", nil, nil])
            ),
            Case(
                "retry-after-timeout",
                requires: ["ENV-5", "RPC-5"],
                flags: ["Deadline"],
                comment: "A request that timed out is retried under its own id: the same plaintext is sent again "
                    + "and the late answer completes the retry.",
                input: input([
                    send(a, method: "companion.chat", timeout: 30_000), tick(30_001),
                    send(a, method: "companion.chat", timeout: 30_000, 31_000),
                    receive(EnvelopeFixture.response(a), 31_001),
                ]),
                expect: .output([
                    "steps": [
                        [
                            "plaintexts": [EnvelopeFixture.hex(EnvelopeFixture.request(a, method: "companion.chat"))],
                            "timedOut": [], "expired": [],
                        ],
                        ["timedOut": [.string(a)], "expired": []],
                        [
                            "plaintexts": [EnvelopeFixture.hex(EnvelopeFixture.request(a, method: "companion.chat"))],
                            "timedOut": [], "expired": [],
                        ],
                        [
                            "event": ["requestId": .string(a), "kind": "response", "payload": ["ok": true]],
                            "timedOut": [], "expired": [],
                        ],
                    ]
                ])
            ),
            Case(
                "deadline-boundary",
                requires: ["RPC-5"],
                flags: ["Deadline", "Late"],
                comment:
                    "With timeout 5,000 ms the request is pending at 5,000 and times out at 5,001; its late response is unknown_request.",
                input: input([send(id, timeout: 5_000), tick(5_000), tick(5_001), receive(response, 5_002)]),
                expect: .output([
                    "steps": [
                        [
                            "plaintexts": [EnvelopeFixture.hex(EnvelopeFixture.request(id))], "timedOut": [],
                            "expired": [],
                        ],
                        ["timedOut": [], "expired": []], ["timedOut": [.string(id)], "expired": []],
                        ["error": "unknown_request", "timedOut": [], "expired": []],
                    ]
                ])
            ),
        ]
    }

    /// Streams in and out of order, and the deadline a stream-chunk moves.
    private static var streamCases: [Case] {
        let chunk0 = EnvelopeFixture.envelope(a, kind: "stream-chunk", seq: 0, payload: "\"he\"")
        let chunk1 = EnvelopeFixture.envelope(a, kind: "stream-chunk", seq: 1, payload: "\"llo\"")
        let end2 = EnvelopeFixture.envelope(a, kind: "stream-end", seq: 2, payload: "null")
        return [
            Case(
                "stream-in-order",
                requires: ["STREAM-2", "STREAM-1"],
                flags: ["Stream"],
                comment: "stream-chunk 0, 1 and stream-end 2 are delivered; the request is then complete.",
                input: input([
                    send(a, method: "companion.chat", stream: true), receive(chunk0), receive(chunk1), receive(end2),
                    receive(chunk1, 3),
                ]),
                expect: .steps([nil, nil, nil, nil, "unknown_request"])
            ),
            Case(
                "stream-gap",
                requires: ["STREAM-2", "ENV-10"],
                flags: ["Stream"],
                comment:
                    "stream-chunk 1 before 0 fails the request with stream_out_of_order; later envelopes are unknown_request.",
                input: input([send(a, method: "companion.chat", stream: true), receive(chunk1), receive(chunk0)]),
                expect: .steps([nil, "stream_out_of_order", "unknown_request"])
            ),
            Case(
                "stream-end-early",
                requires: ["STREAM-2"],
                flags: ["Stream"],
                comment: "stream-end 2 after one stream-chunk is stream_out_of_order.",
                input: input([send(a, method: "companion.chat", stream: true), receive(chunk0), receive(end2)]),
                expect: .steps([nil, nil, "stream_out_of_order"])
            ),
            Case(
                "not-streaming",
                requires: ["STREAM-2", "ENV-10"],
                flags: ["Stream"],
                comment: "A stream-chunk for a request without stream is not_streaming and ends the request.",
                input: input([send(a, method: "companion.chat"), receive(chunk0), receive(EnvelopeFixture.response(a))]
                ),
                expect: .steps([nil, "not_streaming", "unknown_request"])
            ),
            Case(
                "stream-answered-whole",
                requires: ["STREAM-2"],
                flags: ["Stream"],
                comment: "A stream request answered by one response is complete (a core that does not stream).",
                input: input([
                    send(a, method: "companion.chat", stream: true),
                    receive(EnvelopeFixture.response(a, payload: "\"hello\"")),
                ]),
                expect: .steps([nil, nil])
            ),
            Case(
                "stream-deadline-moves",
                requires: ["RPC-5"],
                flags: ["Stream", "Deadline"],
                comment:
                    "A stream-chunk at 900 ms moves the 1,000 ms deadline to 1,900: pending at 1,900, timed out at 1,901.",
                input: input([
                    send(a, method: "companion.chat", stream: true, timeout: 1_000), receive(chunk0, 900), tick(1_900),
                    tick(1_901),
                ]),
                expect: .output([
                    "steps": [
                        [
                            "plaintexts": [
                                EnvelopeFixture.hex(
                                    "{\"requestId\":\"\(a)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"companion.chat\",\"params\":{},\"stream\":true}}"
                                )
                            ],
                            "timedOut": [], "expired": [],
                        ],
                        [
                            "event": ["requestId": .string(a), "kind": "stream-chunk", "seq": 0, "payload": "he"],
                            "timedOut": [], "expired": [],
                        ],
                        ["timedOut": [], "expired": []], ["timedOut": [.string(a)], "expired": []],
                    ]
                ])
            ),
        ]
    }

    /// An error answer, answers in chunks, and a request sent in chunks.
    private static var answerCases: [Case] {
        let bigResponse = EnvelopeFixture.generated("device-answer", id: a, length: 50_000)
        let chunks = EnvelopeFixture.split(a, bigResponse)
        return [
            Case(
                "error-event",
                requires: ["ENV-8", "RPC-4"],
                comment: "An error answer is delivered with its code and detail and completes the request.",
                input: input([
                    send(a, method: "companion.chat"),
                    receive(EnvelopeFixture.envelope(a, kind: "error", payload: "\"method_not_allowed\"")),
                ]),
                expect: .output([
                    "steps": [
                        [
                            "plaintexts": [EnvelopeFixture.hex(EnvelopeFixture.request(a, method: "companion.chat"))],
                            "timedOut": [], "expired": [],
                        ],
                        [
                            "event": [
                                "requestId": .string(a), "kind": "error", "code": "method_not_allowed", "detail": nil,
                            ],
                            "timedOut": [], "expired": [],
                        ],
                    ]
                ])
            ),
            Case(
                "chunked-answer",
                requires: ["CHUNK-4", "CHUNK-6", "RPC-4"],
                flags: ["Chunked"],
                comment: "A 50,000-byte response in two chunks completes the pending request; its last chunk "
                    + "first starts nothing (first_chunk_missing, suite 2.4).",
                input: input([
                    send(a, method: "companion.chat"), receiveBytes(chunks[1]), receiveBytes(chunks[0], 2),
                    receiveBytes(chunks[1], 3),
                ]),
                expect: .steps([nil, "first_chunk_missing", nil, nil])
            ),
            partialLimitAfterPendingCase,
            Case(
                "chunk-not-awaited",
                requires: ["RPC-4", "CHUNK-4"],
                flags: ["Chunked", "Late"],
                comment: "The first chunk of an answer for no pending request is unknown_request and is not buffered.",
                input: input([receiveBytes(chunks[0])]),
                expect: .steps(["unknown_request"])
            ),
            Case(
                "large-request-split",
                requires: ["CHUNK-1", "CHUNK-2"],
                flags: ["Chunked"],
                comment: "A request above 49,111 bytes is sent as chunks in seq order.",
                input: input([
                    [
                        "send": [
                            "requestId": .string(a), "method": "companion.chat",
                            "params": .hex(Array(("\"" + String(repeating: "a", count: 59_900) + "\"").utf8)),
                            "timeout": 30_000,
                        ], "now": 0,
                    ]
                ]),
                expect: .valid
            ),
        ]
    }

    /// Section 11.6's order at the device: with 4 partial answers held, the first chunk of an
    /// answer nobody awaits is unknown_request (RPC-4 comes before the limit of CHUNK-4); the
    /// first chunk of a fifth pending request's answer is too_many_partials.
    private static var partialLimitAfterPendingCase: Case {
        let ids = (40..<45).map(EnvelopeFixture.id)
        let firsts = ids.map { rid in
            EnvelopeFixture.split(rid, EnvelopeFixture.generated("device-limit", id: rid, length: 50_000))[0]
        }
        let stranger = EnvelopeFixture.id(49)
        let strangerFirst = EnvelopeFixture.split(
            stranger,
            EnvelopeFixture.generated("device-limit", id: stranger, length: 50_000)
        )[0]
        return Case(
            "partial-limit-after-pending-check",
            requires: ["RPC-4", "CHUNK-4", "ENV-10"],
            flags: ["Chunked", "Late"],
            comment: "Four partial answers held: a chunk nobody awaits is unknown_request, not too_many_partials; "
                + "the first chunk of a fifth pending request's answer is too_many_partials.",
            input: input(
                ids.map { send($0, method: "companion.chat") } + firsts[0..<4].map { receiveBytes($0) } + [
                    receiveBytes(strangerFirst, 2), receiveBytes(firsts[4], 3),
                ]
            ),
            expect: .steps(
                [nil, nil, nil, nil, nil, nil, nil, nil, nil] + ["unknown_request", "too_many_partials"]
            )
        )
    }

    /// B8: relay events, forged or not, fail no pending request or stream (SIG-DEV-4).
    private static var relayEventCases: [Case] {
        let chunk0 = EnvelopeFixture.envelope(a, kind: "stream-chunk", seq: 0, payload: "\"he\"")
        let end1 = EnvelopeFixture.envelope(a, kind: "stream-end", seq: 1, payload: "null")
        let channel = "Zm9yZ2VkLWNoYW5uZWw"
        let events: [JSONValue] = [
            "peer_offline", "rate_limited", "frame_too_large", "not_joined", "bad_request",
        ].enumerated().map { index, code in
            signal("tunnel:error", ["code": code, "channelId": .string(channel)], Int64(10 + index))
        }
        return [
            Case(
                "relay-events-fail-nothing",
                requires: ["SIG-DEV-4", "RPC-4", "ADP-64"],
                flags: ["Late", "Stream"],
                comment:
                    "A request and a stream in flight, then tunnel:error with every per-frame code, a peer-status "
                    + "offline and a session-lost: nothing fails; the response and the stream are delivered.",
                input: input(
                    [send(id), send(a, method: "companion.chat", stream: true), receive(chunk0, 5)] + events + [
                        signal("tunnel:peer-status", ["channelId": .string(channel), "online": false], 20),
                        signal("tunnel:session-lost", ["channelId": .string(channel)], 21),
                        receive(response, 30), receive(end1, 31),
                    ]
                ),
                expect: .steps([nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil])
            ),
            Case(
                "relay-error-then-timeout",
                requires: ["SIG-DEV-4", "RPC-5"],
                flags: ["Deadline"],
                comment:
                    "A peer_offline for the request's frame fails nothing at once: the request times out at its "
                    + "deadline, as a frame lost in transit does.",
                input: input([
                    send(id, timeout: 5_000), signal("tunnel:error", ["code": "peer_offline"], 1), tick(5_000),
                    tick(5_001),
                ]),
                expect: .output([
                    "steps": [
                        [
                            "plaintexts": [EnvelopeFixture.hex(EnvelopeFixture.request(id))], "timedOut": [],
                            "expired": [],
                        ],
                        ["timedOut": [], "expired": []], ["timedOut": [], "expired": []],
                        ["timedOut": [.string(id)], "expired": []],
                    ]
                ])
            ),
        ]
    }

    private static func signal(_ event: String, _ data: JSONValue, _ now: Int64) -> JSONValue {
        ["signal": ["event": .string(event), "data": data], "now": .int(now)]
    }

    private static func send(
        _ rid: String,
        method: String = "openhuman.ping",
        stream: Bool = false,
        timeout: Int64 = 30_000,
        _ now: Int64 = 0
    ) -> JSONValue {
        [
            "send": [
                "requestId": .string(rid), "method": .string(method), "params": EnvelopeFixture.hex("{}"),
                "stream": .bool(stream), "timeout": .int(timeout),
            ], "now": .int(now),
        ]
    }

    private static func receive(_ text: String, _ now: Int64 = 1) -> JSONValue {
        ["receive": EnvelopeFixture.hex(text), "now": .int(now)]
    }
    private static func receiveBytes(_ bytes: [UInt8], _ now: Int64 = 1) -> JSONValue {
        ["receive": .hex(bytes), "now": .int(now)]
    }
    private static func tick(_ now: Int64) -> JSONValue { ["tick": true, "now": .int(now)] }
    private static func input(_ steps: [JSONValue]) -> JSONValue { ["steps": .array(steps)] }
}
