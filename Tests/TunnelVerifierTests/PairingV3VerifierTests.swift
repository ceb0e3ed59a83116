import KitModels
import OpenHumanTunnel
import Testing
import TunnelCrypto
import TunnelVerifier
import VectorGeneration

/// The verifier on version 3 pairings the library built (kit chapter 3, VERIFY-13, VERIFY-14,
/// KEYLOG-13): each departure by its requirement id and step, a positive control beside each.
@Suite struct PairingV3VerifierTests {
    static func verify(_ records: [TraceRecord], keyLog: String? = nil) -> Verification {
        TraceVerifier.verify(VerifierInput(trace: Array(RecordedExchange.trace(records).utf8), keyLog: keyLog))
    }

    static func departures(_ v: Verification) -> [String] { v.departures.map { "\($0.requirement)@\($0.step)" } }

    static let pairing = try! RecordedPairingV3(id: "verifier-test/pairing-v3")

    static func appending(_ message: [UInt8], from role: Role) -> [TraceRecord] {
        let r = pairing.records
        return r + [RecordedPairingV3.record(message, from: role, time: r.last!.time + 10)]
    }

    // REQ: VERIFY-14, KEYLOG-13
    @Test func aCleanPairingWithItsKeyLogPassesAndPrintsTheCodeAndTheDeviceKey() throws {
        let v = Self.verify(Self.pairing.records, keyLog: Self.pairing.keyLog)
        #expect(Self.departures(v) == [])
        #expect(v.pairingCodes.map { "\($0.code)@\($0.step)" } == ["\(Self.pairing.code)@4"])
        let text = TranscriptText.render(v)
        #expect(text.contains("device static key"))
        #expect(text.contains("the reveal opens the commitment"))
        #expect(text.contains("Yes: the core confirms code \(Self.pairing.code)"))
        #expect(text.contains("Match: the device confirms code \(Self.pairing.code)"))
    }

    // REQ: VERIFY-11, KEYLOG-13
    @Test func theTranscriptOfAV3PairingHoldsNoSecretOfTheKeyLog() throws {
        let text = TranscriptText.render(Self.verify(Self.pairing.records, keyLog: Self.pairing.keyLog))
        for entry in Self.pairing.keyLogEntries {
            #expect(!text.contains(Hex.encode(entry.secret)))
            #expect(!text.contains(Base64URL.encode(entry.secret)))
            #expect(!text.contains(Hex.encode(Array(entry.secret.prefix(32)))))
        }
        #expect(!text.contains(Hex.encode(Self.pairing.handshakeHash)))
    }

    // REQ: KEYLOG-13, KEYLOG-4
    @Test func theDeviceAndTheCoreLogTheSameFourLinesForOneAttempt() throws {
        let entries = Self.pairing.keyLogEntries
        #expect(entries.count == 8)
        #expect(Array(entries[0..<4]) == Array(entries[4..<8]))
        #expect(
            entries[0..<4].map(\.label)
                == [.pairingV3StaticKey, .pairingV3CommitmentKey, .pairingV3CoreNonceKey, .pairingV3Transport]
        )
        #expect(entries.allSatisfy { $0.id == Array(Self.pairing.messageOne[1..<33]) })
    }

    // REQ: VERIFY-13
    @Test func aCleanPairingWithoutKeysPassesTheKeylessChecks() throws {
        let v = Self.verify(Self.pairing.records)
        #expect(Self.departures(v) == [])
        #expect(v.pairingCodes == [])
    }

    // REQ: VERIFY-13, TYPE-1
    @Test func aMessageOneFromTheCoreIsTYPE1AndFromTheDevicePasses() throws {
        #expect(Self.departures(Self.verify(Self.appending(Self.pairing.messageOne, from: .core))) == ["TYPE-1@7"])
        #expect(Self.departures(Self.verify(Self.appending(Self.pairing.messageTwo, from: .device))) == ["TYPE-1@7"])
        #expect(Self.departures(Self.verify(Array(Self.pairing.records.prefix(2)))) == [])
    }

    // REQ: VERIFY-13, V3-MSG-1
    @Test func aMessageOneOfAnotherSizeIsV3MSG1() throws {
        var r = Self.pairing.records
        r[1] = RecordedPairingV3.record(Self.pairing.messageOne + [0], from: .device, time: r[1].time)
        #expect(Self.departures(Self.verify(r)) == ["V3-MSG-1@2"])
        r[1] = RecordedPairingV3.record(Array(Self.pairing.messageOne.dropLast()), from: .device, time: r[1].time)
        #expect(Self.departures(Self.verify(r)) == ["V3-MSG-1@2"])
    }

    // REQ: VERIFY-13, V3-CORE-1
    @Test func anAnsweredMessageOneAgainIsTheReplayTheCoreMustRefuseAndAnUnansweredOneIsNot() throws {
        let r = Self.pairing.records
        #expect(Self.departures(Self.verify(Self.appending(Self.pairing.messageOne, from: .device))) == ["V3-CORE-1@7"])
        // Before any message 2, the same message 1 again is a resend the core may answer once.
        let resent =
            [r[0], r[1], RecordedPairingV3.record(Self.pairing.messageOne, from: .device, time: r[1].time)]
            + r[2...]
        #expect(Self.departures(Self.verify(resent, keyLog: Self.pairing.keyLog)) == [])
    }

    // REQ: VERIFY-13, V3-NOISE-1
    @Test func theSameEphemeralKeyWithOtherBytesIsV3NOISE1AndAFreshOneIsNot() throws {
        let reused = try Self.pairing.otherMessageOne(device: "device", nonce: "other-nonce")
        #expect(reused[1..<33] == Self.pairing.messageOne[1..<33])
        #expect(Self.departures(Self.verify(Self.appending(reused, from: .device))) == ["V3-NOISE-1@7"])
        let fresh = try Self.pairing.otherMessageOne(device: "second-device", nonce: "other-nonce")
        #expect(Self.departures(Self.verify(Self.appending(fresh, from: .device))) == [])
    }

    // REQ: VERIFY-13, V3-CORE-1
    @Test func aSecondMessageTwoIsV3CORE1AndOneForANewMessageOneIsNot() throws {
        #expect(Self.departures(Self.verify(Self.appending(Self.pairing.messageTwo, from: .core))) == ["V3-CORE-1@7"])
        let other = try Self.pairing.otherAttempt(device: "second-device", nonce: "other-nonce")
        let r = Self.pairing.records
        let again =
            r + [
                RecordedPairingV3.record(other.messageOne, from: .device, time: r.last!.time + 10),
                RecordedPairingV3.record(other.messageTwo, from: .core, time: r.last!.time + 20),
            ]
        #expect(Self.departures(Self.verify(again, keyLog: Self.pairing.keyLog + other.keyLog)) == [])
    }

    // REQ: VERIFY-13, V3-DEV-1
    @Test func aDeviceRecordBeforeMessageTwoIsV3DEV1() throws {
        let r = Self.pairing.records
        #expect(Self.departures(Self.verify([r[0], r[1], r[3]])) == ["V3-DEV-1@3"])
        #expect(Self.departures(Self.verify([r[0], r[1], r[2], r[3]])) == [])
    }

    // REQ: VERIFY-13, V3-MSG-1
    @Test func aThirdDeviceRecordAndASecondCoreRecordAreV3MSG1() throws {
        let third = try Self.pairing.furtherRecord([UInt8](repeating: 7, count: 32), from: .device)
        #expect(Self.departures(Self.verify(Self.appending(third, from: .device))) == ["V3-MSG-1@7"])
        let second = try Self.pairing.furtherRecord([UInt8](repeating: 7, count: 32), from: .core)
        #expect(Self.departures(Self.verify(Self.appending(second, from: .core))) == ["V3-MSG-1@7"])
    }

    // REQ: VERIFY-13, V3-CONFIRM-1
    @Test func aCoreRecordBeforeTheRevealIsV3CONFIRM1() throws {
        let r = Self.pairing.records
        #expect(Self.departures(Self.verify([r[0], r[1], r[2], r[4]])) == ["V3-CONFIRM-1@4"])
        #expect(Self.departures(Self.verify([r[0], r[1], r[2], r[3], r[4]])) == [])
    }

    // REQ: VERIFY-13, V3-NOISE-3
    @Test func aRecordDeliveredTwiceIsV3NOISE3() throws {
        #expect(Self.departures(Self.verify(Self.appending(Self.pairing.coreYes, from: .core))) == ["V3-NOISE-3@7"])
    }

    // REQ: VERIFY-13, V3-BIND-1
    @Test func anAckOnAVersion3ChannelIsV3BIND1() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let r = Self.pairing.records
        let handshake = TraceRecord(time: r[2].time, body: exchange.records[1].body)
        let ack = TraceRecord(time: r[2].time, body: exchange.records[2].body)
        let rechanneled = [(handshake, Role.device), (ack, .core)].map { record, role in
            RecordedPairingV3.record(try! Base64URL.decode(record.frame!.payload), from: role, time: record.time)
        }
        #expect(Self.departures(Self.verify([r[0], r[1], rechanneled[0], rechanneled[1]])) == ["V3-BIND-1@4"])
        #expect(Self.departures(Self.verify([r[0], r[1], rechanneled[0]])) == [])
    }

    // REQ: VERIFY-14, V3-COMMIT-2
    @Test func aRevealThatDoesNotOpenTheCommitmentIsV3COMMIT2() throws {
        var r = Self.pairing.records
        r[3] = RecordedPairingV3.record(
            try Self.pairing.record([UInt8](repeating: 1, count: 32), from: .device, index: 0),
            from: .device,
            time: r[3].time
        )
        #expect(Self.departures(Self.verify(r, keyLog: Self.pairing.keyLog)) == ["V3-COMMIT-2@4"])
        #expect(Self.departures(Self.verify(r)) == [])
    }

    // REQ: VERIFY-14, V3-CONFIRM-1, V3-SAS-1
    @Test func aConfirmationOfAnotherCodeIsV3CONFIRM1AndTheRejectionIsNot() throws {
        var r = Self.pairing.records
        let other = Self.pairing.code == "000000" ? "000001" : "000000"
        r[4] = RecordedPairingV3.record(
            try Self.pairing.record(
                PairingV3Record.confirmation(by: .core, handshakeHash: Self.pairing.handshakeHash, code: other),
                from: .core,
                index: 0
            ),
            from: .core,
            time: r[4].time
        )
        #expect(Self.departures(Self.verify(r, keyLog: Self.pairing.keyLog)) == ["V3-CONFIRM-1@5"])
        r[4] = RecordedPairingV3.record(
            try Self.pairing.record(
                PairingV3Record.rejection(by: .core, handshakeHash: Self.pairing.handshakeHash),
                from: .core,
                index: 0
            ),
            from: .core,
            time: r[4].time
        )
        #expect(Self.departures(Self.verify(Array(r.prefix(5)), keyLog: Self.pairing.keyLog)) == [])
    }

    // REQ: VERIFY-14, V3-CONFIRM-1
    @Test func theDevicesConfirmationSentAsTheCoresIsV3CONFIRM1() throws {
        var r = Self.pairing.records
        r[4] = RecordedPairingV3.record(
            try Self.pairing.record(
                PairingV3Record.confirmation(
                    by: .device,
                    handshakeHash: Self.pairing.handshakeHash,
                    code: Self.pairing.code
                ),
                from: .core,
                index: 0
            ),
            from: .core,
            time: r[4].time
        )
        #expect(Self.departures(Self.verify(r, keyLog: Self.pairing.keyLog)) == ["V3-CONFIRM-1@5"])
    }

    // REQ: VERIFY-14, V3-NOISE-3
    @Test func aTamperedMessageOneDoesNotOpenUnderTheKeyLogAndIsV3NOISE3() throws {
        var r = Self.pairing.records
        var tampered = Self.pairing.messageOne
        tampered[40] ^= 1
        r[1] = RecordedPairingV3.record(tampered, from: .device, time: r[1].time)
        #expect(Self.departures(Self.verify(Array(r.prefix(2)), keyLog: Self.pairing.keyLog)) == ["V3-NOISE-3@2"])
        tampered = Self.pairing.messageOne
        tampered[100] ^= 1
        r[1] = RecordedPairingV3.record(tampered, from: .device, time: r[1].time)
        #expect(Self.departures(Self.verify(Array(r.prefix(2)), keyLog: Self.pairing.keyLog)) == ["V3-NOISE-3@2"])
        #expect(Self.departures(Self.verify(Array(r.prefix(2)))) == [])
    }

    // REQ: VERIFY-13, V3-NOISE-2
    @Test func aLowOrderEphemeralKeyIsV3NOISE2() throws {
        var message = Self.pairing.messageOne
        message.replaceSubrange(1..<33, with: [UInt8](repeating: 0, count: 32))
        #expect(Self.departures(Self.verify(Self.appending(message, from: .device))) == ["V3-NOISE-2@7"])
    }

    // REQ: VERIFY-14, KEYLOG-4
    @Test func aContradictoryV3KeyLogLineIsKEYLOG4AndItsSecretIsNotUsed() throws {
        let wrong = KeyLogEntry(
            label: .pairingV3Transport,
            id: Array(Self.pairing.messageOne[1..<33]),
            secret: [UInt8](repeating: 9, count: 64)
        )
        let v = Self.verify(Self.pairing.records, keyLog: Self.pairing.keyLog + wrong.line)
        #expect(Self.departures(v) == ["KEYLOG-4@0"])
        #expect(v.pairingCodes == [])
    }

    // REQ: VERIFY-14
    @Test func withoutAPairingPayloadTheRestStillOpensButNotTheStaticKey() throws {
        let v = Self.verify(Array(Self.pairing.records.dropFirst()), keyLog: Self.pairing.keyLog)
        #expect(Self.departures(v) == [])
        #expect(v.pairingCodes.count == 1)
        #expect(!TranscriptText.render(v).contains("device static key"))
    }

    /// The pairing's frames moved to another `channelId`, as a runner's capture names its own.
    static func rechanneled(_ records: [TraceRecord], to channel: String) -> [TraceRecord] {
        records.map { record in
            guard case .event(_, let from, let to, _) = record.body, let frame = record.frame else { return record }
            return TraceRecord.frame(time: record.time, from: from, to: to, channelId: channel, payload: frame.payload)
        }
    }

    // REQ: VERIFY-14, V3-PRO-1
    @Test func thePrologueTakesThePayloadsCidBeforeTheRecordsChannelIdAndFallsBackToIt() throws {
        let moved = Self.rechanneled(Self.pairing.records, to: "runner-channel")
        let v = Self.verify(moved, keyLog: Self.pairing.keyLog)
        #expect(Self.departures(v) == [])
        #expect(TranscriptText.render(v).contains("device static key"))
        // A payload naming another cid: the record's channelId, the prologue's, still opens s.
        var otherPayload = Self.pairing.records
        otherPayload[0] = TraceRecord(
            time: otherPayload[0].time,
            body: .pairingPayload(
                Self.pairing.pairingPayload.replacingOccurrences(of: "cid=verify-v3-channel", with: "cid=x")
            )
        )
        let fallback = Self.verify(otherPayload, keyLog: Self.pairing.keyLog)
        #expect(Self.departures(fallback) == [])
        #expect(TranscriptText.render(fallback).contains("device static key"))
        // Positive control: neither cid is the prologue's, and s does not open.
        let neither = Self.verify(Self.rechanneled(otherPayload, to: "runner-channel"), keyLog: Self.pairing.keyLog)
        #expect(Self.departures(neither) == ["V3-NOISE-3@2"])
    }

    // REQ: VERIFY-13, VERIFY-14, V3-CORE-1
    @Test func withTheKeyLogAMessageTwoAnswersTheOutstandingMessageOneItOpensUnder() throws {
        let other = try Self.pairing.otherAttempt(device: "second-device", nonce: "other-nonce")
        let r = Self.pairing.records
        // Two messages 1 outstanding; the 0x11 answers the older one, the genuine device's.
        let records =
            [r[0], r[1], RecordedPairingV3.record(other.messageOne, from: .device, time: r[1].time)]
            + Array(r[2...])
        let v = Self.verify(records, keyLog: Self.pairing.keyLog + other.keyLog)
        #expect(Self.departures(v) == [])
        #expect(v.pairingCodes.map(\.code) == [Self.pairing.code])
        #expect(TranscriptText.render(v).contains("answers the message 1 of step 2"))
        // Without the key log the newest is taken: the reveal then goes unopened, and nothing departs.
        #expect(Self.departures(Self.verify(records)) == [])
        #expect(TranscriptText.render(Self.verify(records)).contains("answers the message 1 of step 3"))
    }
}
