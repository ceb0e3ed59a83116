import ConformanceRunner
import Foundation
import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat
import XCTest

/// `--save-traces` and `--save-all-traces` (ADP-96 to ADP-99): what a saved check holds, which
/// checks are saved, and the runner's refusals.
final class TraceSavingTests: XCTestCase {
    private static let vectors = Repository.root.appendingPathComponent("vectors").path

    /// A directory name in the temporary directory, not yet created; removed by the teardown.
    private func traceDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("traces-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    private func read(_ directory: String, _ name: String) throws -> [String] {
        try String(contentsOfFile: (directory as NSString).appendingPathComponent(name), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A trace's records after the header, as JSON values; every line must also read as the
    /// verifier reads it (the library's strict trace decoder).
    private func records(_ lines: [String]) throws -> [JSONValue] {
        XCTAssertEqual(lines.first, #"{"trace":"openhuman-tunnel","version":1}"#)
        XCTAssertEqual(lines.last, "", "the file ends with a line feed")
        _ = try TraceHeader.decode(line: Array((lines.first ?? "").utf8))
        return try lines.dropFirst().dropLast().map { line in
            _ = try TraceRecord.decode(line: Array(line.utf8))
            return try JSONReader.value(Array(line.utf8))
        }
    }

    private func payload(_ record: JSONValue) -> [UInt8]? {
        record["data"]?["payload"]?.stringValue.flatMap { try? Base64URL.decode($0) }
    }

    private func sealCheck(_ mode: String, _ options: [String]) -> CommandRun {
        CommandRun.run(
            [
                "--vectors", Self.vectors, "--adapter", Fixture.weakNonce(mode).joined(separator: " "),
                "--filter", "live/frame-seal/*",
            ] + options
        )
    }

    // REQ: ADP-96, ADP-97
    func testAFailingLiveCheckIsSavedWithEveryFrameItPassedAndExactlyTheKeyLogLinesWrittenDuringIt() throws {
        let directory = traceDirectory()
        let run = sealCheck("counter", ["--save-traces", directory])
        XCTAssertEqual(run.status, .failures, run.stdout)
        XCTAssertEqual(
            files(in: directory),
            ["live_frame-seal_fresh-nonces.keylog", "live_frame-seal_fresh-nonces.trace.jsonl"]
        )
        XCTAssertTrue(run.stderr.contains("saved 1 trace(s) and key log(s) in \(directory)"), run.stderr)

        let trace = try records(try read(directory, "live_frame-seal_fresh-nonces.trace.jsonl"))
        XCTAssertEqual(trace.count, 1_000, "one record per frame the adapter sealed")
        var lastTime: Int64 = 0
        for (index, record) in trace.enumerated() {
            XCTAssertEqual(record["event"], "tunnel:frame")
            XCTAssertEqual(record["from"], index < 500 ? "device" : "core")
            XCTAssertEqual(record["to"], index < 500 ? "core" : "device")
            XCTAssertEqual(record["data"]?["channelId"], "live_frame-seal_fresh-nonces")
            let time = try XCTUnwrap(record["time"]?.intValue)
            XCTAssertGreaterThanOrEqual(time, lastTime, "time never goes back")
            lastTime = time
        }
        // The counter adapter's nonces: frame i carries i + 1, big-endian.
        XCTAssertEqual(payload(trace[0]).map { Array($0[1..<25]) }, Array(repeating: 0, count: 23) + [1])

        // The key log: the adapter's line for each seal, in order, and not its hello line,
        // written before the check started.
        let keyLog = try read(directory, "live_frame-seal_fresh-nonces.keylog")
        XCTAssertEqual(keyLog.count, 1_001)
        XCTAssertFalse(keyLog.contains { $0.hasPrefix("#") }, "a line written before the check is not the check's")
        for (index, record) in trace.enumerated() {
            let nonce = try XCTUnwrap(payload(record)).dropFirst().prefix(24)
            XCTAssertTrue(
                keyLog[index].hasPrefix("TEST_SEAL \(Hex.encode(Array(nonce))) "),
                "line \(index): \(keyLog[index])"
            )
        }
        let attributes = try FileManager.default.attributesOfItem(
            atPath: (directory as NSString).appendingPathComponent(
                "live_frame-seal_fresh-nonces.keylog"
            )
        )
        XCTAssertEqual(
            (attributes[.posixPermissions] as? NSNumber)?.intValue,
            0o600,
            "a key log is readable by its owner only"
        )
    }

    // REQ: ADP-96
    func testAPassingCheckIsSavedOnlyWithSaveAllTraces() throws {
        let failingOnly = traceDirectory()
        let run = sealCheck("random", ["--save-traces", failingOnly])
        XCTAssertEqual(run.status, .success, run.stdout)
        XCTAssertEqual(files(in: failingOnly), [], "a passing check is not saved by --save-traces alone")

        let all = traceDirectory()
        XCTAssertEqual(sealCheck("random", ["--save-traces", all, "--save-all-traces"]).status, .success)
        XCTAssertEqual(
            files(in: all),
            ["live_frame-seal_fresh-nonces.keylog", "live_frame-seal_fresh-nonces.trace.jsonl"]
        )
        XCTAssertEqual(try records(try read(all, "live_frame-seal_fresh-nonces.trace.jsonl")).count, 1_000)
    }

    // REQ: ADP-96, ADP-97
    func testTheReferenceAsDeviceGivesAHandshakeTraceWhoseKeyLogNamesItsDerivedKeysAndNoPrivateKey() throws {
        let directory = traceDirectory()
        let run = CommandRun.run(
            [
                "--vectors", Self.vectors, "--filter", LiveChecks.adapterAsDeviceID,
                "--save-traces", directory, "--save-all-traces",
            ],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(run.status, .success, run.stdout)
        let trace = try records(try read(directory, "live_handshake_adapter-device.trace.jsonl"))
        // The core's pairing payload (its key, as a QR gives it), the adapter's 0x03, then the
        // three acks the runner passed: genuine, tampered, an impostor's.
        let qr = try XCTUnwrap(trace.first?["pairingPayload"]?.stringValue)
        let parsed = try PairingPayloadParser.parse(qr, now: UInt64(Date().timeIntervalSince1970))
        XCTAssertEqual(parsed.channelID, "live_handshake_adapter-device")
        XCTAssertEqual(trace.dropFirst().map { $0["from"]?.stringValue ?? "" }, ["device", "core", "core", "core"])
        XCTAssertEqual(trace.compactMap { payload($0)?.first }, [0x03, 0x04, 0x04, 0x04])
        let handshake = try XCTUnwrap(payload(trace[1]))
        let keyLog = try read(directory, "live_handshake_adapter-device.keylog").filter { !$0.isEmpty }
        let handshakeID = Hex.encode(Array(handshake[1..<33]) + parsed.corePublicKey)
        let handshakeKey = try XCTUnwrap(
            keyLog.first { $0.hasPrefix("K_HS \(handshakeID) ") },
            "the key log names the handshake of the trace and the payload's core key: \(keyLog)"
        )
        XCTAssertEqual(keyLog.filter { $0.hasPrefix("SESSION_KEYS ") }.count, 1, "only the genuine ack derived keys")
        XCTAssertEqual(
            keyLog.filter { KeyLogLabel(rawValue: String($0.prefix { $0 != " " }))?.isPrivateKey != false },
            [],
            "no private key, and the runner adds no key of its own side (KEYLOG-11)"
        )
        // The logged k_hs opens the 0x03 of the trace, and its client ephemeral key names the
        // logged K_ACK: payload, trace and key log agree.
        let key = try XCTUnwrap(Hex.decode(String(handshakeKey.split(separator: " ")[2])))
        let plaintext = try XChaCha20Poly1305.open(
            key: key,
            nonce: Array(handshake[33..<57]),
            ciphertext: Array(handshake[57...]),
            aad: Array(handshake[0..<33])
        )
        let client = try Base64URL.decodeKey(
            try XCTUnwrap(try JSONReader.value(plaintext)["client_ephemeral_pubkey"]?.stringValue)
        )
        XCTAssertTrue(keyLog.contains { $0.hasPrefix("K_ACK \(Hex.encode(client)) ") })
    }

    // REQ: ADP-24, ADP-97
    func testWhatTheRunnerHoldsOfAFloodedKeyLogIsBoundedAndKeepsEveryRealLine() {
        let real = [
            "HANDSHAKE_EPHEMERAL \(Hex.encode(Array(repeating: 1, count: 32))) \(Hex.encode(Array(repeating: 2, count: 32)))\n",
            "SESSION_KEYS \(Hex.encode(Array(repeating: 3, count: 64))) \(Hex.encode(Array(repeating: 4, count: 64)))\n",
        ]
        // Positive control: the real lines alone are kept exactly.
        var clean = KeyLogLineFilter()
        clean.take(Array(real.joined().utf8))
        XCTAssertEqual(String(decoding: clean.kept, as: UTF8.self), real.joined())

        // Per request: an LF, 8 MiB of junk lines, a 3 MiB line with no LF at all, a line of
        // invalid UTF-8 without its LF; then the adapter's real line. Fed in blocks, as read.
        let junk: [UInt8] = Array(Array(repeating: Array("junk junk junk junk\n".utf8), count: 419_430).joined())
        let longLine: [UInt8] = Array(repeating: UInt8(ascii: "A"), count: 3 * 1024 * 1024)
        let badLine: [UInt8] = [0xFF, 0xFE, 0x20, 0x41]
        var stream: [UInt8] = []
        for line in real {
            stream += [0x0A]
            stream += junk
            stream += longLine
            stream += [0x0A]
            stream += badLine
            stream += [0x0A]
            stream += Array(line.utf8)
        }
        stream += badLine
        var filter = KeyLogLineFilter()
        var mostHeld = 0
        for start in stride(from: 0, to: stream.count, by: KeyLogCapture.blockSize) {
            filter.take(Array(stream[start..<min(start + KeyLogCapture.blockSize, stream.count)]))
            mostHeld = max(mostHeld, filter.heldBytes)
        }
        XCTAssertEqual(String(decoding: filter.kept, as: UTF8.self), real.joined(), "every real line, and only them")
        XCTAssertLessThanOrEqual(mostHeld, real.joined().utf8.count + KeyLogCapture.maximumLineLength)

        // Entry-shaped junk stops being kept at the per-check bound.
        var flood = KeyLogLineFilter()
        let entry = Array("JUNK 00 00\n".utf8)
        for _ in 0..<(2 * KeyLogCapture.maximumKeptBytes / entry.count) { flood.take(entry) }
        XCTAssertLessThanOrEqual(flood.kept.count, KeyLogCapture.maximumKeptBytes)
        XCTAssertGreaterThan(flood.kept.count, KeyLogCapture.maximumKeptBytes - entry.count)
    }

    // REQ: ADP-97
    func testAnAdapterThatFloodsItsKeyLogStillGivesTheSavedKeyLogItsRealLines() throws {
        let directory = traceDirectory()
        let wrapper = Fixture.directory.appendingPathComponent("junk-keylog-adapter.py").path
        let run = CommandRun.run(
            [
                "--vectors", Self.vectors, "--adapter",
                ([wrapper, "4"] + (try referenceAdapter())).joined(separator: " "),
                "--filter", LiveChecks.adapterAsDeviceID, "--save-traces", directory, "--save-all-traces",
            ],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(run.status, .success, run.stdout + run.stderr)
        let keyLog = try read(directory, "live_handshake_adapter-device.keylog").filter { !$0.isEmpty }
        XCTAssertEqual(
            Set(keyLog.map { String($0.prefix { $0 != " " }) }),
            ["K_HS", "K_ACK", "SESSION_KEYS"],
            "\(keyLog.count) lines"
        )
        XCTAssertFalse(keyLog.contains { $0.hasPrefix("junk") })
    }

    /// `conformance verify --continue --format json` on a saved check: its departures as
    /// `REQ@step`, and its transcript.
    private func verifySaved(_ directory: String, _ name: String) throws -> (departures: [String], transcript: String) {
        let base = (directory as NSString).appendingPathComponent(name)
        let run = CommandRun.run([
            "verify", "--continue", "--format", "json", "--trace", base + ".trace.jsonl", "--keylog", base + ".keylog",
        ])
        let node = try JSONReader.value(Array(run.stdout.utf8))
        let departures = (node["departures"]?.arrayValue ?? []).map {
            "\($0["requirement"]?.stringValue ?? "?")@\($0["step"]?.intValue ?? -1)"
        }
        return (departures, run.stdout)
    }

    // REQ: ADP-96, ADP-97, TRACE-6, VERIFY-12, VERIFY-14, VERIFY-15, VERIFY-16
    func testEveryLiveCheckOfThePassingReferenceSavesATraceThatVerifiesWithNoDeparture() throws {
        let directory = traceDirectory()
        let run = CommandRun.run(
            // The transport checks pass no message of a session through the runner: they have no trace.
            [
                "--vectors", Self.vectors, "--filter", "live/*", "--skip", "live/transport/*", "--save-traces",
                directory,
                "--save-all-traces",
            ],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(run.status, .success, run.stdout)
        let names = files(in: directory).filter { $0.hasSuffix(".trace.jsonl") }.map { String($0.dropLast(12)) }
        XCTAssertEqual(names.count, 11, "\(names)")
        var probes = 0
        for name in names {
            let (departures, transcript) = try verifySaved(directory, name)
            XCTAssertEqual(departures, [], "\(name): \(transcript)")
            probes += transcript.components(separatedBy: "probe of the capture").count - 1
        }
        XCTAssertEqual(
            probes,
            3 + 2 + 8 + 8 + 2,
            "every probe of the handshake, session and reconnection checks is marked"
        )
        // The reconnection checks' traces: the key confirmation opens under the adapter's own
        // V3_TRANSPORT line and commits; the replayed 0x13 is the probe the core refused.
        for role in ["core", "device"] {
            let (_, transcript) = try verifySaved(directory, "live_reconnect-v3_adapter-\(role)")
            XCTAssertTrue(transcript.contains("opened under V3_TRANSPORT"), transcript)
            XCTAssertTrue(transcript.contains("the core commits the reconnection"), transcript)
            XCTAssertTrue(transcript.contains("breaks V3-RECON-2"), transcript)
        }
        // The session checks' traces open under the keys the runner gave (ADP-97): each envelope shows.
        for role in ["core", "device"] {
            let (_, transcript) = try verifySaved(directory, "live_session_adapter-\(role)")
            XCTAssertTrue(transcript.contains(#"\"requestId\":\"live-4\""#), transcript)
            XCTAssertFalse(transcript.contains("key log: 0 secrets"))
        }
        // The version 3 pairings open under the adapter's own key log, one side's (VERIFY-14, KEYLOG-13).
        for role in ["core", "device"] {
            let (_, transcript) = try verifySaved(directory, "live_pairing-v3_adapter-\(role)")
            XCTAssertTrue(transcript.contains("device static key"), transcript)
            XCTAssertTrue(transcript.contains("(V3-SAS-1, from h, N_D and N_C)"), transcript)
            XCTAssertTrue(transcript.contains("Match: the device confirms code"), transcript)
        }
        // Positive control of the marks: the same session trace with the probe members removed
        // reports the runner's replay as REPLAY-3.
        let base = (directory as NSString).appendingPathComponent("live_session_adapter-core")
        let unmarked = try read(directory, "live_session_adapter-core.trace.jsonl").map { line in
            line.replacingOccurrences(of: #","probe":\{[^}]*\}"#, with: "", options: .regularExpression)
        }
        try unmarked.joined(separator: "\n").write(toFile: base + ".trace.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(try verifySaved(directory, "live_session_adapter-core").departures.first, "REPLAY-3@5")
    }

    // REQ: VERIFY-12, REPLAY-3
    func testAMutantThatAcceptsReplaysIsTheFirstDepartureOfItsSavedTraceNotAProbe() throws {
        let directory = traceDirectory()
        let run = CommandRun.run(
            [
                "--vectors", Self.vectors, "--adapter",
                (try referenceAdapter(mutant: "no-replay-window")).joined(separator: " "),
                "--filter", "live/session/*", "--save-traces", directory,
            ],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(run.status, .failures, run.stdout)
        for role in ["core", "device"] {
            let (departures, transcript) = try verifySaved(directory, "live_session_adapter-\(role)")
            XCTAssertEqual(departures.first, "REPLAY-3@5", transcript)
            XCTAssertTrue(transcript.contains("the receiver accepted the probe, which breaks REPLAY-3"), transcript)
        }
    }

    // REQ: ADP-98
    func testAnUnwritableTraceDirectoryStopsTheRunBeforeTheAdapterStarts() throws {
        let file = try writeTemporaryFile("not a directory", in: self)
        let pidFile = traceDirectory() + ".pid"
        let run = CommandRun.run([
            "--vectors", Self.vectors, "--adapter", Fixture.misbehavingCommand("--pid-file", pidFile),
            "--save-traces", file + "/traces",
        ])
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(run.stderr.contains("--save-traces: cannot write to \(file)/traces"), run.stderr)
        XCTAssertEqual(run.stdout, "", "no run, no report")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pidFile), "the adapter was never started")

        let orphan = CommandRun.run(["--save-all-traces"])
        XCTAssertEqual(orphan.status, .usage)
        XCTAssertTrue(orphan.stderr.contains("--save-all-traces needs --save-traces DIR"), orphan.stderr)
        // Positive control: a writable directory is created and the run goes on.
        let directory = traceDirectory()
        XCTAssertEqual(sealCheck("random", ["--save-traces", directory]).status, .success)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory))
    }

    // REQ: ADP-99, ADP-96, ADP-97
    func testInteropSelectsChecksByIdAndSavesTheFramesAfterTheHandshakeThatMadeTheirKeys() throws {
        let directory = traceDirectory()
        let reference = try referenceAdapter().joined(separator: " ")
        let run = CommandRun.run(
            [
                "interop", "--adapter", reference, "--adapter", reference,
                "--filter", "interop/A-B/frames-both-ways", "--save-traces", directory, "--save-all-traces",
            ],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(run.status, .success, run.stdout)
        XCTAssertTrue(run.stdout.contains("1 passed, 0 failed, 0 skipped"), run.stdout)
        XCTAssertEqual(
            files(in: directory),
            ["interop_A-B_frames-both-ways.keylog", "interop_A-B_frames-both-ways.trace.jsonl"]
        )
        let trace = try records(try read(directory, "interop_A-B_frames-both-ways.trace.jsonl"))
        XCTAssertNotNil(trace.first?["pairingPayload"], "the runner gave the device the core's key, as a QR does")
        XCTAssertEqual(trace.compactMap { payload($0)?.first }, [0x03, 0x04, 0x02, 0x02])
        XCTAssertEqual(trace.dropFirst().map { $0["from"]?.stringValue ?? "" }, ["device", "core", "device", "core"])
        XCTAssertEqual(Set(trace.compactMap { $0["data"]?["channelId"]?.stringValue }), ["interop_A-B"])
        // Both adapters' lines: A as device, B as core, the same secrets of the exchange from each.
        let keyLog = try read(directory, "interop_A-B_frames-both-ways.keylog").filter { !$0.isEmpty }
        XCTAssertEqual(
            keyLog.map { String($0.prefix { $0 != " " }) },
            ["K_HS", "K_ACK", "SESSION_KEYS", "K_HS", "K_ACK", "SESSION_KEYS", "SAS_OKM"]
        )
        XCTAssertEqual(Array(keyLog[0..<3]), Array(keyLog[3..<6]), "device and core logged the same exchange")

        // The check ids select exactly: the handshake alone saves no frames.
        let handshakeOnly = traceDirectory()
        XCTAssertEqual(
            CommandRun.run(
                [
                    "interop", "--adapter", reference, "--filter", "interop/*/handshake",
                    "--save-traces", handshakeOnly, "--save-all-traces",
                ],
                reference: try referenceAdapter()
            ).status,
            .success
        )
        XCTAssertEqual(
            files(in: handshakeOnly),
            [
                "interop_A-B_handshake.keylog", "interop_A-B_handshake.trace.jsonl",
                "interop_B-A_handshake.keylog", "interop_B-A_handshake.trace.jsonl",
            ]
        )
    }
}
