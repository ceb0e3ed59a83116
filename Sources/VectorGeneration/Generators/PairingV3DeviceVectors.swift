import OpenHumanTunnel
import VectorFormat

/// `vectors/pairing-v3-device.json`: the phone's side of a version 3 pairing (V3-DEV-1,
/// V3-CONFIRM-1, V3-CONFIRM-2), one step sequence per vector.
enum PairingV3DeviceVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "pairing-v3-device",
            description:
                "The phone's side of a version 3 pairing (pairing-v3-device): message 1 at once, message 2 read "
                + "and answered with the reveal, the refusals of a bad message 2 that leave the phone waiting, its "
                + "user's Match or No, and the core's answer.",
            flags: [
                "Genuine": Flag(
                    description: "An honest core, start to finish.",
                    bug: "A reveal before message 2 is authenticated, or a commit before both confirmations."
                ),
                "Refusal": Flag(
                    description: "A message the phone must refuse.",
                    bug: "A message 2 accepted from another core, or a refusal that loses the phone's state."
                ),
                "Frames": ChannelV3FrameVectors.flag,
                "User": Flag(
                    description: "The phone user's answer, or the core user's.",
                    bug:
                        "A Match for a code the screen did not show, a No not sent, a core record accepted for its tag alone."
                ),
            ]
        )
        let s = PairingV3Script(id: file.id("phone"))
        var core = s.core()
        let phone = try s.device("phone")
        let random = s.coreRandom("phone")
        guard
            let messageTwo = try core.receive(
                phone.messageOne,
                now: PairingV3Script.start,
                coreEphemeralPrivate: random.ephemeral,
                coreNonce: random.nonce
            ).reply
        else { throw GenerationError("no message 2") }
        var reading = phone
        guard let reveal = try reading.receive(messageTwo, now: 0).reply, let code = reading.code else {
            throw GenerationError("no code")
        }
        _ = try core.receive(reveal, now: PairingV3Script.start + 1, coreEphemeralPrivate: [], coreNonce: [])
        var yesCore = core
        let yes = try yesCore.confirm(code: code, now: PairingV3Script.start + 2)
        var noCore = core
        let no = try noCore.reject(now: PairingV3Script.start + 2) ?? []
        let other = code == "000000" ? "000001" : "000000"
        /// The genuine message 2 (the same random values as `core`'s), then the records for `h`.
        func scripted(_ records: ([UInt8]) -> [[UInt8]]) throws -> (messageTwo: [UInt8], records: [[UInt8]]) {
            try s.scriptedCore(answering: phone.messageOne, attempt: "phone", records: records)
        }
        let forged = try scripted { _ in [LabelDerived.bytes(32, id: s.id, name: "forged")] }
        let yesThenNo = try scripted { h in
            [
                PairingV3Record.confirmation(by: .core, handshakeHash: h, code: code),
                PairingV3Record.rejection(by: .core, handshakeHash: h),
            ]
        }
        let otherCode = try scripted { h in [PairingV3Record.confirmation(by: .core, handshakeHash: h, code: other)] }
        let reflected = try scripted { h in [PairingV3Record.confirmation(by: .device, handshakeHash: h, code: code)] }

        func receive(_ message: [UInt8]) -> JSONValue { ["receive": ["message": .hex(message)]] }
        func match(_ code: String) -> JSONValue { ["match": ["code": .string(code)]] }
        let refuse: JSONValue = ["refuse": [:]]
        func add(
            _ name: String,
            _ requirements: [String],
            _ comment: String,
            flag: String,
            _ steps: [(JSONValue, String?)]
        ) throws {
            try file.add(
                name,
                operation: "pairing-v3-device",
                requirements: ["ADP-69"] + requirements,
                comment: comment,
                flags: [flag],
                input: s.deviceInput("phone", steps.map(\.0)),
                expect: .steps(steps.map(\.1))
            )
        }
        try add(
            "genuine-phone-first",
            ["V3-DEV-1", "V3-CONFIRM-1", "V3-CONFIRM-2"],
            "Message 2 gives the reveal and the code; the phone's Match alone commits nothing; the core's Yes record pairs.",
            flag: "Genuine",
            [(receive(messageTwo), nil), (match(code), nil), (receive(yes), nil)]
        )
        try add(
            "genuine-desktop-first",
            ["V3-CONFIRM-2"],
            "The core's Yes record before the phone's Match: the phone pairs at its Match.",
            flag: "Genuine",
            [(receive(messageTwo), nil), (receive(yes), nil), (match(code), nil)]
        )
        var changed = messageTwo
        changed[40] ^= 1
        var zero = messageTwo
        zero.replaceSubrange(1..<33, with: [UInt8](repeating: 0, count: 32))
        for (name, message, error, requirements) in [
            ("message-2-changed", changed, "auth_failed", ["V3-DEV-1", "V3-NOISE-3"]),
            ("message-2-low-order-ephemeral", zero, "low_order_key", ["V3-DEV-1", "V3-NOISE-2"]),
            ("message-2-one-byte-short", Array(messageTwo.dropLast()), "frame_too_short", ["V3-DEV-1", "V3-MSG-1"]),
            ("message-2-one-byte-long", messageTwo + [0], "frame_too_large", ["V3-DEV-1", "V3-MSG-1"]),
            ("record-before-message-2", yes, "unexpected_type", ["V3-DEV-1"]),
            ("message-1-at-the-phone", phone.messageOne, "unexpected_type", ["V3-DEV-1"]),
            ("version-2-ack-0x04", [0x04] + Array(messageTwo.dropFirst()), "unexpected_type", ["V3-DEV-1"]),
            ("unregistered-0x08", [0x08] + Array(messageTwo.dropFirst()), "unsupported_type", ["V3-DEV-1"]),
            ("empty-message", [], "empty_frame", ["V3-DEV-1"]),
            ("legacy-frame-0x01", [0x01] + Array(messageTwo.dropFirst()), "legacy_frame", ["V3-DEV-1"]),
        ] {
            try add(
                name,
                requirements,
                "Refused with \(error), and the phone still waits: the genuine message 2 after it is read.",
                flag: "Refusal",
                [(receive(message), error), (receive(messageTwo), nil)]
            )
        }
        for (name, record, error) in [
            ("core-record-one-byte-short", Array(yes.dropLast()), "frame_too_short"),
            ("core-record-one-byte-long", yes + [0], "frame_too_large"),
        ] {
            try add(
                name,
                ["V3-DEV-1", "V3-MSG-1"],
                "The core's Yes record with its size wrong is \(error), before its tag, and changes nothing: the genuine one after it is read.",
                flag: "Refusal",
                [(receive(messageTwo), nil), (receive(record), error), (receive(yes), nil)]
            )
        }
        try add(
            "core-record-after-its-yes",
            ["V3-DEV-1"],
            "After the core's Yes a second record from it is not due: unexpected_type, unopened, and the phone's Match then pairs.",
            flag: "Refusal",
            [
                (receive(yesThenNo.messageTwo), nil), (receive(yesThenNo.records[0]), nil),
                (receive(yesThenNo.records[1]), "unexpected_type"), (match(code), nil),
            ]
        )
        try add(
            "second-message-2",
            ["V3-DEV-1"],
            "A message 2 after the code is shown is unexpected_type.",
            flag: "Refusal",
            [(receive(messageTwo), nil), (receive(messageTwo), "unexpected_type")]
        )
        try add(
            "match-for-another-code",
            ["V3-CONFIRM-2"],
            "A Match for a code the screen did not show is stale_confirmation and changes nothing; the shown one is sent.",
            flag: "User",
            [(receive(messageTwo), nil), (match(other), "stale_confirmation"), (match(code), nil)]
        )
        try add(
            "second-match",
            ["V3-DEV-1"],
            "After its Match a second Match is not_confirming and sends nothing; the core's Yes then pairs.",
            flag: "User",
            [(receive(messageTwo), nil), (match(code), nil), (match(code), "not_confirming"), (receive(yes), nil)]
        )
        try add(
            "match-before-message-2",
            ["V3-CONFIRM-2"],
            "A Match with no code on screen is not_confirming.",
            flag: "User",
            [(match(code), "not_confirming")]
        )
        try add(
            "phone-no",
            ["V3-CONFIRM-1"],
            "The phone's No sends its rejection record and the pairing fails.",
            flag: "User",
            [(receive(messageTwo), nil), (refuse, nil), (receive(yes), "unexpected_type")]
        )
        try add(
            "phone-no-before-message-2",
            ["V3-DEV-1"],
            "The phone's No before message 2 fails the pairing and sends nothing: there are no keys to send a record under.",
            flag: "User",
            [(refuse, nil), (receive(messageTwo), "unexpected_type")]
        )
        try add(
            "phone-no-after-its-match",
            ["V3-DEV-1"],
            "After its Match the phone's No is not_confirming and changes nothing; the core's Yes then pairs.",
            flag: "User",
            [(receive(messageTwo), nil), (match(code), nil), (refuse, "not_confirming"), (receive(yes), nil)]
        )
        try add(
            "desktop-no",
            ["V3-CONFIRM-1"],
            "The core's rejection record fails the pairing; a Match after it is not_confirming.",
            flag: "User",
            [(receive(messageTwo), nil), (receive(no), nil), (match(code), "not_confirming")]
        )
        var tamperedYes = yes
        tamperedYes[tamperedYes.count - 1] ^= 0x01
        try add(
            "core-record-tampered",
            ["V3-DEV-1", "V3-NOISE-3"],
            "The core's Yes with a flipped tag byte is auth_failed and changes nothing; the genuine Yes after it is read.",
            flag: "User",
            [(receive(messageTwo), nil), (receive(tamperedYes), "auth_failed"), (receive(yes), nil)]
        )
        try add(
            "forged-core-record",
            ["V3-CONFIRM-1"],
            "A record under the genuine keys that is neither the core's Yes nor its No: confirmation_mismatch, the pairing fails.",
            flag: "User",
            [(receive(forged.messageTwo), nil), (receive(forged.records[0]), "confirmation_mismatch")]
        )
        for (name, record, comment) in [
            (
                "core-yes-for-another-code", otherCode.records[0],
                "the core's confirmation for another code than the one shown"
            ),
            (
                "core-yes-naming-the-device", reflected.records[0],
                "a confirmation with the device's octet (r = 0x01), the phone's own Match"
            ),
        ] {
            try add(
                name,
                ["V3-CONFIRM-1"],
                "A record under the genuine keys that is \(comment): confirmation_mismatch, the pairing fails.",
                flag: "User",
                [(receive(messageTwo), nil), (receive(record), "confirmation_mismatch")]
            )
        }
        try ChannelV3FrameVectors.addPairingDevice(&file, s)
        return try file.build()
    }
}
