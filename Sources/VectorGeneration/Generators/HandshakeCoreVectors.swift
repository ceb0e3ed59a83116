import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `core/...`: the core opening 0x03 (HS-4) under each channel state (CHAN-1 to CHAN-6).
enum HandshakeCoreVectors {
    static func add(to file: inout VectorFileBuilder) throws {
        try addChannelStates(&file)
        try addSequences(&file)
        try addTypeSweep(&file)
        try addTruncations(&file)
        try addSizeLimit(&file)
        try addOrder(&file)
        try addLowOrder(&file)
        try addAuthentication(&file)
        try addJSON(&file)
    }

    /// One core vector; `errors` has one entry per step (nil: accepted).
    private static func core(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        flags: [String],
        input: JSONValue,
        errors: [String?]
    ) throws {
        try file.add(
            "core/\(name)",
            operation: "handshake-core",
            requirements: requirements,
            comment: comment,
            flags: flags,
            input: input,
            expect: .steps(errors)
        )
    }

    /// One core vector named by its fixture (whose seed is the vector's id), so the name is written once.
    private static func core(
        _ file: inout VectorFileBuilder,
        _ fixture: HandshakeFixture,
        _ requirements: [String],
        _ comment: String,
        flags: [String],
        input: JSONValue,
        errors: [String?]
    ) throws {
        try file.add(
            fixture: fixture,
            operation: "handshake-core",
            requirements: requirements,
            comment: comment,
            flags: flags,
            input: input,
            expect: .steps(errors)
        )
    }

    private static func fixture(_ file: VectorFileBuilder, _ name: String) -> HandshakeFixture {
        HandshakeFixture(id: file.id("core/\(name)"))
    }

    private static func addChannelStates(_ file: inout VectorFileBuilder) throws {
        var f = fixture(file, "pending-accepts")
        try file.add(
            fixture: f,
            operation: "handshake-core",
            requirements: ["HS-4", "CHAN-1", "CHAN-2", "ACK-1", "ACK-2", "KDF-2", "KDF-4", "SESS-1"],
            comment:
                "A pending channel accepts the handshake: the exact ack, the session keys, and paired(device, hs_eph_pub) after.",
            flags: ["Valid", "ChannelState"],
            input: f.coreInput(steps: [f.coreStep(try f.handshake())]),
            expect: .output(["steps": [try f.acceptance()]])
        )
        f = fixture(file, "pending-at-expiry")
        try file.add(
            fixture: f,
            operation: "handshake-core",
            requirements: ["CHAN-2"],
            comment: "now == expiresAt is still valid: the handshake is accepted.",
            flags: ["ChannelState"],
            input: f.coreInput(steps: [f.coreStep(try f.handshake(), now: HandshakeFixture.expiresAt)]),
            expect: .output(["steps": [try f.acceptance()]])
        )
        f = fixture(file, "pending-at-other-expiry")
        let otherExpiry: Int64 = 1_800_000_123
        try file.add(
            fixture: f,
            operation: "handshake-core",
            requirements: ["CHAN-2", "HS-4"],
            comment: "A channel pending until 1800000123, now == 1800000123: still valid, the handshake is accepted.",
            flags: ["ChannelState"],
            input: f.coreInput(
                channel: .pending(expiresAt: otherExpiry),
                steps: [f.coreStep(try f.handshake(), now: otherExpiry)]
            ),
            expect: .output(["steps": [try f.acceptance()]])
        )
        f = fixture(file, "pending-expired")
        try core(
            &file,
            f,
            ["CHAN-2", "HS-4"],
            "now == expiresAt + 1: pairing_expired, the channel stays pending.",
            flags: ["ChannelState"],
            input: f.coreInput(steps: [f.coreStep(try f.handshake(), now: HandshakeFixture.expiresAt + 1)]),
            errors: ["pairing_expired"]
        )
        f = fixture(file, "paired-same-device")
        let earlier = LabelDerived.bytes(32, id: f.id, name: "earlier_hs_eph_pub")
        try file.add(
            fixture: f,
            operation: "handshake-core",
            requirements: ["CHAN-3", "CHAN-5", "CHAN-9", "SESS-1"],
            comment:
                "A paired channel accepts its device again with a new hs_eph_pub; lastHandshakeEphemeral is updated.",
            flags: ["Valid", "ChannelState"],
            input: f.coreInput(
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: earlier),
                steps: [f.coreStep(try f.handshake())]
            ),
            expect: .output(["steps": [try f.acceptance()]])
        )
        f = fixture(file, "paired-without-last-ephemeral")
        try file.add(
            fixture: f,
            operation: "handshake-core",
            requirements: ["CHAN-1", "CHAN-3"],
            comment: "A paired channel with lastHandshakeEphemeral null accepts its device.",
            flags: ["ChannelState"],
            input: f.coreInput(
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                steps: [f.coreStep(try f.handshake())]
            ),
            expect: .output(["steps": [try f.acceptance()]])
        )
        f = fixture(file, "paired-does-not-expire")
        try file.add(
            fixture: f,
            operation: "handshake-core",
            requirements: ["CHAN-3"],
            comment: "A paired channel accepts its device ten years after the pairing payload expired.",
            flags: ["ChannelState"],
            input: f.coreInput(
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
                steps: [f.coreStep(try f.handshake(), now: HandshakeFixture.expiresAt + 315_360_000)]
            ),
            expect: .output(["steps": [try f.acceptance()]])
        )
        f = fixture(file, "paired-other-device")
        let stored = f.otherDevice("stored").devicePublic
        try core(
            &file,
            f,
            ["CHAN-3", "HS-4"],
            "A paired channel refuses an authentic handshake from another device key: unknown_device.",
            flags: ["ChannelState"],
            input: f.coreInput(
                channel: .paired(devicePublicKey: stored, lastHandshakeEphemeral: nil),
                steps: [f.coreStep(try f.handshake())]
            ),
            errors: ["unknown_device"]
        )
        f = fixture(file, "paired-replayed")
        try core(
            &file,
            f,
            ["CHAN-5", "HS-4"],
            "A handshake whose hs_eph_pub equals lastHandshakeEphemeral is handshake_replayed.",
            flags: ["ChannelState"],
            input: f.coreInput(
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: f.handshakeEphemeralPublic),
                steps: [f.coreStep(try f.handshake())]
            ),
            errors: ["handshake_replayed"]
        )
        f = fixture(file, "revoked")
        try core(
            &file,
            f,
            ["CHAN-4", "HS-4"],
            "A revoked channel refuses an authentic handshake from its own device.",
            flags: ["ChannelState"],
            input: f.coreInput(channel: .revoked, steps: [f.coreStep(try f.handshake())]),
            errors: ["channel_revoked"]
        )
    }

    private static func addSequences(_ file: inout VectorFileBuilder) throws {
        var f = fixture(file, "sequence/pair-replay-reconnect")
        let second = f.round("second")
        try core(
            &file,
            f,
            ["CHAN-2", "CHAN-5", "CHAN-6", "CHAN-9", "SESS-1", "ADP-16"],
            "Pending: H1 pairs; H1 again is handshake_replayed; H2 (new ephemerals) gives new keys; H2 again is replayed.",
            flags: ["StepSequence", "ChannelState"],
            input: f.coreInput(steps: [
                f.coreStep(try f.handshake()), f.coreStep(try f.handshake()),
                second.coreStep(try second.handshake()), second.coreStep(try second.handshake()),
            ]),
            errors: [nil, "handshake_replayed", nil, "handshake_replayed"]
        )
        f = fixture(file, "sequence/second-device-refused")
        let intruder = f.otherDevice("intruder"), again = f.round("again")
        try core(
            &file,
            f,
            ["CHAN-2", "CHAN-3", "CHAN-6", "ADP-16"],
            "Pending: device A pairs; device B, with a valid handshake to the same core, is unknown_device; A reconnects.",
            flags: ["StepSequence", "ChannelState"],
            input: f.coreInput(steps: [
                f.coreStep(try f.handshake()), intruder.coreStep(try intruder.handshake()),
                again.coreStep(try again.handshake()),
            ]),
            errors: [nil, "unknown_device", nil]
        )
        f = fixture(file, "sequence/other-device-reusing-ephemeral")
        let copier = f.otherDeviceSameEphemerals("copier")
        try core(
            &file,
            f,
            ["HS-4", "CHAN-3", "CHAN-5", "CHAN-6"],
            "Pending: device A pairs; device B sends a handshake with A's hs_eph_pub: unknown_device (step 8 before step 9), not handshake_replayed.",
            flags: ["StepSequence", "CheckOrder"],
            input: f.coreInput(steps: [f.coreStep(try f.handshake()), copier.coreStep(try copier.handshake())]),
            errors: [nil, "unknown_device"]
        )
        f = fixture(file, "sequence/failures-keep-pending")
        var tampered = try f.handshake()
        tampered[tampered.count - 1] ^= 0x01
        try core(
            &file,
            f,
            ["CHAN-6", "CHAN-2", "ERR-1", "ADP-10", "ADP-16"],
            "Pending: a tampered handshake, a late one and a short one fail and leave it pending; the valid one then pairs.",
            flags: ["StepSequence", "ChannelState"],
            input: f.coreInput(steps: [
                f.coreStep(tampered), f.coreStep(try f.handshake(), now: HandshakeFixture.expiresAt + 1),
                f.coreStep(Array(try f.handshake().prefix(72))), f.coreStep(try f.handshake()),
            ]),
            errors: ["auth_failed", "pairing_expired", "frame_too_short", nil]
        )
        f = fixture(file, "sequence/paired-failures-keep-state")
        let other = f.otherDevice("other")
        try core(
            &file,
            f,
            ["CHAN-6", "CHAN-3", "CHAN-5", "ADP-16"],
            "Paired: another device and a replay fail and change nothing (lastHandshakeEphemeral included); the device reconnects.",
            flags: ["StepSequence", "ChannelState"],
            input: f.coreInput(
                channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: f.handshakeEphemeralPublic),
                steps: [
                    other.coreStep(try other.handshake()), f.coreStep(try f.handshake()),
                    f.round("new").coreStep(try f.round("new").handshake()),
                ]
            ),
            errors: ["unknown_device", "handshake_replayed", nil]
        )
    }

    private static func addTypeSweep(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "type-sweep")
        let frame = try f.handshake()
        for byte in UInt8.min...UInt8.max {
            let outcome = TypeOctets.outcome(byte, accepting: MessageType.handshake.rawValue)
            var changed = frame
            changed[0] = byte
            try core(
                &file,
                outcome.name,
                outcome.requirements + ["HS-4"],
                outcome.error.map { "The core's handshake opener answers type octet \(hexByte(byte)) with \($0)." }
                    ?? "The unchanged handshake (type 0x03) is accepted: the positive control of the sweep.",
                flags: outcome.error == nil ? ["Valid"] : ["TypeOctet"],
                input: f.coreInput(steps: [f.coreStep(changed)]),
                errors: [outcome.error]
            )
        }
    }

    /// Every prefix of the 208-byte handshake.
    private static func addTruncations(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "truncated")
        let frame = try f.handshake()
        for length in 0..<frame.count {
            let (error, requirements): (String, [String]) =
                switch length {
                case 0: ("empty_frame", ["TYPE-2", "HS-4"])
                case 1..<73: ("frame_too_short", ["HS-4"])
                default: ("auth_failed", ["HS-4", "HS-1"])
                }
            try core(
                &file,
                "truncated-to-\(length)",
                requirements,
                "A \(frame.count)-byte handshake cut to \(length) bytes: \(error).",
                flags: ["Truncated"],
                input: f.coreInput(steps: [f.coreStep(Array(frame.prefix(length)))]),
                errors: [error]
            )
        }
    }

    /// A handshake padded with an unknown member to exactly `length` bytes.
    static func padded(
        _ f: HandshakeFixture,
        members: JSONMembers,
        length: Int,
        overhead: Int,
        seal: (HandshakeFixture, [UInt8]) throws -> [UInt8]
    ) throws -> [UInt8] {
        let base = members.bytes.count + overhead + 9  // ,"pad":"" adds 9 bytes
        let padding = String(repeating: "a", count: length - base)
        return try seal(f, members.appending(rawName: "\"pad\"", value: "\"\(padding)\"").bytes)
    }

    private static func addSizeLimit(_ file: inout VectorFileBuilder) throws {
        for (length, error) in [
            (Limits.maximumMessageLength - 1, nil), (Limits.maximumMessageLength, nil),
            (Limits.maximumMessageLength + 1, "frame_too_large"),
        ] as [(Int, String?)] {
            let name =
                length == Limits.maximumMessageLength - 1
                ? "length-49151"
                : error == nil ? "length-49152-maximum" : "length-49153-too-large"
            let f = fixture(file, name)
            let frame = try padded(f, members: f.handshakeMembers, length: length, overhead: 73) {
                try $0.handshake(plaintext: $1)
            }
            try core(
                &file,
                f,
                ["SIZE-1", "HS-4", "JSON-5"],
                error == nil
                    ? "A \(length)-byte handshake (an unknown member pads it) is accepted."
                    : "An authentic 49,153-byte handshake is frame_too_large.",
                flags: ["SizeLimit"],
                input: f.coreInput(steps: [f.coreStep(frame)]),
                errors: [error]
            )
        }
    }

    private static func addOrder(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "order")
        let frame = try f.handshake()
        var lowOrder = frame
        lowOrder.replaceSubrange(HandshakeMessage.ephemeralKeyRange, with: LowOrderPoints.all[0].bytes)
        var legacy = frame
        legacy[0] = 0x01
        var tampered = frame
        tampered[100] ^= 0x01
        let oversize = try padded(f, members: f.handshakeMembers, length: Limits.maximumMessageLength + 1, overhead: 73)
        { try $0.handshake(plaintext: $1) }
        let expired = ChannelState.pending(expiresAt: HandshakeFixture.now - 1)
        let other = f.otherDevice("stored").devicePublic
        let badKey = try f.handshake(
            plaintext: f.handshakeMembers.replacingValue(of: "device_pubkey", with: "\"AAAA=\"").bytes
        )
        let lowDevice = LowOrderPoints.all[2].bytes
        let lowDeviceFrame = try f.handshake(
            plaintext: f.handshakeMembers
                .replacingValue(of: "device_pubkey", with: "\"\(Base64URL.encode(lowDevice))\"").bytes
        )
        let cases: [(String, String, ChannelState, [UInt8], String)] = [
            (
                "revoked-legacy", "Revoked channel, type 0x01: legacy_frame (step 1 before step 4).", .revoked, legacy,
                "legacy_frame"
            ),
            (
                "revoked-too-short", "Revoked channel, 72 bytes: frame_too_short (step 2 before step 4).", .revoked,
                Array(frame.prefix(72)), "frame_too_short"
            ),
            (
                "expired-too-large", "Expired channel, 49,153 bytes: frame_too_large (step 3 before step 4).", expired,
                oversize, "frame_too_large"
            ),
            (
                "revoked-low-order", "Revoked channel, low-order hs_eph_pub: channel_revoked (step 4 before step 5).",
                .revoked, lowOrder, "channel_revoked"
            ),
            (
                "expired-low-order", "Expired channel, low-order hs_eph_pub: pairing_expired (step 4 before step 5).",
                expired, lowOrder, "pairing_expired"
            ),
            (
                "expired-tampered", "Expired channel, tampered ciphertext: pairing_expired (step 4 before step 6).",
                expired, tampered, "pairing_expired"
            ),
            (
                "json-before-unknown-device",
                "Paired with another device, device_pubkey padded: bad_base64url (step 7 before step 8).",
                .paired(devicePublicKey: other, lastHandshakeEphemeral: nil), badKey, "bad_base64url"
            ),
            (
                "unknown-device-before-replay",
                "Paired with another device and this hs_eph_pub as last: unknown_device (step 8 before step 9).",
                .paired(devicePublicKey: other, lastHandshakeEphemeral: f.handshakeEphemeralPublic), frame,
                "unknown_device"
            ),
            (
                "unknown-device-before-low-order",
                "Paired with another device, low-order device_pubkey: unknown_device (step 8 before step 10).",
                .paired(devicePublicKey: other, lastHandshakeEphemeral: nil), lowDeviceFrame, "unknown_device"
            ),
            (
                "replay-before-low-order",
                "Paired with a low-order key and this hs_eph_pub as last: handshake_replayed (step 9 before step 10).",
                .paired(devicePublicKey: lowDevice, lastHandshakeEphemeral: f.handshakeEphemeralPublic), lowDeviceFrame,
                "handshake_replayed"
            ),
        ]
        for (name, comment, channel, message, error) in cases {
            try core(
                &file,
                "order-\(name)",
                ["HS-4"],
                comment,
                flags: ["CheckOrder"],
                input: f.coreInput(channel: channel, steps: [f.coreStep(message)]),
                errors: [error]
            )
        }
    }

    private static func addLowOrder(_ file: inout VectorFileBuilder) throws {
        for point in LowOrderPoints.all {
            var f = fixture(file, "low-order-hs-eph-\(point.name)")
            var frame = try f.handshake()
            frame.replaceSubrange(HandshakeMessage.ephemeralKeyRange, with: point.bytes)
            try core(
                &file,
                f,
                ["HS-4", "DH-2"],
                "hs_eph_pub = \(point.name): hs_dh is all zero, low_order_key before any decryption.",
                flags: ["LowOrder"],
                input: f.coreInput(steps: [f.coreStep(frame)]),
                errors: ["low_order_key"]
            )
            for field in ["device_pubkey", "client_ephemeral_pubkey"] {
                let name = "low-order-\(field == "device_pubkey" ? "device-key" : "client-ephemeral")-\(point.name)"
                f = fixture(file, name)
                frame = try f.handshake(
                    plaintext: f.handshakeMembers
                        .replacingValue(of: field, with: "\"\(Base64URL.encode(point.bytes))\"").bytes
                )
                try core(
                    &file,
                    name,
                    ["HS-4", "DH-2"],
                    "\(field) = \(point.name) in an authentic handshake: \(field == "device_pubkey" ? "static_dh" : "eph_dh") is all zero, low_order_key.",
                    flags: ["LowOrder"],
                    input: f.coreInput(steps: [f.coreStep(frame)]),
                    errors: ["low_order_key"]
                )
            }
        }
    }

    private static func addAuthentication(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "authentication")
        let frame = try f.handshake()
        func flipped(_ index: Int) -> [UInt8] {
            var copy = frame
            copy[index] ^= 0x01
            return copy
        }
        let header = [MessageType.handshake.rawValue] + f.handshakeEphemeralPublic
        let hsDH = try X25519.sharedSecret(privateKey: f.handshakeEphemeralPrivate, publicKey: f.corePublic)
        let key = KeySchedule.handshakeKey(
            handshakeDH: hsDH,
            handshakeEphemeralPublic: f.handshakeEphemeralPublic,
            corePublic: f.corePublic
        )
        let plaintext = f.handshakeMembers.bytes
        let noAAD =
            header + f.handshakeNonce
            + XChaCha20Poly1305.seal(key: key, nonce: f.handshakeNonce, plaintext: plaintext, aad: [])
        let rawKey =
            header + f.handshakeNonce
            + XChaCha20Poly1305.seal(key: hsDH, nonce: f.handshakeNonce, plaintext: plaintext, aad: header)
        let otherCore = f.otherCore("scanned")
        let cases: [(String, String, [UInt8])] = [
            ("tampered-hs-eph-pub", "A bit of hs_eph_pub flipped: key and aad change, auth_failed.", flipped(5)),
            ("tampered-nonce", "A bit of the nonce flipped: auth_failed.", flipped(40)),
            ("tampered-ciphertext", "A bit of the ciphertext flipped: auth_failed.", flipped(60)),
            ("tampered-tag", "A bit of the tag flipped: auth_failed.", flipped(frame.count - 1)),
            (
                "sealed-without-aad",
                "The handshake sealed with an empty aad instead of 0x03 || hs_eph_pub: auth_failed.", noAAD
            ),
            (
                "sealed-with-raw-dh",
                "The handshake sealed with hs_dh itself as the key (as G2/G3 did), not k_hs: auth_failed.", rawKey
            ),
            (
                "sealed-to-another-core",
                "A handshake built for another core's public key (a QR code of another core): auth_failed.",
                try otherCore.handshake()
            ),
        ]
        for (name, comment, message) in cases {
            try core(
                &file,
                name,
                ["HS-4", "HS-1", "KDF-3"],
                comment,
                flags: ["Tampered"],
                input: f.coreInput(steps: [f.coreStep(message)]),
                errors: ["auth_failed"]
            )
        }
    }

    private static func addJSON(_ file: inout VectorFileBuilder) throws {
        let base = fixture(file, "json")
        let otherKey = "\"\(Base64URL.encode(base.otherDevice("duplicate").devicePublic))\""
        let members = base.handshakeMembers
        var cases = JSONCases.document(members, firstRequired: "device_pubkey")
        cases += JSONCases.member("device_pubkey", in: members, isKey: true, otherValid: otherKey)
        cases += JSONCases.member("client_ephemeral_pubkey", in: members, isKey: true, otherValid: otherKey)
        cases.append(
            JSONCase(
                name: "order-device-pubkey-first",
                comment:
                    "client_ephemeral_pubkey is a number and device_pubkey 3 bytes: device_pubkey is checked first.",
                plaintext: Array("{\"client_ephemeral_pubkey\":7,\"device_pubkey\":\"AAAA\"}".utf8),
                error: "bad_key_length",
                requirements: ["JSON-7"],
                flag: "MemberOrder"
            )
        )
        for jsonCase in cases {
            try core(
                &file,
                jsonCase.name,
                jsonCase.requirements + ["HS-4"],
                jsonCase.comment,
                flags: [jsonCase.flag],
                input: base.coreInput(steps: [base.coreStep(try base.handshake(plaintext: jsonCase.plaintext))]),
                errors: [jsonCase.error]
            )
        }
    }
}
