import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The verifier's version 3 reconnection vectors (VERIFY-15, VERIFY-16, KEYLOG-13): the pairing
/// of `RecordedPairingV3` (steps 1 to 6) followed by reconnections (from step 7), clean with and
/// without the key log, and each departure beside the trace that does not show it.
extension VerifyVectors {
    static func reconnectionV3Cases(_ pairing: RecordedPairingV3) throws -> [Case] {
        let first = try RecordedReconnectionV3(pairing: pairing, name: "first")
        let second = try RecordedReconnectionV3(pairing: pairing, name: "second")
        return try reconnectionCleanCases(pairing, first, second) + reconnectionWireCases(pairing, first)
            + reconnectionOrderCases(pairing, first, second) + reconnectionKeyLogCases(pairing, first, second)
    }

    /// The pairing, then `messages` from step 7 on, 10 ms apart.
    private static func after(_ pairing: RecordedPairingV3, _ messages: [([UInt8], Role)]) -> [TraceRecord] {
        let start = pairing.records.last!.time + 10
        return pairing.records
            + messages.enumerated().map { index, pair in
                RecordedPairingV3.record(pair.0, from: pair.1, time: start + 10 * Int64(index))
            }
    }

    private static func messages(_ reconnection: RecordedReconnectionV3) -> [([UInt8], Role)] {
        [(reconnection.messageOne, .device), (reconnection.messageTwo, .core), (reconnection.confirmation, .device)]
    }

    private static func reconnectionCleanCases(
        _ pairing: RecordedPairingV3,
        _ first: RecordedReconnectionV3,
        _ second: RecordedReconnectionV3
    ) throws -> [Case] {
        let keyLog = pairing.keyLog + first.keyLog + second.keyLog
        return [
            Case(
                "v3-reconnection-clean-with-key-log",
                requires: ["VERIFY-16", "KEYLOG-13", "V3-RECON-1"],
                flags: ["Clean"],
                comment:
                    "A version 3 pairing, then a reconnection (0x13, 0x14, 0x15) with both sides' V3_TRANSPORT "
                    + "lines for it: the key confirmation opens under the device-to-core key named by the 0x13's e.",
                input: trace(after(pairing, messages(first)), keyLog: pairing.keyLog + first.keyLog),
                expect: departures([])
            ),
            Case(
                "v3-reconnection-clean-without-key-log",
                requires: ["VERIFY-15", "V3-RECON-1"],
                flags: ["Clean"],
                comment: "The same pairing and reconnection without secrets passes every check that needs none.",
                input: trace(after(pairing, messages(first))),
                expect: departures([])
            ),
            Case(
                "v3-two-reconnections",
                requires: ["VERIFY-15", "VERIFY-16", "V3-RECON-2"],
                flags: ["Clean"],
                comment: "Two reconnections one after the other, each with a fresh e, each confirmed once.",
                input: trace(after(pairing, messages(first) + messages(second)), keyLog: keyLog),
                expect: departures([])
            ),
            Case(
                "v3-reconnection-without-pairing",
                requires: ["VERIFY-15"],
                flags: ["Clean"],
                comment:
                    "A capture that starts after the pairing: a reconnection of a channel paired before the "
                    + "trace, read as such.",
                input: trace(first.records(from: RecordedPairingV3.startTime), keyLog: first.keyLog),
                expect: departures([])
            ),
            Case(
                "v3-reconnection-answered-before-the-trace",
                requires: ["VERIFY-15"],
                flags: ["Clean"],
                comment: "A capture that starts between the 0x13 and the 0x14: the 0x14 and its 0x15 are not checked.",
                input: trace(Array(first.records(from: RecordedPairingV3.startTime).dropFirst())),
                expect: departures([])
            ),
            Case(
                "v3-older-reconnection-replayed",
                requires: ["VERIFY-15", "V3-RECON-2"],
                flags: ["Clean"],
                comment:
                    "The first reconnection's 0x13 again after a second reconnection committed: neither current nor "
                    + "pending, so the core answers it (13.8) and nothing can commit it; no departure.",
                input: trace(after(pairing, messages(first) + messages(second) + [(first.messageOne, .device)])),
                expect: departures([])
            ),
            Case(
                "v3-reconnection-message-one-resent-unanswered",
                requires: ["VERIFY-15", "V3-RECON-4"],
                flags: ["Clean"],
                comment: "The device's 0x13 twice before any 0x14: a resend, not a departure.",
                input: trace(after(pairing, [(first.messageOne, .device)] + messages(first))),
                expect: departures([])
            ),
        ]
    }

    /// Senders, sizes and points: what a single message shows.
    private static func reconnectionWireCases(_ pairing: RecordedPairingV3, _ first: RecordedReconnectionV3) -> [Case] {
        var lowOrderOne = first.messageOne, lowOrderTwo = first.messageTwo
        lowOrderOne.replaceSubrange(1..<33, with: [UInt8](repeating: 0, count: 32))
        lowOrderTwo.replaceSubrange(1..<33, with: [UInt8](repeating: 0, count: 32))
        return [
            Case(
                "v3-reconnection-message-one-from-core",
                requires: ["VERIFY-15", "TYPE-1"],
                flags: ["Keyless"],
                comment: "A 0x13 sent by the core, which only the device sends.",
                input: trace(after(pairing, [(first.messageOne, .core)])),
                expect: departures([("TYPE-1", 7)])
            ),
            Case(
                "v3-reconnection-message-two-from-device",
                requires: ["VERIFY-15", "TYPE-1"],
                flags: ["Keyless"],
                comment: "A 0x14 sent by the device, which only the core sends.",
                input: trace(after(pairing, [(first.messageOne, .device), (first.messageTwo, .device)])),
                expect: departures([("TYPE-1", 8)])
            ),
            Case(
                "v3-key-confirmation-from-core",
                requires: ["VERIFY-15", "TYPE-1"],
                flags: ["Keyless"],
                comment: "A 0x15 sent by the core, which only the device sends.",
                input: trace(
                    after(
                        pairing,
                        [(first.messageOne, .device), (first.messageTwo, .core), (first.confirmation, .core)]
                    )
                ),
                expect: departures([("TYPE-1", 9)])
            ),
            Case(
                "v3-reconnection-message-one-too-short",
                requires: ["VERIFY-15", "V3-RECON-1"],
                flags: ["Keyless"],
                comment: "A 0x13 one byte short of its 49.",
                input: trace(after(pairing, [(Array(first.messageOne.dropLast()), .device)])),
                expect: departures([("V3-RECON-1", 7)])
            ),
            Case(
                "v3-reconnection-message-two-too-long",
                requires: ["VERIFY-15", "V3-RECON-1"],
                flags: ["Keyless"],
                comment: "A 0x14 one byte above its 49.",
                input: trace(after(pairing, [(first.messageOne, .device), (first.messageTwo + [0], .core)])),
                expect: departures([("V3-RECON-1", 8)])
            ),
            Case(
                "v3-key-confirmation-with-plaintext",
                requires: ["VERIFY-15", "V3-RECON-1"],
                flags: ["Keyless"],
                comment: "A 0x15 one byte above its 17: a non-empty plaintext, which the exact size refuses.",
                input: trace(
                    after(
                        pairing,
                        [(first.messageOne, .device), (first.messageTwo, .core), (first.confirmation + [0], .device)]
                    )
                ),
                expect: departures([("V3-RECON-1", 9)])
            ),
            Case(
                "v3-reconnection-low-order-device-ephemeral",
                requires: ["VERIFY-15", "V3-NOISE-2"],
                flags: ["Keyless"],
                comment: "A 0x13 whose e is the zero point.",
                input: trace(after(pairing, [(lowOrderOne, .device)])),
                expect: departures([("V3-NOISE-2", 7)])
            ),
            Case(
                "v3-reconnection-low-order-core-ephemeral",
                requires: ["VERIFY-15", "V3-NOISE-2"],
                flags: ["Keyless"],
                comment: "A 0x14 whose e is the zero point.",
                input: trace(after(pairing, [(first.messageOne, .device), (lowOrderTwo, .core)])),
                expect: departures([("V3-NOISE-2", 8)])
            ),
        ]
    }

    /// Which message may follow which.
    private static func reconnectionOrderCases(
        _ pairing: RecordedPairingV3,
        _ first: RecordedReconnectionV3,
        _ second: RecordedReconnectionV3
    ) -> [Case] {
        var otherBytes = first.messageOne
        otherBytes[otherBytes.count - 1] ^= 0x01
        return [
            Case(
                "v3-reconnection-message-two-unasked",
                requires: ["VERIFY-15", "V3-RECON-2"],
                flags: ["Keyless"],
                comment: "A second 0x14 after the reconnection was answered and confirmed: no 0x13 is outstanding.",
                input: trace(after(pairing, messages(first) + [(first.messageTwo, .core)])),
                expect: departures([("V3-RECON-2", 10)])
            ),
            Case(
                "v3-key-confirmation-before-message-two",
                requires: ["VERIFY-15", "V3-RECON-4"],
                flags: ["Keyless"],
                comment: "A 0x15 after a 0x13 no 0x14 answered: the device confirms only a message 2 it accepted.",
                input: trace(after(pairing, [(first.messageOne, .device), (first.confirmation, .device)])),
                expect: departures([("V3-RECON-4", 8)])
            ),
            Case(
                "v3-key-confirmation-twice",
                requires: ["VERIFY-15", "V3-RECON-4"],
                flags: ["Keyless"],
                comment: "The reconnection's 0x15 again after it committed: one confirmation per reconnection.",
                input: trace(after(pairing, messages(first) + [(first.confirmation, .device)])),
                expect: departures([("V3-RECON-4", 10)])
            ),
            Case(
                "v3-pending-reconnection-replayed",
                requires: ["VERIFY-15", "V3-RECON-2"],
                flags: ["Keyless"],
                comment:
                    "The 0x13 of the pending reconnection again, after its 0x14 and before its 0x15: the core must "
                    + "refuse it with handshake_replayed.",
                input: trace(
                    after(
                        pairing,
                        [(first.messageOne, .device), (first.messageTwo, .core), (first.messageOne, .device)]
                    )
                ),
                expect: departures([("V3-RECON-2", 9)])
            ),
            Case(
                "v3-current-reconnection-replayed",
                requires: ["VERIFY-15", "V3-RECON-2"],
                flags: ["Keyless"],
                comment: "The 0x13 of the reconnection the 0x15 committed, again: the current session's e.",
                input: trace(after(pairing, messages(first) + [(first.messageOne, .device)])),
                expect: departures([("V3-RECON-2", 10)])
            ),
            Case(
                "v3-reconnection-ephemeral-reused",
                requires: ["VERIFY-15", "V3-RECON-4"],
                flags: ["Keyless"],
                comment: "A 0x13 with the e of an earlier one and other bytes: no fresh ephemeral key.",
                input: trace(after(pairing, [(first.messageOne, .device), (otherBytes, .device)])),
                expect: departures([("V3-RECON-4", 8)])
            ),
            Case(
                "v3-reconnection-superseded",
                requires: ["VERIFY-15", "V3-RECON-2"],
                flags: ["Clean"],
                comment:
                    "A 0x13 refused (no 0x14), then a second reconnection answered and confirmed: the 0x14 answers "
                    + "the newest 0x13.",
                input: trace(after(pairing, [(first.messageOne, .device)] + messages(second))),
                expect: departures([])
            ),
        ]
    }

    /// What only the key log shows: the 0x15 under its reconnection's keys.
    private static func reconnectionKeyLogCases(
        _ pairing: RecordedPairingV3,
        _ first: RecordedReconnectionV3,
        _ second: RecordedReconnectionV3
    ) -> [Case] {
        var tampered = first.confirmation
        tampered[tampered.count - 1] ^= 0x01
        let keyLog = pairing.keyLog + first.keyLog + second.keyLog
        let broken: [([UInt8], Role)] = [(first.messageOne, .device), (first.messageTwo, .core), (tampered, .device)]
        return [
            Case(
                "v3-key-confirmation-tampered",
                requires: ["VERIFY-16", "V3-NOISE-3"],
                flags: ["KeyLog"],
                comment: "A 0x15 with one bit of its tag flipped: it does not open under the reconnection's keys.",
                input: trace(after(pairing, broken), keyLog: keyLog),
                expect: departures([("V3-NOISE-3", 9)])
            ),
            Case(
                "v3-key-confirmation-tampered-no-key-log",
                requires: ["VERIFY-15"],
                flags: ["Clean"],
                comment: "The same trace without the key log: nothing a verifier can see without keys.",
                input: trace(after(pairing, broken)),
                expect: departures([])
            ),
            Case(
                "v3-key-confirmation-after-refused-one",
                requires: ["VERIFY-16", "V3-RECON-2"],
                flags: ["KeyLog"],
                comment:
                    "The tampered 0x15, then the genuine one, read on: the core kept the reconnection pending, so "
                    + "the genuine confirmation commits it and only the tampered one departs.",
                input: trace(
                    after(pairing, broken + [(first.confirmation, .device)]),
                    keyLog: keyLog,
                    continuing: true
                ),
                expect: departures([("V3-NOISE-3", 9)])
            ),
            Case(
                "v3-key-confirmation-of-other-reconnection",
                requires: ["VERIFY-16", "V3-NOISE-3"],
                flags: ["KeyLog"],
                comment:
                    "The first reconnection's 0x13 and 0x14 followed by the second's 0x15: sealed under keys of a "
                    + "reconnection the 0x14 did not answer.",
                input: trace(
                    after(
                        pairing,
                        [(first.messageOne, .device), (first.messageTwo, .core), (second.confirmation, .device)]
                    ),
                    keyLog: keyLog
                ),
                expect: departures([("V3-NOISE-3", 9)])
            ),
        ]
    }
}
