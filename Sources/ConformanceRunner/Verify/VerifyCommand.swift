import Foundation
import TunnelVerifier

/// `conformance verify`: checks and decrypts a captured exchange step by step (kit chapter 3).
struct VerifyCommand {
    let command: ConformanceCommand

    /// `conformance verify --help`, kept with the other help pages (spec/kit/cli.md).
    static var help: String { HelpText.verify.text }

    func run(_ arguments: [String]) -> ExitStatus {
        let options: VerifyOptions
        do { options = try VerifyOptions.parse(arguments) } catch {
            command.standardError(
                "conformance verify: \(error.description)\nRun 'conformance verify --help' for usage.\n"
            )
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
        let verification = TraceVerifier.verify(input) { read, total in
            command.standardError("conformance verify: \(read) of \(total) records read\n")
        }
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
        return VerifierInput(
            trace: trace,
            keyLog: keyLog,
            pairingPayload: options.pairingPayload,
            continuePastDepartures: options.continuing
        )
    }

    /// The file's bytes, read once into one array (no second copy of a large trace), or a
    /// usage error when it cannot be read.
    private static func contents(_ path: String, what: String) throws(RunOptions.UsageError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw RunOptions.UsageError("\(what): cannot read \(path)") }
        defer { fclose(file) }
        var status = stat()
        var bytes: [UInt8] = []
        if fstat(fileno(file), &status) == 0, status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size)) }
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = fread(&block, 1, block.count, file)
            if count == 0 { break }
            bytes += block[0..<count]
        }
        guard ferror(file) == 0 else { throw RunOptions.UsageError("\(what): cannot read \(path)") }
        return bytes
    }
}
