import KitModels
import OpenHumanTunnel

/// The kit's reference verifier (kit chapter 3): reads a trace step by step, decodes every
/// message, checks what can be checked with the secrets it was given, and names each departure
/// by requirement id and step. A pure function: no clock, no randomness, no I/O.
public enum TraceVerifier {
    /// Records between two calls of `progress`: a long trace says how far the run is (H2), a
    /// short one is never interrupted.
    public static let progressInterval = 100_000

    /// Verifies `input`. `progress` is told (records read, records in the trace) every
    /// `progressInterval` records, so a caller can show how far a long trace is.
    public static func verify(
        _ input: VerifierInput,
        progress: (_ read: Int, _ total: Int) -> Void = { _, _ in }
    ) -> Verification {
        verify(input, skipping: [], progress: progress)
    }

    /// The verifier with some checks off: the seam of the reference adapter's mutants.
    package static func verify(
        _ input: VerifierInput,
        skipping: Set<VerifierCheck>,
        progress: (_ read: Int, _ total: Int) -> Void = { _, _ in }
    ) -> Verification {
        var run = VerificationRun(input, skipping: skipping)
        run.perform(progress: progress)
        return run.result
    }
}

/// One run over one trace (VERIFY-2: the order of the checks).
struct VerificationRun {
    let input: VerifierInput
    let skipping: Set<VerifierCheck>
    var recorder: Recorder
    var keys: KeyRing
    var channels: [String: ChannelView] = [:]
    var relay = RelayForwarding()
    var lastTime: Int64?
    var pairingCodes: [Verification.PairingCode] = []
    var stoppedEarly = false
    /// True while the record being read is a probe (TRACE-6, VERIFY-12).
    var probing = false
    /// `cid` of the last pairing payload seen: the prologue of a version 3 handshake (V3-PRO-1,
    /// VERIFY-14), tried before the record's `channelId`.
    var payloadChannelID: String?
    /// The last pairing payload's wire version, when it names one. The hook for chapter 8's
    /// version 3 payload (`v=3`): until the parser reports a version this stays nil, and a
    /// channel is version 3 when its first handshake message is a 0x10 (VERIFY-13).
    var payloadVersion: Int?

    init(_ input: VerifierInput, skipping: Set<VerifierCheck>) {
        self.input = input
        self.skipping = skipping
        recorder = Recorder(continuing: input.continuePastDepartures)
        keys = KeyRing(log: KeyLog(), payloadCoreKey: nil)
    }

    var result: Verification {
        Verification(
            blocks: recorder.blocks,
            departures: recorder.departures,
            pairingCodes: pairingCodes,
            stoppedEarly: stoppedEarly
        )
    }

    mutating func perform(progress: (_ read: Int, _ total: Int) -> Void) {
        var lines = input.trace.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        readHeader(lines.first.map(Array.init))
        guard !recorder.departures.contains(where: { $0.step == 0 && $0.requirement.hasPrefix("TRACE") }) else {
            return
        }
        readKeyLog()
        if let payload = input.pairingPayload { readPairingPayload(payload, step: 0) }
        for (index, line) in lines.enumerated().dropFirst() {
            if recorder.mustStop {
                stoppedEarly = true
                return
            }
            if index % TraceVerifier.progressInterval == 0 { progress(index, lines.count - 1) }
            readRecord(line, step: index)
        }
    }

    /// Step 0: a trace that does not open with the header is not read further (TRACE-2).
    private mutating func readHeader(_ line: [UInt8]?) {
        recorder.open(step: 0, time: nil, summary: "header")
        guard let line else {
            recorder.depart("TRACE-1", step: 0, "the trace is empty: no header line")
            return
        }
        do {
            let header = try TraceHeader.decode(line: line)
            recorder.summary("header: \(TraceHeader.formatName) version \(header.version)")
        } catch {
            recorder.depart("TRACE-2", step: 0, "the first line is not the trace header: \(error)")
        }
    }

    /// KEYLOG-3, KEYLOG-4: each refused line is a departure at step 0; the other lines are used.
    private mutating func readKeyLog() {
        guard let text = input.keyLog else { return }
        let reading = KeyLogParser.read(text)
        keys = KeyRing(
            log: reading.log,
            payloadCoreKey: keys.payloadCoreKey,
            readsPrivateKeys: !skipping.contains(.privateKeyLabels)
        )
        recorder.note("key log: \(reading.log.entries.count) secrets")
        let legacy = keys.privateKeyLabels
        if !legacy.isEmpty {
            // KEYLOG-12: read, and said, so a user knows the log is a standing credential.
            recorder.note(
                "key log of suite 2.3: \(legacy.map(\.rawValue).joined(separator: ", ")) are private keys, "
                    + "which no writer of 2.4 writes (KEYLOG-11); read to open this trace, handle the file as the keys"
            )
        }
        for error in reading.errors {
            let requirement = if case .conflictingSecret = error { "KEYLOG-4" } else { "KEYLOG-1" }
            recorder.depart(requirement, step: 0, "key log line \(error.line): \(error)")
        }
    }

    /// VERIFY-4: the payload's grammar (wire spec chapter 8, as a consumer reads it, expiry
    /// aside) and its core key, which later handshakes must be sealed to.
    mutating func readPairingPayload(_ text: String, step: Int) {
        do {
            let payload = try PairingPayloadParser.parse(text, now: 0)
            keys.payloadCoreKey = payload.corePublicKey
            payloadChannelID = payload.channelID
            recorder.note("pairing payload: cid \(payload.channelID), cpk \(Base64URL.encode(payload.corePublicKey))")
        } catch {
            recorder.depart("QR-GRAM-1", step: step, "the pairing payload is refused by a consumer: \(error.code)")
        }
    }

    /// One record line, measured before it is copied: a line over TRACE-1's bound costs nothing.
    private mutating func readRecord(_ line: ArraySlice<UInt8>, step: Int) {
        recorder.open(step: step, time: nil, summary: "record")
        let record: TraceRecord
        do throws(TraceError) {
            guard line.count <= TraceLine.maximumLength else { throw .lineTooLong(line.count) }
            record = try TraceRecord.decode(line: Array(line))
        } catch {
            recorder.depart(Self.requirement(for: error), step: step, "the record is refused: \(error)")
            return
        }
        recorder.time(record.time)
        if let lastTime, record.time < lastTime {
            recorder.depart(
                "TRACE-3",
                step: step,
                "time \(record.time) is earlier than the previous record's \(lastTime)"
            )
        }
        lastTime = max(lastTime ?? record.time, record.time)
        probing = record.probe != nil
        switch record.body {
        case .pairingPayload(let text):
            recorder.summary("t=\(record.time)  pairing payload  \(text)")
            readPairingPayload(text, step: step)
        case .event(let name, let from, let to, let data):
            readEvent(name, from: from, to: to, data: data, time: record.time, step: step)
        }
        if let probe = record.probe { holdProbe(probe, step: step) }
    }

    /// VERIFY-12: a probe's own departure is what it announced, not the trace's; a receiver
    /// that accepted it is.
    private mutating func holdProbe(_ probe: TraceProbe, step: Int) {
        let seen = recorder.withdraw(probe.breaks, step: step)
        recorder.note(
            "probe of the capture: breaks \(probe.breaks)"
                + (seen ? ", as the verifier sees" : " (not visible to the verifier here)")
                + ", the receiver must refuse it"
        )
        switch skipping.contains(.probeAnswers) ? nil : probe.answer {
        case .accepted?:
            recorder.depart(
                probe.breaks,
                step: step,
                "the receiver accepted the probe, which breaks \(probe.breaks): it must refuse it"
            )
        case .refused?: recorder.note("the receiver refused it")
        case nil: break
        }
    }

    /// The TRACE-n a record error breaks: the event members are TRACE-4's, the payload TRACE-5's.
    static func requirement(for error: TraceError) -> String {
        switch error {
        case .badJSON, .lineTooLong: "TRACE-1"
        case .missingMember(let name), .badMemberType(let name), .badMemberValue(let name), .duplicateMember(let name):
            ["event", "from", "to", "data"].contains(name)
                ? "TRACE-4" : name == "pairingPayload" ? "TRACE-5" : "TRACE-3"
        default: "TRACE-3"
        }
    }
}
