/// The cases of `vectors/relay.json`, by rule. Step indices in `expect` count from 0; `S.paired()`
/// is three steps: register, the core's connect, and the device's pairing connect at start + 1.
enum RelayCases {
    typealias S = RelaySteps
    typealias Case = RelayVectors.Case
    static let t = S.start
    static let a = S.Channel.a, b = S.Channel.b

    static var all: [Case] {
        pairing + registration + expiry + credentials + eviction + frames + limits + revocation + signals + refusals
    }

    static let joined = ["phone tunnel:connected", "phone tunnel:peer-status true", "core tunnel:peer-status true"]

    static var pairing: [Case] {
        [
            Case(
                name: "register-and-pair",
                requirements: ["RELAY-1", "RELAY-6", "RELAY-9", "ADP-70"],
                flag: "Pairing",
                comment:
                    "Registration answers by ack; the core joins alone (peer offline); the device pairs and both learn the other is online.",
                steps: S.paired(),
                expect: [0: ["core ack"], 1: ["core tunnel:connected", "core tunnel:peer-status false"], 2: joined]
            ),
            Case(
                name: "pairing-token-reused-after-disconnect",
                requirements: ["RELAY-2"],
                flag: "Pairing",
                comment:
                    "A token used once is refused to a second device even after the first one left: pairing_token_used.",
                steps: S.paired() + [S.disconnect("phone", now: t + 2), S.pair("thief", a, now: t + 3)],
                expect: [3: ["core tunnel:peer-status false"], 4: ["thief tunnel:error pairing_token_used"]]
            ),
            Case(
                name: "pairing-token-reused-while-connected",
                requirements: ["RELAY-2", "RELAY-17"],
                flag: "Pairing",
                comment: "A stolen token used while the device is joined is refused and the device keeps its place.",
                steps: S.paired() + [S.pair("thief", a, now: t + 2), S.frame("core", a.id, "AQ", now: t + 3)],
                expect: [3: ["thief tunnel:error pairing_token_used"], 4: ["phone tunnel:frame"]]
            ),
            Case(
                name: "wrong-pairing-token",
                requirements: ["RELAY-5", "RELAY-17"],
                flag: "Pairing",
                comment: "Another channel's token is bad_credential, and the right token still pairs after it.",
                steps: [
                    S.register("core", a, now: t), S.connectCore("core", a.id, now: t),
                    S.pair("thief", a.id, token: b.token, mintFor: b, now: t + 1), S.pair("phone", a, now: t + 2),
                ],
                expect: [2: ["thief tunnel:error bad_credential"], 3: joined]
            ),
            Case(
                name: "unknown-channel",
                requirements: ["RELAY-5"],
                flag: "Pairing",
                comment: "A device connect to a channel that was never registered is unknown_channel.",
                steps: [S.pair("phone", a, now: t)],
                expect: [0: ["phone tunnel:error unknown_channel"]]
            ),
            Case(
                name: "register-without-account",
                requirements: ["RELAY-1", "RELAY-17"],
                flag: "Pairing",
                comment:
                    "A connection without an account cannot register: the ack refuses with not_channel_owner and no channel exists.",
                steps: [S.register("phone", a, now: t, account: nil), S.pair("phone", a, now: t)],
                expect: [0: ["phone ack not_channel_owner"], 1: ["phone tunnel:error unknown_channel"]]
            ),
        ]
    }

    static var expiry: [Case] {
        [(599, "one-second-before"), (600, "at")].map { offset, label in
            Case(
                name: "pairing-token-\(label)-expiry",
                requirements: ["RELAY-1", "RELAY-2"],
                flag: "Expiry",
                comment:
                    "Registered at t, the token is accepted at t + \(offset) (the expiry second itself is still valid).",
                steps: [
                    S.register("core", a, now: t), S.connectCore("core", a.id, now: t),
                    S.pair("phone", a, now: t + offset),
                ],
                expect: [2: joined]
            )
        } + [
            Case(
                name: "pairing-token-one-second-after-expiry",
                requirements: ["RELAY-1", "RELAY-2"],
                flag: "Expiry",
                comment: "Registered at t, the token is refused at t + 601 with pairing_token_expired.",
                steps: [
                    S.register("core", a, now: t), S.connectCore("core", a.id, now: t),
                    S.pair("phone", a, now: t + 601),
                ],
                expect: [2: ["phone tunnel:error pairing_token_expired"]]
            )
        ]
    }

    static var credentials: [Case] {
        [
            Case(
                name: "reconnect-with-credential",
                requirements: ["RELAY-6"],
                flag: "Credential",
                comment:
                    "After pairing, a new connection with the minted credential joins; tunnel:connected carries no new credential.",
                steps: S.paired() + [
                    S.disconnect("phone", now: t + 2),
                    S.reconnect("phone2", a.id, credential: a.credential, now: t + 3),
                ],
                expect: [
                    4: ["phone2 tunnel:connected", "phone2 tunnel:peer-status true", "core tunnel:peer-status true"]
                ]
            ),
            Case(
                name: "account-token-is-not-a-credential",
                requirements: ["RELAY-7"],
                flag: "Credential",
                comment:
                    "A value the relay did not mint (the user's session token) is bad_credential, however well formed.",
                steps: S.paired() + [
                    S.disconnect("phone", now: t + 2),
                    S.reconnect("phone2", a.id, credential: "userSessionJwtAAAAAAAAAAAAAAAAAAA", now: t + 3),
                ],
                expect: [4: ["phone2 tunnel:error bad_credential"]]
            ),
            Case(
                name: "credential-before-pairing",
                requirements: ["RELAY-5", "RELAY-7"],
                flag: "Credential",
                comment: "Before any pairing no credential exists, so every credential is bad_credential.",
                steps: [
                    S.register("core", a, now: t), S.reconnect("phone", a.id, credential: a.credential, now: t + 1),
                ],
                expect: [1: ["phone tunnel:error bad_credential"]]
            ),
            Case(
                name: "credential-of-another-channel",
                requirements: ["RELAY-6", "RELAY-7"],
                flag: "Isolation",
                comment: "Channel b's credential does not open channel a: it is scoped to its channel.",
                steps: S.paired(a) + S.paired(b, core: "core", device: "phoneB")
                    + [S.reconnect("thief", a.id, credential: b.credential, now: t + 2)],
                expect: [6: ["thief tunnel:error bad_credential"]]
            ),
            Case(
                name: "core-of-another-account",
                requirements: ["RELAY-4"],
                flag: "Credential",
                comment: "A core connect from another account, or to an unknown channel, is not_channel_owner alike.",
                steps: [
                    S.register("core", a, now: t), S.connectCore("evil", a.id, now: t, account: S.otherAccount),
                    S.connectCore("evil", b.id, now: t, account: S.otherAccount),
                    S.connectCore("phone", a.id, now: t, account: nil),
                ],
                expect: [
                    1: ["evil tunnel:error not_channel_owner"], 2: ["evil tunnel:error not_channel_owner"],
                    3: ["phone tunnel:error not_channel_owner"],
                ]
            ),
        ]
    }

    static var eviction: [Case] {
        [
            Case(
                name: "second-device-evicts-first",
                requirements: ["RELAY-8", "RELAY-9", "RELAY-11"],
                flag: "Eviction",
                comment:
                    "A second device connection evicts the first (evicted first, then connected), and frames go to the new one only.",
                steps: S.paired() + [
                    S.reconnect("phone2", a.id, credential: a.credential, now: t + 2),
                    S.frame("core", a.id, "AQ", now: t + 3), S.frame("phone", a.id, "Ag", now: t + 3),
                    S.disconnect("phone", now: t + 4),
                ],
                expect: [
                    3: [
                        "phone tunnel:evicted", "phone2 tunnel:connected", "phone2 tunnel:peer-status true",
                        "core tunnel:peer-status true",
                    ],
                    4: ["phone2 tunnel:frame"], 5: ["phone tunnel:error not_joined"], 6: [],
                ]
            ),
            Case(
                name: "second-core-evicts-first",
                requirements: ["RELAY-8", "RELAY-9"],
                flag: "Eviction",
                comment: "A restarted core's new connection evicts the old one; the device hears it online.",
                steps: S.paired() + [
                    S.connectCore("core2", a.id, now: t + 2), S.frame("phone", a.id, "AQ", now: t + 3),
                ],
                expect: [
                    3: [
                        "core tunnel:evicted", "core2 tunnel:connected", "core2 tunnel:peer-status true",
                        "phone tunnel:peer-status true",
                    ], 4: ["core2 tunnel:frame"],
                ]
            ),
            Case(
                name: "device-connection-joins-once",
                requirements: ["RELAY-8"],
                flag: "Eviction",
                comment: "A device connection cannot join again or join a second channel: already_joined.",
                steps: S.paired(a) + [
                    S.register("core", b, now: t), S.reconnect("phone", a.id, credential: a.credential, now: t + 2),
                    S.pair("phone", b, now: t + 2),
                ],
                expect: [4: ["phone tunnel:error already_joined"], 5: ["phone tunnel:error already_joined"]]
            ),
            Case(
                name: "core-connection-serves-two-channels",
                requirements: ["RELAY-8", "RELAY-11"],
                flag: "Isolation",
                comment:
                    "One core connection joins two channels; each device's frame reaches the core under its own channel only.",
                steps: S.paired(a) + S.paired(b, core: "core", device: "phoneB")
                    + [
                        S.frame("phoneB", b.id, "AQ", now: t + 2), S.frame("core", a.id, "Ag", now: t + 2),
                        S.frame("phoneB", a.id, "Aw", now: t + 2),
                    ],
                expect: [6: ["core tunnel:frame"], 7: ["phone tunnel:frame"], 8: ["phoneB tunnel:error not_joined"]]
            ),
        ]
    }

    static var frames: [Case] {
        [
            Case(
                name: "frames-forwarded-unchanged",
                requirements: ["RELAY-11"],
                flag: "Isolation",
                comment:
                    "A frame each way reaches the peer with the same channelId and payload (not even decoded: '!' is forwarded).",
                steps: S.paired() + [
                    S.frame("phone", a.id, "A-_x", now: t + 2), S.frame("core", a.id, "not base64url!", now: t + 2),
                ],
                expect: [3: ["core tunnel:frame"], 4: ["phone tunnel:frame"]]
            ),
            Case(
                name: "frame-without-peer",
                requirements: ["RELAY-14"],
                flag: "Signal",
                comment: "A frame while the peer is not joined is dropped and answered peer_offline.",
                steps: [
                    S.register("core", a, now: t), S.connectCore("core", a.id, now: t),
                    S.frame("core", a.id, "AQ", now: t),
                ],
                expect: [2: ["core tunnel:error peer_offline"]]
            ),
            Case(
                name: "frame-from-outsider",
                requirements: ["RELAY-11"],
                flag: "Isolation",
                comment:
                    "A connection that never joined cannot send into a channel: not_joined, and nothing is delivered.",
                steps: S.paired() + [S.frame("outsider", a.id, "AQ", now: t + 2)],
                expect: [3: ["outsider tunnel:error not_joined"]]
            ),
        ]
    }

    static var limits: [Case] {
        [(65_535, "below"), (65_536, "at")].map { length, label in
            Case(
                name: "payload-\(label)-limit",
                requirements: ["RELAY-12"],
                flag: "Size",
                comment: "A payload of \(length) characters is forwarded.",
                steps: S.paired() + [S.frame("phone", a.id, String(repeating: "A", count: length), now: t + 2)],
                expect: [3: ["core tunnel:frame"]]
            )
        } + [
            Case(
                name: "payload-over-limit",
                requirements: ["RELAY-12"],
                flag: "Size",
                comment: "A payload of 65,537 characters is frame_too_large and not forwarded.",
                steps: S.paired() + [S.frame("phone", a.id, String(repeating: "A", count: 65_537), now: t + 2)],
                expect: [3: ["phone tunnel:error frame_too_large"]]
            ),
            Case(
                name: "rate-limit",
                requirements: ["RELAY-13"],
                flag: "Rate",
                comment:
                    "100 frames in one second are forwarded, the 101st is rate_limited, and the next second is open again.",
                steps: S.paired() + (0..<101).map { _ in S.frame("phone", a.id, "AQ", now: t + 2) }
                    + [S.frame("phone", a.id, "AQ", now: t + 3)],
                expect: [
                    3: ["core tunnel:frame"], 102: ["core tunnel:frame"], 103: ["phone tunnel:error rate_limited"],
                    104: ["core tunnel:frame"],
                ]
            ),
            Case(
                name: "rate-limit-per-channel",
                requirements: ["RELAY-13", "RELAY-8"],
                flag: "Rate",
                comment:
                    "A core connection serving two channels may send 100 frames on each in one second; the 101st on a is refused.",
                steps: S.paired(a) + S.paired(b, core: "core", device: "phoneB")
                    + (0..<100).flatMap { _ in
                        [S.frame("core", a.id, "AQ", now: t + 2), S.frame("core", b.id, "AQ", now: t + 2)]
                    }
                    + [S.frame("core", a.id, "AQ", now: t + 2)],
                expect: [
                    204: ["phone tunnel:frame"], 205: ["phoneB tunnel:frame"], 206: ["core tunnel:error rate_limited"],
                ]
            ),
            Case(
                name: "peer-offline-frames-count",
                requirements: ["RELAY-13", "RELAY-14", "RELAY-17"],
                flag: "Rate",
                comment:
                    "A frame answered peer_offline was accepted and counts (RELAY-17's exception): after 100 of them in one "
                    + "second the 101st is rate_limited, and the next second is open again.",
                steps: [S.register("core", a, now: t), S.connectCore("core", a.id, now: t)]
                    + (0..<101).map { _ in S.frame("core", a.id, "AQ", now: t + 1) }
                    + [S.frame("core", a.id, "AQ", now: t + 2)],
                expect: [
                    2: ["core tunnel:error peer_offline"], 101: ["core tunnel:error peer_offline"],
                    102: ["core tunnel:error rate_limited"], 103: ["core tunnel:error peer_offline"],
                ]
            ),
            Case(
                name: "peer-offline-frames-count-with-forwarded",
                requirements: ["RELAY-13", "RELAY-14", "RELAY-17"],
                flag: "Rate",
                comment:
                    "60 frames answered peer_offline and 40 forwarded after the device pairs in the same second are the "
                    + "second's 100: the next is rate_limited.",
                steps: [S.register("core", a, now: t), S.connectCore("core", a.id, now: t)]
                    + (0..<60).map { _ in S.frame("core", a.id, "AQ", now: t + 1) }
                    + [S.pair("phone", a, now: t + 1)]
                    + (0..<41).map { _ in S.frame("core", a.id, "AQ", now: t + 1) },
                expect: [
                    61: ["core tunnel:error peer_offline"], 62: joined, 63: ["phone tunnel:frame"],
                    102: ["phone tunnel:frame"], 103: ["core tunnel:error rate_limited"],
                ]
            ),
            Case(
                name: "refused-frames-do-not-count",
                requirements: ["RELAY-13", "RELAY-17"],
                flag: "Rate",
                comment:
                    "Frames refused as too large do not use up the second's 100: the 100 valid frames after them are all forwarded.",
                steps: S.paired() + [S.frame("phone", a.id, String(repeating: "A", count: 65_537), now: t + 2)]
                    + (0..<100).map { _ in S.frame("phone", a.id, "AQ", now: t + 2) },
                expect: [3: ["phone tunnel:error frame_too_large"], 103: ["core tunnel:frame"]]
            ),
        ]
    }

    /// Channel `index` of one account's many: ids `chP0`, `chP1`, ... with their own token.
    static func pending(_ index: Int) -> S.Channel {
        let digits = String(index)
        return S.Channel(
            id: "chP\(digits)",
            token: "pt" + String(repeating: "P", count: 30 - digits.count) + digits,
            credential: "dc" + String(repeating: "P", count: 30 - digits.count) + digits
        )
    }

    static var registration: [Case] {
        [
            Case(
                name: "pending-channel-limit",
                requirements: ["RELAY-20", "RELAY-1"],
                flag: "Pairing",
                comment:
                    "An account owns at most 100 pending channels: the 101st registration is tunnel_limit_reached; a paired "
                    + "channel frees a place, and so does an expired token (the channels of t expire after t + 600).",
                steps: (0..<101).map { S.register("core", pending($0), now: t) }
                    + [
                        S.pair("phone", pending(0), now: t + 1), S.register("core", pending(101), now: t + 1),
                        S.register("core", pending(102), now: t + 1), S.register("core", pending(103), now: t + 600),
                        S.register("core", pending(104), now: t + 601),
                    ],
                expect: [
                    0: ["core ack"], 99: ["core ack"], 100: ["core ack tunnel_limit_reached"],
                    101: ["phone tunnel:connected", "phone tunnel:peer-status false"], 102: ["core ack"],
                    103: ["core ack tunnel_limit_reached"], 104: ["core ack tunnel_limit_reached"], 105: ["core ack"],
                ]
            )
        ]
    }

    static var revocation: [Case] {
        [
            Case(
                name: "core-revokes-device",
                requirements: ["RELAY-15"],
                flag: "Revocation",
                comment:
                    "The core revokes: device then core hear tunnel:revoked; the credential, the token and the core's rejoin are channel_revoked.",
                steps: S.paired() + [
                    S.revoke("core", a.id, now: t + 2),
                    S.reconnect("phone2", a.id, credential: a.credential, now: t + 3), S.pair("phone3", a, now: t + 3),
                    S.connectCore("core2", a.id, now: t + 3), S.frame("core", a.id, "AQ", now: t + 3),
                ],
                expect: [
                    3: ["phone tunnel:revoked", "core tunnel:revoked"], 4: ["phone2 tunnel:error channel_revoked"],
                    5: ["phone3 tunnel:error channel_revoked"], 6: ["core2 tunnel:error channel_revoked"],
                    7: ["core tunnel:error not_joined"],
                ]
            ),
            Case(
                name: "device-revokes",
                requirements: ["RELAY-15"],
                flag: "Revocation",
                comment: "The device forgets the desktop: both hear tunnel:revoked and the device cannot come back.",
                steps: S.paired() + [
                    S.revoke("phone", a.id, now: t + 2),
                    S.reconnect("phone2", a.id, credential: a.credential, now: t + 3),
                ],
                expect: [
                    3: ["phone tunnel:revoked", "core tunnel:revoked"], 4: ["phone2 tunnel:error channel_revoked"],
                ]
            ),
            Case(
                name: "outsider-cannot-revoke",
                requirements: ["RELAY-15", "RELAY-17"],
                flag: "Revocation",
                comment:
                    "A connection not joined to the channel cannot revoke it: not_joined, and the pair still exchanges frames.",
                steps: S.paired() + [S.revoke("outsider", a.id, now: t + 2), S.frame("core", a.id, "AQ", now: t + 2)],
                expect: [3: ["outsider tunnel:error not_joined"], 4: ["phone tunnel:frame"]]
            ),
        ]
    }

    static var signals: [Case] {
        [
            Case(
                name: "disconnect-tells-peer",
                requirements: ["RELAY-10"],
                flag: "Signal",
                comment:
                    "A device disconnecting sends the core peer-status false; a connection never joined sends nothing.",
                steps: S.paired() + [S.disconnect("phone", now: t + 2), S.disconnect("stranger", now: t + 2)],
                expect: [3: ["core tunnel:peer-status false"], 4: []]
            ),
            Case(
                name: "session-lost-forwarded",
                requirements: ["RELAY-16"],
                flag: "Signal",
                comment: "The core's tunnel:session-lost reaches the device; without a device it is dropped silently.",
                steps: S.paired() + [
                    S.sessionLost("core", a.id, now: t + 2), S.disconnect("phone", now: t + 3),
                    S.sessionLost("core", a.id, now: t + 4),
                ],
                expect: [3: ["phone tunnel:session-lost"], 5: []]
            ),
            Case(
                name: "session-lost-members-not-forwarded",
                requirements: ["RELAY-16", "SIG-1"],
                flag: "Signal",
                comment:
                    "A member the schema does not name is ignored by the relay (SIG-1): the device gets tunnel:session-lost with "
                    + "channelId alone, as it gets a frame with channelId and payload alone (RELAY-11).",
                steps: S.paired() + [
                    S.raw("core", "tunnel:session-lost", ["channelId": "chA", "reason": "restarted"], now: t + 2),
                    S.raw("core", "tunnel:frame", ["channelId": "chA", "payload": "AQ", "seq": 7], now: t + 2),
                ],
                expect: [3: ["phone tunnel:session-lost"], 4: ["phone tunnel:frame"]]
            ),
            Case(
                name: "session-lost-only-from-core",
                requirements: ["RELAY-16"],
                flag: "Signal",
                comment: "A device cannot send tunnel:session-lost: not_joined (it is not the channel's core).",
                steps: S.paired() + [S.sessionLost("phone", a.id, now: t + 2)],
                expect: [3: ["phone tunnel:error not_joined"]]
            ),
        ]
    }

    static var refusals: [Case] {
        [
            Case(
                name: "relay-only-event-refused",
                requirements: ["SIG-2", "RELAY-17"],
                flag: "Refusal",
                comment:
                    "An endpoint sending tunnel:connected, or an unknown event, gets bad_request and nothing changes.",
                steps: S.paired() + [
                    S.raw("phone", "tunnel:connected", ["channelId": "chA", "role": "core"], now: t + 2),
                    S.raw("phone", "tunnel:join", ["channelId": "chA"], now: t + 2),
                    S.frame("phone", a.id, "AQ", now: t + 2),
                ],
                expect: [
                    3: ["phone tunnel:error bad_request"], 4: ["phone tunnel:error bad_request"],
                    5: ["core tunnel:frame"],
                ]
            ),
            Case(
                name: "malformed-arguments-refused",
                requirements: ["SIG-1", "RELAY-5", "ADP-70"],
                flag: "Refusal",
                comment:
                    "A channelId outside the alphabet, a token and a credential together, a short token, a numeric payload: bad_request.",
                steps: S.paired() + [
                    S.raw(
                        "x",
                        "tunnel:connect",
                        ["channelId": "ch/A", "role": "client", "deviceCredential": .string(a.credential)],
                        now: t + 2
                    ),
                    S.raw(
                        "x",
                        "tunnel:connect",
                        [
                            "channelId": "chA", "role": "client", "pairingToken": .string(a.token),
                            "deviceCredential": .string(a.credential),
                        ],
                        now: t + 2
                    ),
                    S.raw(
                        "x",
                        "tunnel:connect",
                        ["channelId": "chA", "role": "client", "pairingToken": "short"],
                        now: t + 2
                    ),
                    S.raw("phone", "tunnel:frame", ["channelId": "chA", "payload": 1], now: t + 2),
                    S.raw("x", "tunnel:connect", ["channelId": "chA", "role": "client"], now: t + 2),
                ],
                expect: [
                    3: ["x tunnel:error bad_request"], 4: ["x tunnel:error bad_request"],
                    5: ["x tunnel:error bad_request"],
                    6: ["phone tunnel:error bad_request"], 7: ["x tunnel:error bad_request"],
                ]
            ),
        ]
    }
}
