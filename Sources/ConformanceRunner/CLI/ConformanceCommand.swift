import AdapterOperations
import Foundation

/// `conformance`: everything `main.swift` does, as a value that tests can run with fake adapters
/// and captured output.
public struct ConformanceCommand {
    /// argv of the adapter used when no `--adapter` is given.
    public var referenceAdapter: [String]
    /// The vectors directory installed beside the runner's executable (ADP-100,
    /// `InstalledSuite`), used when no `--vectors` is given; nil to use `./vectors`.
    public var installedVectors: String?
    /// Where reports go; it throws when they cannot be written (a closed pipe, a full disk).
    public var standardOutput: (String) throws(StandardStreams.WriteError) -> Void
    public var standardError: (String) -> Void
    /// Whether to draw progress on stderr (the default: only when stderr is a terminal).
    public var progressEnabled: Bool
    /// Whether to log progress lines on stderr (the default: only when stderr is not a terminal).
    public var progressLogEnabled: Bool
    /// The time the HTML report states; read once per report, here, so the renderer stays
    /// deterministic and tests can fix it.
    public var clock: @Sendable () -> Date = { Date() }

    public init(
        referenceAdapter: [String],
        installedVectors: String? = nil,
        standardOutput: @escaping (String) throws(StandardStreams.WriteError) -> Void = StandardStreams
            .writeStandardOutput,
        standardError: @escaping (String) -> Void = StandardStreams.writeStandardError,
        progressEnabled: Bool = isatty(STDERR_FILENO) == 1,
        progressLogEnabled: Bool = isatty(STDERR_FILENO) != 1
    ) {
        self.referenceAdapter = referenceAdapter
        self.installedVectors = installedVectors
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.progressEnabled = progressEnabled
        self.progressLogEnabled = progressLogEnabled
    }

    public func run(_ arguments: [String]) -> ExitStatus {
        // `verify` reads files, not vectors: its options are its own (kit chapter 3).
        if arguments.first == "verify" { return VerifyCommand(command: self).run(Array(arguments.dropFirst())) }
        // Hidden: rewrites spec/kit/cli.md from the help text (CLIReference).
        if arguments.first == "--write-cli-reference" { return writeCLIReference(Array(arguments.dropFirst())) }
        let options: RunOptions
        do {
            options = try RunOptions.parse(arguments).located(installedVectors: installedVectors)
        } catch {
            standardError("conformance: \(error.description)\nRun 'conformance --help' for usage.\n")
            return .usage
        }
        switch options.mode {
        case .help:
            return write(HelpText.text) ? .success : .usage
        case .interop:
            return InteropCommand(command: self).run(options)
        case .run, .list:
            return runSuite(options)
        }
    }

    /// `conformance --write-cli-reference FILE`: writes `HelpText.markdown`, the generated
    /// spec/kit/cli.md, to FILE.
    private func writeCLIReference(_ arguments: [String]) -> ExitStatus {
        guard arguments.count == 1 else {
            standardError("usage: conformance --write-cli-reference FILE\n")
            return .usage
        }
        do {
            try ReportFile.write(HelpText.markdown, to: arguments[0])
        } catch {
            standardError("conformance --write-cli-reference: \(error.description)\n")
            return .usage
        }
        return .success
    }

    private func runSuite(_ options: RunOptions) -> ExitStatus {
        let bundle: VectorBundle
        let expectations: ExpectedFailures
        do {
            bundle = try VectorBundle.load(
                directory: URL(fileURLWithPath: options.vectorsDirectory),
                requireManifest: options.requireManifest
            )
            expectations = try loadExpectedFailures(options.expectedFailuresPath)
        } catch {
            standardError("conformance: \(error)\n")
            return .usage
        }
        if let path = options.outputPath {
            // Before the run, not after it: a report that cannot be written must not cost the run (ADP-41).
            do {
                try ReportFile.checkWritable(path)
            } catch {
                standardError("conformance: --output: \(error.description)\n")
                return .usage
            }
        }
        let vectors = bundle.vectors.filter { options.selects($0.id) }
        let checks = options.live ? LiveChecks.catalog.filter { options.selects($0.id) } : []
        guard !vectors.isEmpty || !checks.isEmpty else {
            standardError(
                "conformance: no case selected (\(bundle.vectors.count) vectors in \(options.vectorsDirectory), "
                    + "\(LiveChecks.catalog.count) live checks); check --filter and --skip\n"
            )
            return .nothingSelected
        }
        if options.mode == .list {
            // A slow vector is marked after its id (VEC-21); the id stays the line's first word.
            let marked = vectors.map { vector in
                vector.isSlow
                    ? "\(vector.id) (slow: runs with --slow, \(CasePlanning.slowTimeoutMilliseconds) ms per request)"
                    : vector.id
            }
            let list = (marked + checks.map(\.id)).joined(separator: "\n") + "\n"
            return deliver(list, options: options) ?? .success
        }

        // After --list, which starts no adapter and saves nothing; before the adapter starts.
        let saving: TraceSaving?
        do {
            saving = try options.saveTracesDirectory.map { directory throws(StandardStreams.WriteError) in
                try TraceSaving(directory: directory, all: options.saveAllTraces)
            }
        } catch {
            standardError("conformance: --save-traces: cannot write to \(error.target): \(error.reason)\n")
            return .usage
        }
        defer { saving?.finish() }
        let command = options.adapters.first ?? referenceAdapter
        let start = Monotonic.now()
        var report = RunReport(
            suiteVersion: bundle.suiteVersion,
            vectorsDirectory: options.vectorsDirectory,
            adapterCommand: command,
            adapter: nil,
            results: [],
            expectedFailuresFile: options.expectedFailuresPath
        )
        let keyLog = saving?.keyLog(for: "adapter")
        let driver: AdapterDriver
        do {
            var configuration = AdapterConfiguration(
                command: command,
                timeoutMilliseconds: options.timeoutMilliseconds,
                window: options.maxInFlight,
                deadlineSeconds: options.deadlineSeconds
            )
            configuration.environment = keyLog?.environment ?? [:]
            driver = try AdapterDriver(configuration: configuration)
        } catch {
            report.adapterUnavailable = error
            return emit(report, options: options)
        }
        report.adapter = driver.hello
        report.warnings = driver.hello.warnings(
            knownOperations: Set(Operations.names + bundle.vectors.map(\.operation))
        )

        let progress = ProgressLine(enabled: progressEnabled)
        let log = progressLogEnabled ? ProgressLog(write: standardError) : nil
        let total = vectors.count + checks.count
        var results = VectorRunner(includeSlow: options.includeSlow) { done, _, id in
            progress.update(done: done, total: total, current: id)
            log?.update(done: done, total: total, current: id)
        }.run(vectors, driver: driver)
        let finishedVectors = results.count
        var finishedChecks = 0
        let capture = saving.map {
            TraceCapture(recorder: TraceRecorder(clock: clock), saving: $0, keyLogs: keyLog.map { [$0] } ?? [])
        }
        results += LiveCheckRunner(slow: options.includeSlow, transportLab: options.transportLabSetting).run(
            checks,
            driver: driver,
            capture: capture
        ) { check in
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
        if let saving { report.additionalFailures += savingOutcome(saving) }
        return emit(report, options: options)
    }

    /// Says on stderr where the traces went; a trace that could not be written fails the run
    /// with status 2, like a report that could not be written (ADP-41).
    func savingOutcome(_ saving: TraceSaving) -> [RunFailure] {
        standardError("conformance: saved \(saving.saved.count) trace(s) and key log(s) in \(saving.directory)\n")
        return saving.problems.map { RunFailure(kind: "traces-not-saved", message: $0, status: .usage) }
    }

    private func loadExpectedFailures(_ path: String?) throws -> ExpectedFailures {
        guard let path else { return ExpectedFailures() }
        let text: String
        do {
            text = try TextFile.read(path)
        } catch {
            throw ConfigurationError("cannot read the expected-failures file \(path): \(error.description)")
        }
        do {
            return try ExpectedFailures(parsing: text)
        } catch {
            throw ConfigurationError("the expected-failures file \(path), \(error.description)")
        }
    }

    /// Writes the report in the chosen format (to `--output` or stdout) and returns its status.
    func emit(_ report: RunReport, options: RunOptions) -> ExitStatus {
        var report = report
        let requirements = RequirementTexts.load(specDirectory: options.effectiveSpecDirectory)
        report.requirementLinks = SpecSite.links(
            requirements,
            specURL: options.specURL,
            vectorsDirectory: options.vectorsDirectory
        )
        let text = TextReport.render(report, verbose: options.verbose)
        let formatted: String
        switch options.format {
        case .text: formatted = text
        case .tap: formatted = TAPReport.render(report)
        case .junit: formatted = JUnitReport.render(report)
        case .json: formatted = JSONReport.render(report)
        case .html:
            formatted = HTMLReport.render(report, time: clock(), requirements: requirements)
        }
        guard let path = options.outputPath else {
            guard write(formatted) else { return .usage }
            if let incident = report.adapterUnavailable, options.format != .text {
                // The text report already says it; other formats on stdout must stay parseable.
                standardError("conformance: \(TextReport.printable(incident.fault.description))\n")
            }
            return report.exitStatus
        }
        do {
            try ReportFile.write(formatted, to: path)
        } catch {
            // Checked before the run, yet failed (a full disk): the summary still reaches stdout,
            // and says that this run failed (ADP-40, ADP-41).
            standardError("conformance: \(error.description)\n")
            var unwritten = report
            unwritten.additionalFailures.append(
                RunFailure(kind: "report-not-written", message: error.description, status: .usage)
            )
            _ = write(TextReport.render(unwritten, verbose: options.verbose))
            return .usage
        }
        return write(text) ? report.exitStatus : .usage
    }

    /// Writes `content` to `--output` or to stdout. Returns nil when it was written, else
    /// `.usage` after saying on stderr what failed (ADP-41).
    private func deliver(_ content: String, options: RunOptions) -> ExitStatus? {
        guard let path = options.outputPath else { return write(content) ? nil : .usage }
        do {
            try ReportFile.write(content, to: path)
            return nil
        } catch {
            standardError("conformance: \(error.description)\n")
            return .usage
        }
    }

    /// Writes `text` to stdout; false, after saying why on stderr, when it could not be written.
    func write(_ text: String) -> Bool {
        do {
            try standardOutput(text)
            return true
        } catch {
            standardError("conformance: \(error.description)\n")
            return false
        }
    }
}

/// A configuration problem that is not a usage error: unreadable files, bad file contents.
struct ConfigurationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
