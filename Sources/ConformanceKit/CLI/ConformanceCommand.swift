import Foundation
import TunnelVectors

/// `conformance`: everything `main.swift` does, as a value that tests can run with fake adapters
/// and captured output.
public struct ConformanceCommand {
    /// argv of the adapter used when no `--adapter` is given.
    public var referenceAdapter: [String]
    public var standardOutput: (String) -> Void
    public var standardError: (String) -> Void
    /// Whether to draw progress on stderr (the default: only when stderr is a terminal).
    public var progressEnabled: Bool
    /// Whether to log progress lines on stderr (the default: only when stderr is not a terminal).
    public var progressLogEnabled: Bool

    public init(referenceAdapter: [String],
                standardOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                standardError: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
                progressEnabled: Bool = isatty(STDERR_FILENO) == 1,
                progressLogEnabled: Bool = isatty(STDERR_FILENO) != 1) {
        self.referenceAdapter = referenceAdapter
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.progressEnabled = progressEnabled
        self.progressLogEnabled = progressLogEnabled
    }

    public func run(_ arguments: [String]) -> ExitStatus {
        let options: RunOptions
        do {
            options = try RunOptions.parse(arguments)
        } catch {
            standardError("conformance: \(error.description)\nRun 'conformance --help' for usage.\n")
            return .usage
        }
        switch options.mode {
        case .help:
            standardOutput(HelpText.text)
            return .success
        case .interop:
            return InteropCommand(command: self).run(options)
        case .run, .list:
            return runSuite(options)
        }
    }

    private func runSuite(_ options: RunOptions) -> ExitStatus {
        let bundle: VectorBundle
        let expectations: ExpectedFailures
        do {
            bundle = try VectorBundle.load(directory: URL(fileURLWithPath: options.vectorsDirectory))
            expectations = try loadExpectedFailures(options.expectedFailuresPath)
        } catch {
            standardError("conformance: \(error)\n")
            return .usage
        }
        let vectors = bundle.vectors.filter { options.selects($0.id) }
        let checks = options.live ? LiveChecks.catalog.filter { options.selects($0.id) } : []
        guard !vectors.isEmpty || !checks.isEmpty else {
            standardError("conformance: no case selected (\(bundle.vectors.count) vectors in \(options.vectorsDirectory), "
                          + "\(LiveChecks.catalog.count) live checks); check --filter and --skip\n")
            return .nothingSelected
        }
        if options.mode == .list {
            standardOutput((vectors.map(\.id) + checks.map(\.id)).joined(separator: "\n") + "\n")
            return .success
        }

        let command = options.adapters.first ?? referenceAdapter
        let start = Monotonic.now()
        var report = RunReport(suiteVersion: bundle.suiteVersion, vectorsDirectory: options.vectorsDirectory,
                               adapterCommand: command, adapter: nil, results: [],
                               expectedFailuresFile: options.expectedFailuresPath)
        let driver: AdapterDriver
        do {
            driver = try AdapterDriver(configuration: AdapterConfiguration(
                command: command, timeoutMilliseconds: options.timeoutMilliseconds, window: options.maxInFlight,
                deadlineSeconds: options.deadlineSeconds))
        } catch {
            report.adapterUnavailable = error
            return emit(report, options: options)
        }
        report.adapter = driver.hello

        let progress = ProgressLine(enabled: progressEnabled)
        let log = progressLogEnabled ? ProgressLog(write: standardError) : nil
        let total = vectors.count + checks.count
        var results = VectorRunner(includeSlow: options.includeSlow) { done, _, id in
            progress.update(done: done, total: total, current: id)
            log?.update(done: done, total: total, current: id)
        }.run(vectors, driver: driver)
        let finishedVectors = results.count
        var finishedChecks = 0
        results += LiveCheckRunner().run(checks, driver: driver) { check in
            finishedChecks += 1
            progress.update(done: finishedVectors + finishedChecks, total: total, current: check.id)
            log?.update(done: finishedVectors + finishedChecks, total: total, current: check.id)
        }
        progress.finish()
        log?.finish()
        driver.shutdown()

        let knownIDs = bundle.vectors.map(\.id) + LiveChecks.catalog.map(\.id)
        report.staleEntries = expectations.apply(to: &results, knownIDs: knownIDs)
        report.results = results
        report.adapterUnavailable = driver.unavailable
        report.restarts = driver.restarts
        report.durationNanoseconds = Monotonic.now() - start
        return emit(report, options: options)
    }

    private func loadExpectedFailures(_ path: String?) throws -> ExpectedFailures {
        guard let path else { return ExpectedFailures() }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("cannot read the expected-failures file \(path): \(error.localizedDescription)")
        }
        do {
            return try ExpectedFailures(parsing: text)
        } catch {
            throw ConfigurationError("\(path): \(error.description)")
        }
    }

    /// Writes the report in the chosen format (to `--output` or stdout) and returns its status.
    func emit(_ report: RunReport, options: RunOptions) -> ExitStatus {
        let text = TextReport.render(report, verbose: options.verbose)
        let formatted: String
        switch options.format {
        case .text: formatted = text
        case .tap: formatted = TAPReport.render(report)
        case .junit: formatted = JUnitReport.render(report)
        case .json: formatted = JSONReport.render(report)
        }
        if let path = options.outputPath {
            do {
                try Data(formatted.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                standardError("conformance: cannot write \(path): \(error.localizedDescription)\n")
                return .usage
            }
            standardOutput(text)
        } else {
            standardOutput(formatted)
        }
        if let incident = report.adapterUnavailable, options.format != .text, options.outputPath == nil {
            // The text report already says it; other formats on stdout must stay parseable.
            standardError("conformance: \(incident.fault.description)\n")
        }
        return report.exitStatus
    }
}

/// A configuration problem that is not a usage error: unreadable files, bad file contents.
struct ConfigurationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
