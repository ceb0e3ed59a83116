import OpenHumanTunnel
import Testing

/// The ack plaintext at the device (ACK-4 step 6). Every plaintext is sealed with the right
/// k_ack, so authentication passes and the JSON rule under test is the first check that can fail.
@Suite struct AckJSONTests {
    static let pairing = Pairing.named("ack json")
    static let required = #""kind":"handshake_ack","server_ephemeral_pubkey":"<S>""#

    static func check(
        _ plaintext: [UInt8],
        expected: TunnelError?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let ack = try pairing.core.sealAck(plaintext, for: pairing.device)
        if let expected {
            #expect(throws: expected, sourceLocation: sourceLocation) { try pairing.device.finish(ack) }
        } else {
            let keys = try pairing.device.finish(ack)
            // The session keys of the real core: same static and ephemeral secrets.
            var channel = Pairing.openPending
            #expect(
                keys == (try pairing.core.accept(pairing.device.start(), channel: &channel).keys),
                sourceLocation: sourceLocation
            )
        }
    }

    static func check(_ jsonCase: JSONCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(
            jsonCase.render(["<S>": Base64URL.encode(pairing.core.serverEphemeralPublic)]),
            expected: jsonCase.expected,
            sourceLocation: sourceLocation
        )
    }

    /// The positive control: the helper's ack is byte for byte the core's ack.
    // REQ: ACK-1, ACK-2, ACK-4
    @Test func theSendersExactFormIsAccepted() throws {
        var channel = Pairing.openPending
        let real = try Self.pairing.core.accept(Self.pairing.device.start(), channel: &channel).ack
        #expect(
            try Self.pairing.core.sealAck(Self.pairing.core.canonicalAckPlaintext, for: Self.pairing.device) == real
        )
        try Self.check(Self.pairing.core.canonicalAckPlaintext, expected: nil)
    }

    // REQ: JSON-1, JSON-5, JSON-7, ACK-4
    @Test(arguments: [
        JSONCase(#"{"server_ephemeral_pubkey":"<S>","kind":"handshake_ack"}"#, nil),
        JSONCase(" { \"kind\" :\t\"handshake_ack\" ,\r\n \"server_ephemeral_pubkey\" : \"<S>\" } ", nil),
        JSONCase(
            #"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","v":3,"extra":{"kind":"other","x":[true,null]}}"#,
            nil
        ),
        JSONCase(#"{"kind":"handshake\u005fack","server_ephemeral_pubkey":"<S>"}"#, nil),
        JSONCase(#"{"\u006bind":"\u0068andshake_ack","server\u005fephemeral_pubkey":"<S>"}"#, nil),
        JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","Kind":"other"}"#, nil),
    ])
    func acceptedForms(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    // REQ: ACK-4, JSON-3, JSON-7
    @Test(arguments: [
        JSONCase(#"{"server_ephemeral_pubkey":"<S>"}"#, .missingField("kind")),
        JSONCase(#"{"kind":"handshake_ack"}"#, .missingField("server_ephemeral_pubkey")),
        JSONCase("{}", .missingField("kind")),
        JSONCase(#"{"Kind":"handshake_ack","server_ephemeral_pubkey":"<S>"}"#, .missingField("kind")),
        JSONCase(#"{"server_ephemeral_pubkey":"<S>","extra":{"kind":"handshake_ack"}}"#, .missingField("kind")),
        JSONCase(#"{"kind":"handshake_ack","serverEphemeralPubkey":"<S>"}"#, .missingField("server_ephemeral_pubkey")),
    ])
    func missingMembers(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    /// `kind` not a string is a type error; a string of another value is a value error.
    // REQ: ACK-4, JSON-4
    @Test(arguments: nonStringValues)
    func aNonStringKindIsBadFieldType(value: String) throws {
        try Self.check(
            JSONCase(
                #"{"kind":\#(value.replacing("<K>", with: "handshake_ack")),"server_ephemeral_pubkey":"<S>"}"#,
                .badFieldType("kind")
            )
        )
    }

    // REQ: ACK-4
    @Test(arguments: [
        "", "handshake", "handshake_ack ", " handshake_ack", "Handshake_ack", "HANDSHAKE_ACK", "handshake-ack",
        "handshake_ack\\u0000", "handshake_ac", "handshake_acks", "request", "\\u0068andshake_acK",
    ])
    func aKindOfAnotherValueIsBadFieldValue(kind: String) throws {
        try Self.check(JSONCase(#"{"kind":"\#(kind)","server_ephemeral_pubkey":"<S>"}"#, .badFieldValue("kind")))
    }

    // REQ: ACK-4, JSON-4
    @Test(arguments: nonStringValues)
    func aNonStringServerEphemeralKeyIsBadFieldType(value: String) throws {
        try Self.check(
            JSONCase(
                #"{"kind":"handshake_ack","server_ephemeral_pubkey":\#(value.replacing("<K>", with: "<S>"))}"#,
                .badFieldType("server_ephemeral_pubkey")
            )
        )
    }

    // REQ: ACK-4, JSON-6, ENC-1, ENC-3
    @Test(arguments: KeyTextDamage.allCases)
    func aDamagedServerEphemeralKeyText(damage: KeyTextDamage) throws {
        let text = damage.apply(to: Base64URL.encode(Self.pairing.core.serverEphemeralPublic))
        try Self.check(JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"\#(text)"}"#, damage.expected))
    }

    // REQ: ACK-4, JSON-2
    @Test(arguments: [
        JSONCase(
            #"{"kind":"handshake_ack","kind":"handshake_ack","server_ephemeral_pubkey":"<S>"}"#,
            .duplicateField("kind")
        ),
        JSONCase(#"{"kind":"other","server_ephemeral_pubkey":"<S>","kind":"handshake_ack"}"#, .duplicateField("kind")),
        JSONCase(
            #"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","server_ephemeral_pubkey":"<S>"}"#,
            .duplicateField("server_ephemeral_pubkey")
        ),
        JSONCase(
            #"{"kind":"handshake_ack","\u006bind":"handshake_ack","server_ephemeral_pubkey":"<S>"}"#,
            .duplicateField("kind")
        ),
        JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","x":1,"x":2}"#, .duplicateField("x")),
        JSONCase(#"{"x":1,"x":1}"#, .duplicateField("x")),
    ])
    func duplicateMembers(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    /// `kind` is checked completely (present, string, value) before the server key.
    // REQ: ACK-4, JSON-7
    @Test(arguments: [
        JSONCase(#"{"kind":"handshake"}"#, .badFieldValue("kind")),
        JSONCase(#"{"server_ephemeral_pubkey":7,"kind":"HANDSHAKE_ACK"}"#, .badFieldValue("kind")),
        JSONCase(#"{"server_ephemeral_pubkey":"AAAA=","kind":null}"#, .badFieldType("kind")),
        JSONCase(#"{"server_ephemeral_pubkey":"AAAA"}"#, .missingField("kind")),
        JSONCase(#"{"server_ephemeral_pubkey":"AAAA","kind":"handshake_ack"}"#, .badKeyLength),
    ])
    func membersAreCheckedInDefinitionOrder(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    // REQ: ACK-4, JSON-1
    @Test(arguments: [
        JSONCase(#"[{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>"}]"#, .badHandshakeJSON),
        JSONCase(#""handshake_ack""#, .badHandshakeJSON),
        JSONCase("null", .badHandshakeJSON),
        JSONCase("", .badHandshakeJSON),
        JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>"}x"#, .badHandshakeJSON),
        JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>",}"#, .badHandshakeJSON),
        JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>""#, .badHandshakeJSON),
        JSONCase(#"{"kind":"handshake_ack","kind":"handshake_ack","server_ephemeral_pubkey":"<S>""#, .badHandshakeJSON),
        JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","s":"\ud800"}"#, .badHandshakeJSON),
        JSONCase(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","s":"<x:c0af>"}"#, .badHandshakeJSON),
        JSONCase(#"{"kind":"handshake_<x:ff>ack","server_ephemeral_pubkey":"<S>"}"#, .badHandshakeJSON),
        JSONCase(#"<x:efbbbf>{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>"}"#, .badHandshakeJSON),
    ])
    func notOneUTF8JSONObject(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    // REQ: ACK-4, JSON-1
    @Test(arguments: Nesting.variants)
    func nestingUpTo64LevelsIsAcceptedAnd65IsRefused(nesting: Nesting) throws {
        try Self.check(JSONCase(nesting.template(levels: 64, required: Self.required), nil))
        try Self.check(JSONCase(nesting.template(levels: 65, required: Self.required), .badHandshakeJSON))
    }

    /// ACK-4: a rejected ack leaves the device's handshake state as it was, so the valid ack
    /// that arrives later is still accepted.
    // REQ: ACK-4
    @Test func aRejectedAckDoesNotPreventTheValidOne() throws {
        let bad = try Self.pairing.core.sealAck(
            utf8(#"{"kind":"nope","server_ephemeral_pubkey":"AAAA"}"#),
            for: Self.pairing.device
        )
        #expect(throws: TunnelError.badFieldValue("kind")) { try Self.pairing.device.finish(bad) }
        try Self.check(Self.pairing.core.canonicalAckPlaintext, expected: nil)
    }
}
