/// The command line of `conformance`, parsed.
public struct RunOptions: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case run
        case list
        case help
        /// `conformance interop --adapter A --adapter B ...`
        case interop
    }

    public enum Format: String, Equatable, Sendable, CaseIterable {
        case text, tap, junit, json, html
    }

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public var mode: Mode = .run
    /// Adapter commands, each split into argv; empty means the reference adapter.
    public var adapters: [[String]] = []
    public var vectorsDirectory = "vectors"
    /// Whether `--vectors` was given; without it a packaged runner runs the suite installed
    /// beside its executable (ADP-100, `located(installedVectors:)`).
    public var vectorsDirectoryGiven = false
    public var filters: [Glob] = []
    public var skips: [Glob] = []
    public var expectedFailuresPath: String?
    public var format: Format = .text
    public var outputPath: String?
    /// `--spec DIR`: where the HTML report reads requirement texts; nil for `spec` beside the
    /// vectors directory (`vectors/../spec`), the layout of the repository.
    public var specDirectory: String?
    /// `--spec-url URL`: the base of the links to requirement anchors in the rendered spec
    /// (ADP-82); nil for the defaults of `SpecSite.links`.
    public var specURL: String?
    public var timeoutMilliseconds = AdapterConfiguration.defaultTimeoutMilliseconds
    public var maxInFlight = AdapterConfiguration.defaultWindow
    /// `--deadline SECONDS`: the whole run's bound; nil for none.
    public var deadlineSeconds: Int?
    public var live = true
    /// `--no-manifest`: run a vectors directory that has no manifest.json (ADP-43).
    public var requireManifest = true
    public var includeSlow = false
    public var verbose = false
    /// `--save-traces DIR`: where the trace and key log of each failing live check go (ADP-96, ADP-97).
    public var saveTracesDirectory: String?
    /// `--save-all-traces`: save passing live checks too (ADP-96).
    public var saveAllTraces = false
    /// `--transport-lab PATH`: the lab of the transport checks; nil for the one beside the
    /// vectors directory in the kit's source (`TransportLabSetting.beside`).
    public var transportLab: String?
    /// `--transport-time-scale N`: the selection's milliseconds per real millisecond in those checks.
    public var transportTimeScale = TransportLabSetting.defaultTimeScale

    public init() {}

    /// The transport lab the live checks use: `--transport-lab`, or the kit's own beside the vectors.
    public var transportLabSetting: TransportLabSetting? {
        guard let transportLab else {
            return TransportLabSetting.beside(vectorsDirectory: vectorsDirectory, timeScale: transportTimeScale)
        }
        return TransportLabSetting(command: [transportLab], timeScale: transportTimeScale)
    }

    public static func parse(_ arguments: [String]) throws(UsageError) -> RunOptions {
        var options = RunOptions()
        var remaining = arguments[...]
        if remaining.first == "interop" {
            options.mode = .interop
            remaining.removeFirst()
        }
        while let argument = remaining.popFirst() {
            // `--name=value` is the same as `--name value`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError("\(name) needs a value") }
                return next
            }
            func flag() throws(UsageError) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
            }
            switch name {
            case "-h", "--help":
                try flag()
                options.mode = .help
            case "--adapter":
                let text = try value()
                let words: [String]
                do {
                    words = try ShellWords.split(text)
                } catch {
                    throw UsageError("--adapter: \(error.description)")
                }
                guard !words.isEmpty else { throw UsageError("--adapter needs a command") }
                options.adapters.append(words)
            case "--vectors":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--vectors needs a directory (got an empty one)") }
                options.vectorsDirectory = path
                options.vectorsDirectoryGiven = true
            case "--filter":
                options.filters.append(try glob(try value(), option: name))
            case "--skip":
                options.skips.append(try glob(try value(), option: name))
            case "--list":
                try flag()
                if options.mode == .run { options.mode = .list }
            case "--expected-failures":
                options.expectedFailuresPath = try value()
            case "--format":
                let text = try value()
                guard let format = Format(rawValue: text) else {
                    throw UsageError("--format must be one of text, tap, junit, json, html (got \(text))")
                }
                options.format = format
            case "--output", "-o":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("\(name) needs a file name (got an empty one)") }
                options.outputPath = path
            case "--spec":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--spec needs a directory (got an empty one)") }
                options.specDirectory = path
            case "--spec-url":
                let url = try value()
                guard !url.isEmpty else { throw UsageError("--spec-url needs a URL (got an empty one)") }
                guard SpecSite.isAcceptable(url) else {
                    throw UsageError(
                        "--spec-url takes an http:, https: or file: URL or a relative path (got \(RetentionBounds.truncated(TextReport.printable(url), limit: 200)))"
                    )
                }
                options.specURL = url
            case "--timeout-ms":
                options.timeoutMilliseconds = try integer(
                    try value(),
                    in: AdapterConfiguration.timeoutRange,
                    option: name,
                    unit: "milliseconds"
                )
            case "--deadline":
                options.deadlineSeconds = try integer(
                    try value(),
                    in: Self.deadlineRange,
                    option: name,
                    unit: "seconds"
                )
            case "--max-in-flight":
                options.maxInFlight = try positiveInteger(try value(), option: name)
            case "--no-live":
                try flag()
                options.live = false
            case "--no-manifest":
                try flag()
                options.requireManifest = false
            case "--slow":
                try flag()
                options.includeSlow = true
            case "--save-traces":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--save-traces needs a directory (got an empty one)") }
                options.saveTracesDirectory = path
            case "--save-all-traces":
                try flag()
                options.saveAllTraces = true
            case "--transport-lab":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--transport-lab needs a path (got an empty one)") }
                options.transportLab = path
            case "--transport-time-scale":
                options.transportTimeScale = try integer(
                    try value(),
                    in: TransportLabSetting.timeScaleRange,
                    option: name,
                    unit: "selection milliseconds per real millisecond"
                )
            case "-v", "--verbose":
                try flag()
                options.verbose = true
            default:
                throw UsageError(
                    argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \(argument)"
                )
            }
        }
        if options.mode == .interop, options.adapters.isEmpty {
            // One --adapter is paired with the reference; none is not an interop run.
            throw UsageError("interop needs at least one --adapter (a single one is paired with the reference)")
        }
        if options.saveAllTraces, options.saveTracesDirectory == nil, options.mode != .help {
            throw UsageError("--save-all-traces needs --save-traces DIR (where to save them)")
        }
        if options.mode != .interop, options.mode != .help, options.adapters.count > 1 {
            throw UsageError("--adapter may be given once (use `conformance interop` to pair several)")
        }
        return options
    }

    private static func glob(_ text: String, option: String) throws(UsageError) -> Glob {
        do {
            return try Glob(text)
        } catch {
            throw UsageError("\(option): \(error.description)")
        }
    }

    /// The range `--deadline` accepts: at least 1 s, at most 7 days.
    public static let deadlineRange = 1...604_800

    /// A decimal integer in `range`; anything else (including a number too large for any integer
    /// type) is a usage error naming the range, never an overflow later.
    private static func integer(
        _ text: String,
        in range: ClosedRange<Int>,
        option: String,
        unit: String
    ) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(option) needs a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound) (got \(text))"
            )
        }
        return number
    }

    private static func positiveInteger(_ text: String, option: String) throws(UsageError) -> Int {
        guard let number = Int(text), number > 0 else {
            throw UsageError("\(option) needs a positive integer (got \(text))")
        }
        return number
    }

    /// These options with `installedVectors` (the suite beside the runner's executable, ADP-100)
    /// as the vectors directory when `--vectors` was not given; as they are otherwise, so that
    /// `./vectors` stays the default in the repository, where no suite is installed beside
    /// `.build/debug/conformance`.
    public func located(installedVectors: String?) -> RunOptions {
        guard !vectorsDirectoryGiven, let installedVectors else { return self }
        var options = self
        options.vectorsDirectory = installedVectors
        return options
    }

    /// The spec directory the HTML report reads: `--spec`, else `spec` beside the vectors directory.
    public var effectiveSpecDirectory: String {
        if let specDirectory { return specDirectory }
        var vectors = vectorsDirectory
        while vectors.count > 1, vectors.hasSuffix("/") { vectors.removeLast() }
        guard let slash = vectors.lastIndex(of: "/") else { return "spec" }
        return String(vectors[...slash]) + "spec"
    }

    /// Whether the filters and skips select `id`: no `--filter` selects everything.
    public func selects(_ id: String) -> Bool {
        (filters.isEmpty || filters.contains { $0.matches(id) }) && !skips.contains { $0.matches(id) }
    }
}
