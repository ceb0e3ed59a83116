/// Everything one run found, ready to be written in any output format.
public struct RunReport: Sendable {
    public struct Summary: Equatable, Sendable {
        public var passed = 0
        /// Failures, unexpected passes and stale expected-failure entries: everything that fails the run.
        public var failed = 0
        public var skipped = 0
        public var expectedFailures = 0
        public var unexpectedPasses = 0
        public var staleEntries = 0

        /// The closing line of every format: `N passed, N failed, N skipped`.
        public var line: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }
    }

    public var suiteVersion: String?
    public var vectorsDirectory: String
    public var adapterCommand: [String]
    /// The adapter's `hello` answer; nil when it could not be driven.
    public var adapter: AdapterHello?
    public var results: [CaseResult]
    public var staleEntries: [ExpectedFailures.Entry]
    public var expectedFailuresFile: String?
    /// Set when the adapter could not be started or restarted: the run is incomplete.
    public var adapterUnavailable: AdapterIncident?
    /// Run-level failures found by the run itself (an interrupted run, an overall deadline); the
    /// adapter's unavailability and an empty run are added by `runFailures`.
    public var additionalFailures: [RunFailure] = []
    /// Problems that do not fail the run but that every format shows (ADP-44).
    public var warnings: [String] = []
    /// The link to each requirement's anchor in the rendered spec, by id (ADP-81:
    /// `<base>/<chapter>.html#<ID>`), which every format gives beside a failure; empty when the
    /// spec could not be read.
    public var requirementLinks: [String: String] = [:]
    public var restarts: Int
    public var durationNanoseconds: UInt64

    public init(
        suiteVersion: String?,
        vectorsDirectory: String,
        adapterCommand: [String],
        adapter: AdapterHello?,
        results: [CaseResult],
        staleEntries: [ExpectedFailures.Entry] = [],
        expectedFailuresFile: String? = nil,
        adapterUnavailable: AdapterIncident? = nil,
        restarts: Int = 0,
        durationNanoseconds: UInt64 = 0
    ) {
        self.suiteVersion = suiteVersion
        self.vectorsDirectory = vectorsDirectory
        self.adapterCommand = adapterCommand
        self.adapter = adapter
        self.results = results
        self.staleEntries = staleEntries
        self.expectedFailuresFile = expectedFailuresFile
        self.adapterUnavailable = adapterUnavailable
        self.restarts = restarts
        self.durationNanoseconds = durationNanoseconds
    }

    /// The requirements `result` cites that have a link, in the order cited, as `(id, link)`.
    public func specLinks(_ result: CaseResult) -> [(id: String, link: String)] {
        result.requirements.compactMap { id in requirementLinks[id].map { (id, $0) } }
    }

    public var summary: Summary {
        var summary = Summary()
        for result in results {
            switch result.outcome {
            case .passed: summary.passed += 1
            case .failed: summary.failed += 1
            case .skipped: summary.skipped += 1
            case .expectedFailure: summary.expectedFailures += 1
            case .unexpectedPass:
                summary.unexpectedPasses += 1
                summary.failed += 1
            }
        }
        summary.staleEntries = staleEntries.count
        summary.failed += staleEntries.count
        return summary
    }

    /// The last line of the text report, and the verdict of TAP and HTML (ADP-122): the counts
    /// alone when the selected cases ran; otherwise, before them, that nothing was tested or that
    /// the run is incomplete, and why. `0 passed, 0 failed, 0 skipped` alone would read as a
    /// clean run to a CI that looks only at the last line.
    public var closingLine: String {
        let counts = summary.line
        let tested = results.contains { $0.outcome != .skipped && $0.message != CaseResult.unreportedMessage }
        if adapterUnavailable != nil {
            return tested
                ? "the run is incomplete, the adapter could not be driven to its end: \(counts)"
                : "nothing was tested, the adapter could not be driven: \(counts)"
        }
        if exitStatus == .nothingSelected {
            return summary.skipped > 0
                ? "nothing was tested, every selected case was skipped: \(counts)"
                : "nothing was tested, no case was selected: \(counts)"
        }
        return counts
    }

    /// The exit status this report calls for (kit chapter 4, spec/kit/cli.md).
    public var exitStatus: ExitStatus {
        if adapterUnavailable != nil { return .adapterUnavailable }
        if let failure = additionalFailures.first { return failure.status }
        let summary = summary
        if summary.failed > 0 { return .failures }
        if summary.passed + summary.expectedFailures == 0 { return .nothingSelected }
        return .success
    }

    /// Every failure of the run as a whole, each rendered as a failing entry by every format
    /// (ADP-40): together with the failing cases, a report shows a failure exactly when the exit
    /// status is not 0.
    public var runFailures: [RunFailure] {
        var failures: [RunFailure] = []
        if let incident = adapterUnavailable {
            failures.append(
                RunFailure(
                    kind: "adapter-unavailable",
                    message: "\(incident.fault.description); the run is incomplete",
                    stderrTail: incident.stderrTail,
                    status: .adapterUnavailable
                )
            )
        }
        failures += additionalFailures
        if failures.isEmpty, exitStatus == .nothingSelected {
            let skipped = summary.skipped
            failures.append(
                RunFailure(
                    kind: "nothing-ran",
                    message: skipped == 0
                        ? "no case ran"
                        : "no case ran: all \(skipped) selected case\(skipped == 1 ? " was" : "s were") skipped",
                    status: .nothingSelected
                )
            )
        }
        return failures
    }

    /// The message for a stale expected-failures entry.
    static func staleMessage(_ entry: ExpectedFailures.Entry) -> String {
        "stale expected-failures entry (line \(entry.line): \(entry.glob) \(entry.reason)): it matches no case of the suite"
    }
}
