import KitModels
import OpenHumanTunnel
import Testing
import TunnelCrypto
import TunnelVerifier
import VectorGeneration

/// The verifier on version 3 reconnections the library built after a pairing (kit chapter 3,
/// VERIFY-15, VERIFY-16, KEYLOG-13): each departure by its requirement id and step, a positive
/// control beside each. The pairing is steps 1 to 6, the reconnections from step 7.
@Suite struct ReconnectionV3VerifierTests {
    static let pairing = try! RecordedPairingV3(id: "verifier-test/reconnection-v3")
    static let first = try! RecordedReconnectionV3(pairing: pairing, name: "first")
    static let second = try! RecordedReconnectionV3(pairing: pairing, name: "second")
    static let keyLog = pairing.keyLog + first.keyLog + second.keyLog

    static func verify(_ records: [TraceRecord], keyLog: String? = nil, continuing: Bool = false) -> Verification {
        TraceVerifier.verify(
            VerifierInput(
                trace: Array(RecordedExchange.trace(records).utf8),
                keyLog: keyLog,
                continuePastDepartures: continuing
            )
        )
    }

    static func departures(_ v: Verification) -> [String] { v.departures.map { "\($0.requirement)@\($0.step)" } }

    /// The pairing, then `messages` from step 7 on.
    static func after(_ messages: [([UInt8], Role)]) -> [TraceRecord] {
        let start = pairing.records.last!.time + 10
        return pairing.records
            + messages.enumerated().map { index, pair in
                RecordedPairingV3.record(pair.0, from: pair.1, time: start + 10 * Int64(index))
            }
    }

    static func all(_ r: RecordedReconnectionV3) -> [([UInt8], Role)] {
        [(r.messageOne, .device), (r.messageTwo, .core), (r.confirmation, .device)]
    }

    static func flipped(_ message: [UInt8]) -> [UInt8] {
        var copy = message
        copy[copy.count - 1] ^= 0x01
        return copy
    }

    // REQ: VERIFY-16, KEYLOG-13
    @Test func aCleanReconnectionWithItsKeyLogOpensTheConfirmationAndCommitsIt() throws {
        let v = Self.verify(Self.after(Self.all(Self.first)), keyLog: Self.keyLog)
        #expect(Self.departures(v) == [])
        let text = TranscriptText.render(v)
        #expect(text.contains("opened under V3_TRANSPORT"))
        #expect(text.contains("the core commits the reconnection of step 7"))
        // Positive control: without the key log the confirmation is not opened, and still commits.
        let keyless = TranscriptText.render(Self.verify(Self.after(Self.all(Self.first))))
        #expect(!keyless.contains("opened under V3_TRANSPORT"))
        #expect(keyless.contains("the core commits the reconnection of step 7"))
    }

    // REQ: VERIFY-11, KEYLOG-13
    @Test func theTranscriptOfAReconnectionHoldsNoSecretOfTheKeyLog() throws {
        let text = TranscriptText.render(Self.verify(Self.after(Self.all(Self.first)), keyLog: Self.keyLog))
        for entry in Self.first.keyLogEntries {
            #expect(!text.contains(Hex.encode(entry.secret)))
            #expect(!text.contains(Hex.encode(Array(entry.secret.prefix(32)))))
            #expect(!text.contains(Hex.encode(Array(entry.secret.suffix(32)))))
        }
        // Positive control: the line's id, e of the 0x13, is public and shown.
        #expect(text.contains(Hex.encode(Array(Self.first.messageOne[1..<33]))))
    }

    // REQ: KEYLOG-13, KEYLOG-4
    @Test func theDeviceAndTheCoreLogTheSameOneTransportLineNamedByTheMessageOnesE() throws {
        let entries = Self.first.keyLogEntries
        #expect(entries.count == 2)
        #expect(entries[0] == entries[1])
        #expect(entries[0].label == .pairingV3Transport)
        #expect(entries[0].id == Array(Self.first.messageOne[1..<33]))
        #expect(entries[0] != Self.second.keyLogEntries[0])
    }

    // REQ: VERIFY-15, V3-RECON-2
    @Test func theCurrentOrPendingReconnectionsMessageOneAgainIsV3RECON2AndAnOlderOneIsNot() throws {
        let replayPending = Self.after([
            (Self.first.messageOne, .device), (Self.first.messageTwo, .core), (Self.first.messageOne, .device),
        ])
        #expect(Self.departures(Self.verify(replayPending)) == ["V3-RECON-2@9"])
        #expect(
            Self.departures(Self.verify(Self.after(Self.all(Self.first) + [(Self.first.messageOne, .device)])))
                == ["V3-RECON-2@10"]
        )
        // Positive control: after a second reconnection committed, the first is neither.
        let older = Self.after(Self.all(Self.first) + Self.all(Self.second) + [(Self.first.messageOne, .device)])
        #expect(Self.departures(Self.verify(older)) == [])
    }

    // REQ: VERIFY-15, V3-RECON-4
    @Test func aConfirmationWithoutAnAnsweredMessageOneOrASecondOneIsV3RECON4() throws {
        let early = Self.after([(Self.first.messageOne, .device), (Self.first.confirmation, .device)])
        #expect(Self.departures(Self.verify(early)) == ["V3-RECON-4@8"])
        let twice = Self.after(Self.all(Self.first) + [(Self.first.confirmation, .device)])
        #expect(Self.departures(Self.verify(twice)) == ["V3-RECON-4@10"])
        // Positive control: one confirmation after each of two answered reconnections.
        #expect(Self.departures(Self.verify(Self.after(Self.all(Self.first) + Self.all(Self.second)))) == [])
    }

    // REQ: VERIFY-15, V3-RECON-2
    @Test func aMessageTwoWithNoMessageOneOutstandingIsV3RECON2UnlessTheTraceStartedAfterIt() throws {
        let unasked = Self.after(Self.all(Self.first) + [(Self.first.messageTwo, .core)])
        #expect(Self.departures(Self.verify(unasked)) == ["V3-RECON-2@10"])
        // Positive control: a capture that starts after the 0x13 reads the 0x14 and 0x15 as answered before it.
        let late = Array(Self.first.records(from: RecordedPairingV3.startTime).dropFirst())
        #expect(Self.departures(Self.verify(late)) == [])
    }

    // REQ: VERIFY-15, V3-RECON-4
    @Test func theEOfAnEarlierMessageOneWithOtherBytesIsV3RECON4AndTheSameBytesAreAResend() throws {
        let reused = Self.after([(Self.first.messageOne, .device), (Self.flipped(Self.first.messageOne), .device)])
        #expect(Self.departures(Self.verify(reused)) == ["V3-RECON-4@8"])
        let resent = Self.after([(Self.first.messageOne, .device)] + Self.all(Self.first))
        #expect(Self.departures(Self.verify(resent)) == [])
    }

    // REQ: VERIFY-15, TYPE-1, V3-RECON-1, V3-NOISE-2
    @Test func sendersSizesAndLowOrderKeysAreCheckedWithoutSecrets() throws {
        #expect(Self.departures(Self.verify(Self.after([(Self.first.messageOne, .core)]))) == ["TYPE-1@7"])
        #expect(
            Self.departures(Self.verify(Self.after([(Array(Self.first.messageOne.dropLast()), .device)])))
                == ["V3-RECON-1@7"]
        )
        var lowOrder = Self.first.messageOne
        lowOrder.replaceSubrange(1..<33, with: [UInt8](repeating: 0, count: 32))
        #expect(Self.departures(Self.verify(Self.after([(lowOrder, .device)]))) == ["V3-NOISE-2@7"])
        let longConfirmation = Self.after([
            (Self.first.messageOne, .device), (Self.first.messageTwo, .core), (Self.first.confirmation + [0], .device),
        ])
        #expect(Self.departures(Self.verify(longConfirmation)) == ["V3-RECON-1@9"])
        // Positive control: the genuine messages from their senders.
        #expect(Self.departures(Self.verify(Self.after(Self.all(Self.first)))) == [])
    }

    // REQ: VERIFY-16, V3-NOISE-3
    @Test func aConfirmationThatDoesNotOpenIsV3NOISE3AndTheGenuineOneAfterItStillCommits() throws {
        let broken: [([UInt8], Role)] = [
            (Self.first.messageOne, .device), (Self.first.messageTwo, .core),
            (Self.flipped(Self.first.confirmation), .device),
        ]
        #expect(Self.departures(Self.verify(Self.after(broken), keyLog: Self.keyLog)) == ["V3-NOISE-3@9"])
        #expect(Self.departures(Self.verify(Self.after(broken))) == [])
        let recovered = Self.verify(
            Self.after(broken + [(Self.first.confirmation, .device)]),
            keyLog: Self.keyLog,
            continuing: true
        )
        #expect(Self.departures(recovered) == ["V3-NOISE-3@9"])
        #expect(TranscriptText.render(recovered).contains("the core commits the reconnection of step 7"))
    }

    // REQ: VERIFY-16, V3-NOISE-3
    @Test func aConfirmationUnderAnotherReconnectionsKeysIsV3NOISE3() throws {
        let crossed = Self.after([
            (Self.first.messageOne, .device), (Self.first.messageTwo, .core), (Self.second.confirmation, .device),
        ])
        #expect(Self.departures(Self.verify(crossed, keyLog: Self.keyLog)) == ["V3-NOISE-3@9"])
        // Positive control: the second reconnection's own confirmation opens under its line.
        #expect(Self.departures(Self.verify(Self.after(Self.all(Self.second)), keyLog: Self.keyLog)) == [])
    }

    // REQ: VERIFY-15
    @Test func aReconnectionOnAChannelWithNoPairingInTheTraceIsOneOfAChannelPairedBeforeIt() throws {
        let v = Self.verify(Self.first.records(from: RecordedPairingV3.startTime), keyLog: Self.first.keyLog)
        #expect(Self.departures(v) == [])
        #expect(TranscriptText.render(v).contains("paired before it"))
        // Positive control: after the pairing in the trace, no such note.
        #expect(!TranscriptText.render(Self.verify(Self.after(Self.all(Self.first)))).contains("paired before it"))
    }
}
