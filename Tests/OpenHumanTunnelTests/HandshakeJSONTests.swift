import OpenHumanTunnel
import Testing

/// The handshake plaintext at the core (JSON-1 to JSON-7, HS-4 step 7). Every plaintext is
/// sealed with the right k_hs, so authentication passes and the JSON rule under test is the
/// first check that can fail; every rejection leaves the pending channel unchanged.
@Suite struct HandshakeJSONTests {
    static let pairing = Pairing.named("handshake json")
    static let required = #""device_pubkey":"<D>","client_ephemeral_pubkey":"<C>""#

    /// Seals `plaintext` and offers it to the core on a pending channel; checks the outcome and
    /// that a rejection changed nothing.
    static func check(
        _ plaintext: [UInt8],
        expected: TunnelError?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frame = try pairing.device.sealHandshake(plaintext)
        var channel = Pairing.openPending
        if let expected {
            #expect(throws: expected, sourceLocation: sourceLocation) {
                try pairing.core.accept(frame, channel: &channel)
            }
            #expect(channel == Pairing.openPending, sourceLocation: sourceLocation)
        } else {
            let accepted = try pairing.core.accept(frame, channel: &channel)
            #expect(accepted.devicePublicKey == pairing.device.staticPublic, sourceLocation: sourceLocation)
            #expect(
                accepted.clientEphemeralPublic == pairing.device.clientEphemeralPublic,
                sourceLocation: sourceLocation
            )
            #expect(
                channel
                    == .paired(
                        devicePublicKey: pairing.device.staticPublic,
                        lastHandshakeEphemeral: pairing.device.handshakeEphemeralPublic
                    ),
                sourceLocation: sourceLocation
            )
        }
    }

    static func check(_ jsonCase: JSONCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(
            jsonCase.render(["<D>": pairing.device.staticPublicText, "<C>": pairing.device.clientEphemeralPublicText]),
            expected: jsonCase.expected,
            sourceLocation: sourceLocation
        )
    }

    /// The positive control every negative case below is a variation of: the sender's exact
    /// form, built by the test helper, equals what `DeviceHandshake.start` sends.
    // REQ: HS-2, JSON-1
    @Test func theSendersExactFormIsAccepted() throws {
        #expect(
            try Self.pairing.device.sealHandshake(Self.pairing.device.canonicalPlaintext) == Self.pairing.device.start()
        )
        try Self.check(Self.pairing.device.canonicalPlaintext, expected: nil)
    }

    // REQ: JSON-1, JSON-5, JSON-7
    @Test(arguments: [
        JSONCase(#"{ "client_ephemeral_pubkey" : "<C>" , "device_pubkey" : "<D>" }"#, nil),
        JSONCase(#"{"client_ephemeral_pubkey":"<C>","device_pubkey":"<D>"}"#, nil),
        JSONCase(" \t\r\n{\r\n\t\"device_pubkey\"\t:\t\"<D>\" ,\n\"client_ephemeral_pubkey\":\"<C>\"\r\n} \n", nil),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","label":{"x":[1,2]}}"#, nil),
        JSONCase(
            #"{"v":2,"device_pubkey":"<D>","n":null,"t":true,"f":false,"client_ephemeral_pubkey":"<C>","e":""}"#,
            nil
        ),
        JSONCase(
            #"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","big":1e999,"neg":-0.5E+3,"z":-0,"fr":10.25e-2}"#,
            nil
        ),
        JSONCase(
            #"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\"\\\/\b\f\n\r\t\u0000\u00e9\uD83D\uDE00"}"#,
            nil
        ),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","name":"Zoë 📱"}"#, nil),
        JSONCase(#"{"device\u005fpubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#, nil),
        JSONCase(#"{"device\u005Fpubkey":"<D>","\u0063lient_ephemeral_pubkey":"<C>"}"#, nil),
        JSONCase(
            #"{"\u0064\u0065\u0076\u0069\u0063\u0065\u005f\u0070\u0075\u0062\u006b\u0065\u0079":"<D>","client_ephemeral_pubkey":"<C>"}"#,
            nil
        ),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","label":{"a":1,"a":2}}"#, nil),
        JSONCase(
            #"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","device_pubkey ":7,"Device_pubkey":null}"#,
            nil
        ),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","":""}"#, nil),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","\u0000":0}"#, nil),
    ])
    func acceptedForms(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    /// JSON-6: the decoder sees the value after escapes are resolved, so an escaped key character
    /// is the same key, and an escape of another character is another key.
    // REQ: JSON-6, ENC-1
    @Test func escapedCharactersInAKeyValueAreResolvedFirst() throws {
        let text = Self.pairing.device.staticPublicText
        let first = UInt8(text.unicodeScalars.first!.value)
        let escaped = "\\u00" + Hex.encode([first]) + text.dropFirst()
        try Self.check(
            Self.pairing.device.plaintext(#"{"device_pubkey":"\#(escaped)","client_ephemeral_pubkey":"<C>"}"#),
            expected: nil
        )
        let other = first == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let otherText = "\\u00" + Hex.encode([other]) + text.dropFirst()
        var channel = Pairing.openPending
        let accepted = try Self.pairing.core.accept(
            Self.pairing.device.sealHandshake(
                Self.pairing.device.plaintext(
                    #"{"device_pubkey":"\#(otherText)","client_ephemeral_pubkey":"<C>"}"#
                )
            ),
            channel: &channel
        )
        #expect(Base64URL.encode(accepted.devicePublicKey) == String(UnicodeScalar(other)) + text.dropFirst())
    }

    // REQ: JSON-3, JSON-7
    @Test(arguments: [
        JSONCase(#"{"client_ephemeral_pubkey":"<C>"}"#, .missingField("device_pubkey")),
        JSONCase(#"{"device_pubkey":"<D>"}"#, .missingField("client_ephemeral_pubkey")),
        JSONCase("{}", .missingField("device_pubkey")),
        JSONCase(#"{"Device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#, .missingField("device_pubkey")),
        JSONCase(#"{"device_pubkey ":"<D>","client_ephemeral_pubkey":"<C>"}"#, .missingField("device_pubkey")),
        JSONCase(#"{"devicepubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#, .missingField("device_pubkey")),
        JSONCase(#"{"device_pubkey":"<D>","clientEphemeralPubkey":"<C>"}"#, .missingField("client_ephemeral_pubkey")),
        JSONCase(#"{"label":{"device_pubkey":"<D>"},"client_ephemeral_pubkey":"<C>"}"#, .missingField("device_pubkey")),
    ])
    func missingMembers(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    // REQ: JSON-2
    @Test(arguments: [
        JSONCase(
            #"{"device_pubkey":"<D>","device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#,
            .duplicateField("device_pubkey")
        ),
        JSONCase(
            #"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","device_pubkey":"<C>"}"#,
            .duplicateField("device_pubkey")
        ),
        JSONCase(
            #"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","client_ephemeral_pubkey":"<C>"}"#,
            .duplicateField("client_ephemeral_pubkey")
        ),
        JSONCase(
            #"{"device_pubkey":"<D>","device\u005fpubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#,
            .duplicateField("device_pubkey")
        ),
        JSONCase(
            #"{"device_pubkey":7,"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#,
            .duplicateField("device_pubkey")
        ),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","x":1,"x":1}"#, .duplicateField("x")),
        JSONCase(#"{"x":1,"x":2}"#, .duplicateField("x")),
        JSONCase(#"{"device_pubkey":"AAAA","x":[],"x":{}}"#, .duplicateField("x")),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","":1,"":2}"#, .duplicateField("")),
    ])
    func duplicateMembers(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    /// Two different names that Unicode normalisation would merge: the spec compares names byte
    /// for byte after unescaping (JSON-2), so they are two unknown members, not a duplicate.
    // REQ: JSON-2, JSON-5
    @Test(arguments: [
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","K":1,"\u212a":2}"#, nil),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","é":1,"e\u0301":2}"#, nil),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","\u00c5":1,"\u212b":2}"#, nil),
    ])
    func namesAreComparedByteForByteNotByCanonicalEquivalence(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    /// Which duplicated name is reported is not part of the wire code; only the code is fixed.
    // REQ: JSON-2
    @Test func severalDuplicatesGiveDuplicateField() throws {
        let frame = try Self.pairing.device.sealHandshake(
            Self.pairing.device.plaintext(
                #"{"a":1,"b":1,"b":2,"a":2,"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#
            )
        )
        var channel = Pairing.openPending
        do {
            _ = try Self.pairing.core.accept(frame, channel: &channel)
            Issue.record("accepted a plaintext with duplicate members")
        } catch {
            #expect(error.code == "duplicate_field")
        }
        #expect(channel == Pairing.openPending)
    }

    // REQ: JSON-4, JSON-7
    @Test(arguments: nonStringValues)
    func aNonStringDeviceKeyIsBadFieldType(value: String) throws {
        try Self.check(
            JSONCase(
                #"{"device_pubkey":\#(value.replacing("<K>", with: "<D>")),"client_ephemeral_pubkey":"<C>"}"#,
                .badFieldType("device_pubkey")
            )
        )
    }

    // REQ: JSON-4, JSON-7
    @Test(arguments: nonStringValues)
    func aNonStringClientEphemeralKeyIsBadFieldType(value: String) throws {
        try Self.check(
            JSONCase(
                #"{"device_pubkey":"<D>","client_ephemeral_pubkey":\#(value.replacing("<K>", with: "<C>"))}"#,
                .badFieldType("client_ephemeral_pubkey")
            )
        )
    }

    // REQ: JSON-6, ENC-1, ENC-3
    @Test(arguments: KeyTextDamage.allCases)
    func aDamagedDeviceKeyText(damage: KeyTextDamage) throws {
        let text = damage.apply(to: Self.pairing.device.staticPublicText)
        try Self.check(JSONCase(#"{"device_pubkey":"\#(text)","client_ephemeral_pubkey":"<C>"}"#, damage.expected))
    }

    // REQ: JSON-6, ENC-1, ENC-3
    @Test(arguments: KeyTextDamage.allCases)
    func aDamagedClientEphemeralKeyText(damage: KeyTextDamage) throws {
        let text = damage.apply(to: Self.pairing.device.clientEphemeralPublicText)
        try Self.check(JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"\#(text)"}"#, damage.expected))
    }

    /// JSON-7: the members are checked in definition order, each completely, whatever their
    /// order in the text.
    // REQ: JSON-7
    @Test(arguments: [
        JSONCase(#"{"client_ephemeral_pubkey":7,"device_pubkey":"AAAA"}"#, .badKeyLength),
        JSONCase(#"{"device_pubkey":"<D>="}"#, .badBase64URL),
        JSONCase(#"{"client_ephemeral_pubkey":null,"device_pubkey":"AAAA="}"#, .badBase64URL),
        JSONCase(#"{"client_ephemeral_pubkey":"AAAA","device_pubkey":null}"#, .badFieldType("device_pubkey")),
        JSONCase(#"{"client_ephemeral_pubkey":"AAAA"}"#, .missingField("device_pubkey")),
        JSONCase(#"{"client_ephemeral_pubkey":"AAAA","device_pubkey":"<D>"}"#, .badKeyLength),
        JSONCase(#"{"client_ephemeral_pubkey":[],"device_pubkey":"<D>"}"#, .badFieldType("client_ephemeral_pubkey")),
    ])
    func membersAreCheckedInDefinitionOrder(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    /// JSON-1, with amendment A1: anything that is not one RFC 8259 object in UTF-8, including
    /// texts that also repeat a member (JSON-1 comes before JSON-2).
    // REQ: JSON-1
    @Test(arguments: [
        // Not an object.
        JSONCase(#"[{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}]"#, .badHandshakeJSON),
        JSONCase(#""device_pubkey""#, .badHandshakeJSON),
        JSONCase("1", .badHandshakeJSON),
        JSONCase("null", .badHandshakeJSON),
        JSONCase("true", .badHandshakeJSON),
        JSONCase("   ", .badHandshakeJSON),
        // Beyond the object.
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}x"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}{}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"},"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}<x:00>"#, .badHandshakeJSON),
        // Outside the grammar.
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>",}"#, .badHandshakeJSON),
        JSONCase(#"{,"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>""client_ephemeral_pubkey":"<C>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey""<D>","client_ephemeral_pubkey":"<C>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>" /* c */}"#, .badHandshakeJSON),
        JSONCase(#"{'device_pubkey':'<D>','client_ephemeral_pubkey':'<C>'}"#, .badHandshakeJSON),
        JSONCase(#"{device_pubkey:"<D>",client_ephemeral_pubkey:"<C>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":NaN}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":01}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":+1}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":.5}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":1.}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":1e}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":-}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":0x1}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":tru}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":True}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":[1,]}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","n":{"a"}}"#, .badHandshakeJSON),
        JSONCase("{\"device_pubkey\":\"<D>\",\"client_ephemeral_pubkey\":\"<C>\",\"s\":\"a\tb\"}", .badHandshakeJSON),
        JSONCase("{\"device_pubkey\":\"<D>\",\"client_ephemeral_pubkey\":\"<C>\",\"s\":\"a\nb\"}", .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\x41"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\u12"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\u12G4"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\U0041"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"unterminated}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>""#, .badHandshakeJSON),
        // Duplicates inside invalid JSON are bad JSON (amendment A1).
        JSONCase(#"{"device_pubkey":"<D>","device_pubkey":"<D>","client_ephemeral_pubkey":"<C>""#, .badHandshakeJSON),
        JSONCase(#"{"x":1,"x":1,"#, .badHandshakeJSON),
        JSONCase(#"{"x":1,"x":1}]"#, .badHandshakeJSON),
        // Lone surrogates in names and values.
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\ud800"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\udc00"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\ud800\u0041"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\ud800x"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\ud800\ud800"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"\ude00\ud83d"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","\udfff":1}"#, .badHandshakeJSON),
        // Not well-formed UTF-8 (raw bytes), anywhere in the text.
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:ff>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:80>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:c0af>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:e080af>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:eda080>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:edbfbf>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:e282>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:f4908080>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:f880808080>"}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","<x:fe>":1}"#, .badHandshakeJSON),
        JSONCase(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}<x:ff>"#, .badHandshakeJSON),
        JSONCase(#"<x:efbbbf>{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>"}"#, .badHandshakeJSON),
        // Invalid UTF-8 together with a duplicate: JSON-1 first.
        JSONCase(
            #"{"device_pubkey":"<D>","device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","s":"<x:ff>"}"#,
            .badHandshakeJSON
        ),
    ])
    func notOneUTF8JSONObject(jsonCase: JSONCase) throws {
        try Self.check(jsonCase)
    }

    /// The reference's nesting policy (contract amendment A1): 64 levels accepted, 65 refused,
    /// the top-level object being level 1 (spec JSON-1 counts levels this way; it requires 32
    /// and leaves deeper texts to the receiver, so vectors mark them `acceptable`). Whether the
    /// innermost container is empty or holds a value must not change the answer.
    // REQ: JSON-1
    @Test(arguments: Nesting.variants)
    func nestingUpTo64LevelsIsAcceptedAnd65IsRefused(nesting: Nesting) throws {
        for levels in [2, 32, 63, 64] {
            try Self.check(JSONCase(nesting.template(levels: levels, required: Self.required), nil))
        }
        for levels in [65, 66, 1_000] {
            try Self.check(JSONCase(nesting.template(levels: levels, required: Self.required), .badHandshakeJSON))
        }
    }

    /// Deep nesting is refused without exhausting the stack, even at the largest message size.
    // REQ: JSON-1, ERR-1
    @Test func aMaximalDepthBombIsRefused() throws {
        let opening = String(repeating: "[", count: 49_000)
        try Self.check(utf8(#"{"deep":\#(opening)"#), expected: .badHandshakeJSON)
        try Self.check(utf8(#"{"deep":\#(String(repeating: "{\"a\":", count: 8_000))"#), expected: .badHandshakeJSON)
    }
}
