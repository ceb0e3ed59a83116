import Foundation
import TunnelVerifier

/// `conformance verify`: checks and decrypts a captured exchange step by step (kit chapter 3).
struct VerifyCommand {
    let command: ConformanceCommand

    static let help = """
    conformance verify: check a captured exchange step by step (spec/kit/03-verifier.md).

    USAGE
      conformance verify --trace FILE [--keylog FILE] [--pairing-payload TEXT]
                         [--continue] [--format text|json] [--output FILE]

    Reads a trace (JSON Lines: the header, then one record per observed event; a runner's
    --save-traces writes them), decodes every message, and checks every rule it can from
    there: the trace's form, relay events, base64url, type octets, sizes, who sent what,
    repeated nonces and replays, channel states. With --keylog (the secrets an endpoint
    wrote when run with OPENHUMAN_KEYLOG=FILE) it opens the handshake and the ack, checks
    their plaintexts and the key derivation, decrypts every session frame, checks the
    envelopes and chunks, and prints the pairing code. --pairing-payload gives the QR text
    when the trace lacks it. It prints one block per step and names each departure by
    requirement id and step (0 = the header, the key log, a payload given here).

    OPTIONS
      --trace FILE             The trace to read (required).
      --keylog FILE            A key log: LABEL id-hex secret-hex per line.
      --pairing-payload TEXT   The pairing payload (openhuman://pair?...).
      --continue               Read on past the first departure (default: stop there).
      --format text|json       A readable transcript (default) or one JSON object.
      --output FILE            Write the transcript to FILE instead of stdout.

    EXIT STATUS
      0  no departure
      1  at least one departure
      2  usage error, or a trace or key log that cannot be read (missing, not UTF-8)

    EXAMPLE
      conformance verify --trace traces/live_handshake_adapter-device.trace.jsonl \\
          --keylog traces/live_handshake_adapter-device.keylog

    """

    func run(_ arguments: [String]) -> ExitStatus {
        let options: VerifyOptions
        do { options = try VerifyOptions.parse(arguments) } catch {
            command.standardError("conformance verify: \(error.description)\nRun 'conformance verify --help' for usage.\n")
            return .usage
        }
        if options.help { return command.write(Self.help) ? .success : .usage }
        let input: VerifierInput
        do { input = try read(options) } catch {
            command.standardError("conformance verify: \(error.description)\n")
            return .usage
        }
        if let path = options.outputPath {
            do { try ReportFile.checkWritable(path) } catch {
                command.standardError("conformance verify: --output: \(error.description)\n")
                return .usage
            }
        }
        let verification = TraceVerifier.verify(input)
        let text = options.format == .json ? TranscriptJSON.render(verification) : TranscriptText.render(verification)
        if let path = options.outputPath {
            do { try ReportFile.write(text, to: path) } catch {
                command.standardError("conformance verify: \(error.description)\n")
                return .usage
            }
        } else if !command.write(text) {
            return .usage
        }
        return verification.status == .pass ? .success : .failures
    }

    /// The files named by the options; a missing file or a key log that is not UTF-8 is a usage
    /// error (VERIFY-9). The trace is read as bytes: its own rules judge its encoding (TRACE-1).
    private func read(_ options: VerifyOptions) throws(RunOptions.UsageError) -> VerifierInput {
        let trace = try Self.contents(options.tracePath!, what: "--trace")
        var keyLog: String?
        if let path = options.keyLogPath {
            guard let text = String(validating: try Self.contents(path, what: "--keylog"), as: UTF8.self) else {
                throw RunOptions.UsageError("--keylog: \(path) is not UTF-8 text")
            }
            keyLog = text
        }
        return VerifierInput(trace: trace, keyLog: keyLog, pairingPayload: options.pairingPayload,
                             continuePastDepartures: options.continuing)
    }

    private static func contents(_ path: String, what: String) throws(RunOptions.UsageError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RunOptions.UsageError("\(what): cannot read \(path)")
        }
        return [UInt8](data)
    }
}
