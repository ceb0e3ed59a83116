import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The verifier's version 3 vectors (VERIFY-13, VERIFY-14, KEYLOG-13): a clean pairing with and
/// without its key log, and each departure a trace shows beside the trace that does not show it.
extension VerifyVectors {
    static func pairingV3Cases(_ pairing: RecordedPairingV3) throws -> [Case] {
        try pairingV3CleanCases(pairing) + pairingV3WireCases(pairing) + pairingV3RecordCases(pairing)
            + pairingV3KeyLogCases(pairing)
    }

    private static func appending(_ pairing: RecordedPairingV3, _ message: [UInt8], from role: Role) -> [TraceRecord] {
        pairing.records + [RecordedPairingV3.record(message, from: role, time: pairing.records.last!.time + 10)]
    }

    private static func replacing(
        _ pairing: RecordedPairingV3,
        _ index: Int,
        with message: [UInt8],
        from role: Role
    ) -> [TraceRecord] {
        var records = pairing.records
        records[index] = RecordedPairingV3.record(message, from: role, time: records[index].time)
        return records
    }

    private static func pairingV3CleanCases(_ pairing: RecordedPairingV3) throws -> [Case] {
        let r = pairing.records, key = pairing.keyLog
        let resent =
            [r[0], r[1], RecordedPairingV3.record(pairing.messageOne, from: .device, time: r[1].time)] + r[2...]
        return [
            Case(
                "v3-clean-with-key-log",
                requires: ["VERIFY-14", "KEYLOG-13", "V3-COMMIT-2", "V3-SAS-1", "V3-CONFIRM-1"],
                flags: ["Clean"],
                comment:
                    "A version 3 pairing (0x10, 0x11, the reveal, the core's Yes, the device's Match) with both sides' "
                    + "key log lines: everything opens, the reveal matches the commitment, both answers confirm the "
                    + "code, which the verifier prints at the reveal's step.",
                input: trace(r, keyLog: key),
                expect: departures([])
            ),
            Case(
                "v3-clean-without-key-log",
                requires: ["VERIFY-13", "V3-MSG-1"],
                flags: ["Clean"],
                comment: "The same pairing without secrets passes every check that needs none.",
                input: trace(r),
                expect: departures([])
            ),
            Case(
                "v3-clean-relay-capture",
                requires: ["VERIFY-13", "VERIFY-2"],
                flags: ["Clean"],
                comment: "The pairing captured at the relay: each message checked once.",
                input: trace(
                    r.flatMap { record -> [TraceRecord] in
                        guard case .event(let name, let from, let to, let data) = record.body else { return [record] }
                        return [
                            TraceRecord(
                                time: record.time,
                                body: .event(name: name, from: from, to: .relay, data: data)
                            ),
                            TraceRecord(
                                time: record.time + 1,
                                body: .event(name: name, from: .relay, to: to, data: data)
                            ),
                        ]
                    },
                    keyLog: key
                ),
                expect: departures([])
            ),
            Case(
                "v3-message-one-resent-unanswered",
                requires: ["VERIFY-13", "V3-CORE-1"],
                flags: ["Clean"],
                comment:
                    "The device's message 1 twice before any message 2: a resend the core may answer once, not a "
                    + "departure.",
                input: trace(resent, keyLog: key),
                expect: departures([])
            ),
        ]
    }

    /// Departures of the 0x10 and 0x11 visible without any secret.
    private static func pairingV3WireCases(_ pairing: RecordedPairingV3) throws -> [Case] {
        let r = pairing.records
        let reused = try pairing.otherMessageOne(device: "device", nonce: "other-nonce")
        let other = try pairing.otherAttempt(device: "second-device", nonce: "other-nonce")
        var lowOrder = pairing.messageOne
        lowOrder.replaceSubrange(1..<33, with: [UInt8](repeating: 0, count: 32))
        let exchange = try RecordedExchange(id: "verify/pairing-v3-version-2")
        let version2 = { (index: Int, role: Role) in
            RecordedPairingV3.record(
                try Base64URL.decode(exchange.records[index].frame!.payload),
                from: role,
                time: r[2].time
            )
        }
        let secondAttempt =
            r + [
                RecordedPairingV3.record(other.messageOne, from: .device, time: r.last!.time + 10),
                RecordedPairingV3.record(other.messageTwo, from: .core, time: r.last!.time + 20),
            ]
        return [
            Case(
                "v3-message-one-from-core",
                requires: ["VERIFY-13", "TYPE-1"],
                flags: ["Keyless"],
                comment: "A 0x10 sent by the core, which only the device sends.",
                input: trace(appending(pairing, pairing.messageOne, from: .core)),
                expect: departures([("TYPE-1", 7)])
            ),
            Case(
                "v3-message-one-too-long",
                requires: ["VERIFY-13", "V3-MSG-1"],
                flags: ["Keyless"],
                comment: "Message 1 with one byte more than its 129.",
                input: trace(replacing(pairing, 1, with: pairing.messageOne + [0], from: .device)),
                expect: departures([("V3-MSG-1", 2)])
            ),
            Case(
                "v3-message-one-replayed",
                requires: ["VERIFY-13", "V3-CORE-1"],
                flags: ["Keyless"],
                comment: "The device's message 1 again after the core answered it: the replay it must refuse.",
                input: trace(appending(pairing, pairing.messageOne, from: .device)),
                expect: departures([("V3-CORE-1", 7)])
            ),
            Case(
                "v3-message-one-replay-probe",
                requires: ["VERIFY-12", "V3-CORE-1"],
                flags: ["Clean"],
                comment: "The same replay made by the capture, marked as a probe the core refused.",
                input: trace(
                    pairing.records + [
                        RecordedPairingV3.record(pairing.messageOne, from: .device, time: r.last!.time + 10)
                            .probing(TraceProbe(breaks: "V3-CORE-1", answer: .refused))
                    ]
                ),
                expect: departures([])
            ),
            Case(
                "v3-ephemeral-key-reused",
                requires: ["VERIFY-13", "V3-NOISE-1"],
                flags: ["Keyless"],
                comment: "A second message 1 with the first one's e_D and another commitment.",
                input: trace(appending(pairing, reused, from: .device)),
                expect: departures([("V3-NOISE-1", 7)])
            ),
            Case(
                "v3-second-device-fresh-ephemeral",
                requires: ["VERIFY-13", "V3-NOISE-1"],
                flags: ["Clean"],
                comment: "A second message 1 under a fresh e_D: no departure.",
                input: trace(appending(pairing, other.messageOne, from: .device)),
                expect: departures([])
            ),
            Case(
                "v3-low-order-ephemeral",
                requires: ["VERIFY-13", "V3-NOISE-2"],
                flags: ["Keyless"],
                comment: "A message 1 whose e_D is the zero point: the core's es would be 32 zero bytes.",
                input: trace(appending(pairing, lowOrder, from: .device)),
                expect: departures([("V3-NOISE-2", 7)])
            ),
            Case(
                "v3-second-message-two",
                requires: ["VERIFY-13", "V3-CORE-1"],
                flags: ["Keyless"],
                comment: "The core's message 2 again, with no message 1 outstanding.",
                input: trace(appending(pairing, pairing.messageTwo, from: .core)),
                expect: departures([("V3-CORE-1", 7)])
            ),
            Case(
                "v3-second-attempt-answered",
                requires: ["VERIFY-13", "VERIFY-14", "V3-CORE-1"],
                flags: ["Clean"],
                comment: "A second device's message 1 and the core's message 2 for it, with both attempts' key logs.",
                input: trace(secondAttempt, keyLog: pairing.keyLog + other.keyLog),
                expect: departures([])
            ),
            Case(
                "v3-ack-on-version-3-channel",
                requires: ["VERIFY-13", "V3-BIND-1"],
                flags: ["Keyless"],
                comment: "A version 2 handshake on the version 3 channel, and the core's ack for it.",
                input: trace([r[0], r[1], try version2(1, .device), try version2(2, .core)]),
                expect: departures([("V3-BIND-1", 4)])
            ),
            Case(
                "v3-version-2-handshake-shown",
                requires: ["VERIFY-13", "V3-BIND-1"],
                flags: ["Clean"],
                comment: "The version 2 handshake alone: a version 2 app may send one; the core must refuse it.",
                input: trace([r[0], r[1], try version2(1, .device)]),
                expect: departures([])
            ),
        ]
    }

    /// Departures of the records visible without any secret.
    private static func pairingV3RecordCases(_ pairing: RecordedPairingV3) throws -> [Case] {
        let r = pairing.records
        let filler = [UInt8](repeating: 7, count: 32)
        return [
            Case(
                "v3-record-before-message-two",
                requires: ["VERIFY-13", "V3-DEV-1"],
                flags: ["Keyless"],
                comment: "The device's reveal before any message 2 answered its message 1.",
                input: trace([r[0], r[1], r[3]]),
                expect: departures([("V3-DEV-1", 3)])
            ),
            Case(
                "v3-record-too-short",
                requires: ["VERIFY-13", "V3-MSG-1"],
                flags: ["Keyless"],
                comment: "The reveal one byte short of its 49.",
                input: trace(replacing(pairing, 3, with: Array(pairing.reveal.dropLast()), from: .device)),
                expect: departures([("V3-MSG-1", 4)])
            ),
            Case(
                "v3-third-device-record",
                requires: ["VERIFY-13", "V3-MSG-1"],
                flags: ["Keyless"],
                comment: "A third record from the device, after its reveal and its Match.",
                input: trace(appending(pairing, try pairing.furtherRecord(filler, from: .device), from: .device)),
                expect: departures([("V3-MSG-1", 7)])
            ),
            Case(
                "v3-second-core-record",
                requires: ["VERIFY-13", "V3-MSG-1"],
                flags: ["Keyless"],
                comment: "A second record from the core, after its Yes.",
                input: trace(appending(pairing, try pairing.furtherRecord(filler, from: .core), from: .core)),
                expect: departures([("V3-MSG-1", 7)])
            ),
            Case(
                "v3-core-record-before-reveal",
                requires: ["VERIFY-13", "V3-CONFIRM-1"],
                flags: ["Keyless"],
                comment: "The core's Yes before the device's reveal: no code was on its screen.",
                input: trace([r[0], r[1], r[2], r[4]]),
                expect: departures([("V3-CONFIRM-1", 4)])
            ),
            Case(
                "v3-record-delivered-twice",
                requires: ["VERIFY-13", "V3-NOISE-3"],
                flags: ["Keyless"],
                comment: "The core's Yes delivered a second time: its counter has passed.",
                input: trace(appending(pairing, pairing.coreYes, from: .core)),
                expect: departures([("V3-NOISE-3", 7)])
            ),
        ]
    }

    /// Departures only the key log shows, each beside the same trace without it.
    private static func pairingV3KeyLogCases(_ pairing: RecordedPairingV3) throws -> [Case] {
        let key = pairing.keyLog
        let badReveal = replacing(
            pairing,
            3,
            with: try pairing.record([UInt8](repeating: 1, count: 32), from: .device, index: 0),
            from: .device
        )
        let otherCode = pairing.code == "000000" ? "000001" : "000000"
        let wrongYes = replacing(
            pairing,
            4,
            with: try pairing.record(
                PairingV3Record.confirmation(by: .core, handshakeHash: pairing.handshakeHash, code: otherCode),
                from: .core,
                index: 0
            ),
            from: .core
        )
        let coreNo = Array(
            replacing(
                pairing,
                4,
                with: try pairing.record(
                    PairingV3Record.rejection(by: .core, handshakeHash: pairing.handshakeHash),
                    from: .core,
                    index: 0
                ),
                from: .core
            ).prefix(5)
        )
        var tampered = pairing.messageOne
        tampered[100] ^= 0x01
        let tamperedTrace = Array(replacing(pairing, 1, with: tampered, from: .device).prefix(2))
        let wrongTransport = KeyLogEntry(
            label: .pairingV3Transport,
            id: Array(pairing.messageOne[1..<33]),
            secret: LabelDerived.bytes(64, id: "verify/pairing-v3", name: "wrong-transport")
        )
        return [
            Case(
                "v3-reveal-breaks-commitment",
                requires: ["VERIFY-14", "V3-COMMIT-2"],
                flags: ["KeyLog"],
                comment: "The device's first record opens to 32 bytes that do not hash to its commitment.",
                input: trace(badReveal, keyLog: key),
                expect: departures([("V3-COMMIT-2", 4)])
            ),
            Case(
                "v3-reveal-breaks-commitment-no-key-log",
                requires: ["VERIFY-13"],
                flags: ["Clean"],
                comment: "The same trace without the key log: nothing to see.",
                input: trace(badReveal),
                expect: departures([])
            ),
            Case(
                "v3-yes-for-other-code",
                requires: ["VERIFY-14", "V3-CONFIRM-1", "V3-SAS-1"],
                flags: ["KeyLog"],
                comment: "The core's record confirms another code than the one h, N_D and N_C give.",
                input: trace(wrongYes, keyLog: key),
                expect: departures([("V3-CONFIRM-1", 5)])
            ),
            Case(
                "v3-core-rejects",
                requires: ["VERIFY-14", "V3-CONFIRM-1"],
                flags: ["Clean"],
                comment: "The core's record is its rejection for this h: a No, not a departure.",
                input: trace(coreNo, keyLog: key),
                expect: departures([])
            ),
            Case(
                "v3-tampered-message-one",
                requires: ["VERIFY-14", "V3-NOISE-3"],
                flags: ["KeyLog"],
                comment: "One bit of message 1's encrypted commitment flipped: it does not open under V3_M1_PAYLOAD.",
                input: trace(tamperedTrace, keyLog: key),
                expect: departures([("V3-NOISE-3", 2)])
            ),
            Case(
                "v3-tampered-message-one-no-key-log",
                requires: ["VERIFY-13"],
                flags: ["Clean"],
                comment: "The same tampered message 1 without the key log: nothing to see.",
                input: trace(tamperedTrace),
                expect: departures([])
            ),
            Case(
                "v3-key-log-contradicts-itself",
                requires: ["KEYLOG-4", "KEYLOG-13"],
                flags: ["KeyLog"],
                comment: "V3_TRANSPORT for the attempt's e_D logged with a second, different secret.",
                input: trace(pairing.records, keyLog: key + wrongTransport.line),
                expect: departures([("KEYLOG-4", 0)])
            ),
        ]
    }
}
