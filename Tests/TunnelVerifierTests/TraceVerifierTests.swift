import KitModels
import OpenHumanTunnel
import Testing
import TunnelCrypto
import TunnelVerifier
import VectorGeneration

/// The verifier on exchanges the reference library built, clean and with one thing broken
/// (kit chapter 3, VERIFY-*): each departure by its requirement id and step.
@Suite struct TraceVerifierTests {
    static func verify(
        _ records: [TraceRecord],
        keyLog: String? = nil,
        payload: String? = nil,
        continuing: Bool = false
    ) -> Verification {
        TraceVerifier.verify(
            VerifierInput(
                trace: Array(RecordedExchange.trace(records).utf8),
                keyLog: keyLog,
                pairingPayload: payload,
                continuePastDepartures: continuing
            )
        )
    }

    static func firstDeparture(_ v: Verification) -> String? {
        v.departures.first.map { "\($0.requirement)@\($0.step)" }
    }

    // REQ: VERIFY-1, VERIFY-5, VERIFY-6, VERIFY-7
    @Test func aCleanExchangeWithItsKeyLogPassesAndShowsTheDecryptedEnvelopesAndTheCode() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let v = Self.verify(exchange.records, keyLog: exchange.keyLog)
        #expect(v.departures == [])
        #expect(v.status == .pass)
        let text = TranscriptText.render(v)
        #expect(text.contains(String(decoding: RecordedExchange.request, as: UTF8.self)))
        #expect(text.contains(String(decoding: RecordedExchange.response, as: UTF8.self)))
        #expect(text.contains("device_pubkey"))
        #expect(v.pairingCodes.count == 1 && v.pairingCodes[0].step == 3)
        #expect(v.blocks.map(\.step) == [0, 1, 2, 3, 4, 5])
    }

    // REQ: VERIFY-3
    @Test func aCleanExchangeWithoutKeysPassesOnTheKeylessChecks() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let v = Self.verify(exchange.records)
        #expect(v.departures == [])
        #expect(!TranscriptText.render(v).contains("core.ping"))
    }

    // REQ: VERIFY-2, RELAY-11
    @Test func aRelayCaptureChecksEachMessageOnceAndNamesAFrameTheRelayMadeUp() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        var records = exchange.relayCapture
        #expect(Self.verify(records, keyLog: exchange.keyLog).departures == [])
        // The relay sends the device's request to the core a second time.
        records.append(TraceRecord(time: records.last!.time, body: records[6].body))
        #expect(Self.firstDeparture(Self.verify(records, keyLog: exchange.keyLog)) == "RELAY-11@\(records.count)")
    }

    // REQ: REPLAY-3, FRAME-SEAL-2
    @Test func aRepeatedFrameIsAReplayAndARepeatedNonceWithOtherBytesIsNonceReuse() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        var replayed = exchange.records
        replayed.append(TraceRecord(time: replayed.last!.time, body: replayed[3].body))
        #expect(Self.firstDeparture(Self.verify(replayed)) == "REPLAY-3@6")

        var reused = exchange.records
        let other = try exchange.frame(
            Array(#"{"requestId":"r-2","kind":"request","seq":0,"payload":{"method":"core.ping","params":null}}"#.utf8),
            from: .device,
            nonce: "request"
        )
        reused.append(RecordedExchange.record(other, from: .device, time: reused.last!.time))
        #expect(Self.firstDeparture(Self.verify(reused)) == "FRAME-SEAL-2@6")

        // Positive control: the same second request under a fresh nonce.
        var fresh = exchange.records
        let second = try exchange.frame(
            Array(#"{"requestId":"r-2","kind":"request","seq":0,"payload":{"method":"core.ping","params":null}}"#.utf8),
            from: .device,
            nonce: "second"
        )
        fresh.append(RecordedExchange.record(second, from: .device, time: fresh.last!.time))
        #expect(Self.verify(fresh, keyLog: exchange.keyLog).departures == [])
    }

    // REQ: HS-2, VERIFY-5
    @Test func aHandshakeWithSortedMembersIsHS2OnlyWhenTheKeyLogOpensIt() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        var records = exchange.records
        let devicePublic = Base64URL.encode(X25519.publicKey(privateKey: exchange.keyLogEntries[1].secret))
        let sorted =
            #"{"client_ephemeral_pubkey":""# + Base64URL.encode(exchange.clientEphemeralPublic)
            + #"","device_pubkey":""# + devicePublic + #""}"#
        records[1] = RecordedExchange.record(
            try exchange.handshake(plaintext: Array(sorted.utf8)),
            from: .device,
            time: records[1].time
        )
        #expect(Self.firstDeparture(Self.verify(records, keyLog: exchange.keyLog)) == "HS-2@2")
        #expect(Self.verify(records).departures == [])
    }

    // REQ: KDF-5
    @Test func aDeviceFrameSealedWithS2CIsKDF5() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        var records = exchange.records
        let swapped = SessionKeys(c2s: exchange.keys.s2c, s2c: exchange.keys.c2s)
        records[3] = RecordedExchange.record(
            try exchange.frame(RecordedExchange.request, from: .device, nonce: "request", keys: swapped),
            from: .device,
            time: records[3].time
        )
        #expect(Self.firstDeparture(Self.verify(records, keyLog: exchange.keyLog)) == "KDF-5@4")
    }

    // REQ: KDF-2, KEYLOG-4
    @Test func sessionKeysThatDisagreeWithTheDerivationAreKDF2AndAContradictingLogIsKEYLOG4() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let wrong = KeyLogEntry.session(
            clientEphemeralPublic: exchange.clientEphemeralPublic,
            serverEphemeralPublic: exchange.serverEphemeralPublic,
            keys: SessionKeys(c2s: exchange.keys.c2s, s2c: [UInt8](repeating: 9, count: 32))
        )
        // Only a 2.3 key log's private keys let the verifier derive the keys it checks.
        let log = exchange.legacyKeyLogEntries.dropLast().map(\.line).joined() + wrong.line
        #expect(Self.firstDeparture(Self.verify(exchange.records, keyLog: log)) == "KDF-2@3")
        #expect(
            Self.firstDeparture(Self.verify(exchange.records, keyLog: exchange.keyLog + wrong.line)) == "KEYLOG-4@0"
        )
    }

    // REQ: KDF-3, VERIFY-4
    @Test func aHandshakeSealedToAnotherCoreThanThePayloadNamesIsKDF3() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let (message, otherCore, handshakeKey) = try exchange.handshakeToOtherCore()
        var records = exchange.records
        records[1] = RecordedExchange.record(message, from: .device, time: records[1].time)
        // The device's K_HS names the core key it sealed to; a 2.3 log's CORE_STATIC shows the same.
        #expect(Self.firstDeparture(Self.verify(records, keyLog: exchange.keyLog + handshakeKey.line)) == "KDF-3@2")
        let legacy = exchange.legacyKeyLog + KeyLogEntry.privateKey(.coreStatic, otherCore).line
        #expect(Self.firstDeparture(Self.verify(records, keyLog: legacy)) == "KDF-3@2")
    }

    // REQ: KEYLOG-11
    @Test func theKeyLogOfAnExchangeHoldsNoPrivateKey() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let labels = exchange.keyLogEntries.map(\.label)
        #expect(labels == [.handshakeKey, .ackKey, .sessionKeys, .pairingCodeKey])
        #expect(!labels.contains { $0.isPrivateKey })
        // Positive control: the 2.3 form of the same log is made of private keys but for one line.
        #expect(exchange.legacyKeyLogEntries.filter(\.label.isPrivateKey).count == 5)
    }

    // REQ: KEYLOG-12, VERIFY-7
    @Test func aKeyLogOf23StillOpensTheExchangeGivesTheSameCodeAndSaysItHoldsPrivateKeys() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let current = Self.verify(exchange.records, keyLog: exchange.keyLog)
        let legacy = Self.verify(exchange.records, keyLog: exchange.legacyKeyLog)
        #expect(legacy.departures == [] && current.departures == [])
        #expect(legacy.pairingCodes == current.pairingCodes && current.pairingCodes.count == 1)
        let text = TranscriptText.render(legacy)
        #expect(text.contains(String(decoding: RecordedExchange.response, as: UTF8.self)))
        #expect(text.contains("key log of suite 2.3: CORE_STATIC, DEVICE_STATIC"))
        #expect(!TranscriptText.render(current).contains("suite 2.3"))
        // Without the 2.3 labels (the mutant's reader), the same log opens nothing.
        let skipping = TraceVerifier.verify(
            VerifierInput(trace: Array(exchange.trace.utf8), keyLog: exchange.legacyKeyLog),
            skipping: [.privateKeyLabels]
        )
        #expect(skipping.pairingCodes == [] && !TranscriptText.render(skipping).contains("core.ping"))
    }

    // REQ: VERIFY-8
    @Test func theRunStopsAtTheFirstDepartureUnlessToldToContinue() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        var records = exchange.records
        let late = records.last!.time
        records.append(TraceRecord(time: 0, body: .pairingPayload(exchange.pairingPayload)))
        records.append(TraceRecord(time: late, body: records[3].body))
        let stopped = Self.verify(records)
        #expect(stopped.departures.map(\.requirement) == ["TRACE-3"])
        #expect(stopped.stoppedEarly)
        let all = Self.verify(records, continuing: true)
        #expect(all.departures.map { "\($0.requirement)@\($0.step)" } == ["TRACE-3@6", "REPLAY-3@7"])
        #expect(!all.stoppedEarly)
    }

    // REQ: TRACE-1, TRACE-2
    @Test func aFileThatIsNotATraceStopsAtStepZero() {
        let empty = TraceVerifier.verify(VerifierInput(trace: []))
        #expect(Self.firstDeparture(empty) == "TRACE-1@0")
        let other = TraceVerifier.verify(
            VerifierInput(
                trace: Array("{\"trace\":\"x\",\"version\":1}\n{\"time\":1}\n".utf8),
                continuePastDepartures: true
            )
        )
        #expect(other.departures.map(\.requirement) == ["TRACE-2"])
    }

    // REQ: VERIFY-10
    @Test func theJSONFormNamesStatusDeparturesAndSteps() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        var records = exchange.records
        records.append(TraceRecord(time: records.last!.time, body: records[3].body))
        let json = TranscriptJSON.render(Self.verify(records))
        let node = try JSONNodeReader.readObject(Array(json.utf8))
        #expect(node.member("status") == .string(Array("departure".utf8)))
        guard case .array(let departures)? = node.member("departures") else {
            Issue.record("no departures")
            return
        }
        #expect(departures.first?.member("requirement") == .string(Array("REPLAY-3".utf8)))
        #expect(departures.first?.member("step")?.integer == 6)
    }

    /// Bad input never crashes: every prefix of a trace and of its key log (cut at a stride that
    /// lands inside headers, records, payloads and hex), and every record with one byte changed,
    /// gives an answer. A crash would end the test process.
    // REQ: VERIFY-2, KEYLOG-3
    @Test func everyTruncationAndEveryFlippedByteGivesAnAnswerNotACrash() throws {
        let exchange = try RecordedExchange(id: "verifier-test/clean")
        let trace = Array(RecordedExchange.trace(exchange.relayCapture).utf8)
        let log = exchange.keyLog
        #expect(TraceVerifier.verify(VerifierInput(trace: trace, keyLog: log)).status == .pass)
        var departing = 0
        for cut in stride(from: 0, to: trace.count, by: 23) {
            let v = TraceVerifier.verify(
                VerifierInput(
                    trace: Array(trace.prefix(cut)),
                    keyLog: String(log.prefix(cut % log.count)),
                    continuePastDepartures: true
                )
            )
            if v.status == .departure { departing += 1 }
        }
        for position in stride(from: 0, to: trace.count, by: 29) {
            var flipped = trace
            flipped[position] ^= 0x41
            _ = TraceVerifier.verify(VerifierInput(trace: flipped, keyLog: log, continuePastDepartures: true))
        }
        #expect(departing > 0)
    }
}
