#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one command line that serves the reference adapter: `reference-adapter`, and the
/// runner's own `conformance --serve-reference`, which is how `conformance` with no `--adapter`
/// starts the reference (ADP-40) without a second executable beside it.
///
/// Both parse the same flags here. Only a program given a `VariantCatalog` can serve a mutant
/// or the composed control; `conformance` links none and says where they are served.
public struct ReferenceAdapterCommand {
    /// How the program is invoked, for messages: `reference-adapter`, `conformance --serve-reference`.
    public let programName: String
    public let catalog: VariantCatalog?

    public init(programName: String, catalog: VariantCatalog?) {
        self.programName = programName
        self.catalog = catalog
    }

    /// The exit status of a command line that cannot be served.
    public static let usageStatus: Int32 = 2

    public var usage: String {
        """
        usage: \(programName) [--mutant NAME | --composed-control]
               \(programName) --list-mutants
               \(programName) --help

        Serves the adapter protocol on stdin/stdout: one JSON request per line in, one response
        per line out, logs on stderr. Exits 0 after `shutdown` or at end of input.

          --mutant NAME    serve the named mutant (a deliberately broken implementation) instead
                           of the reference; see --list-mutants
          --composed-control
                           serve the mutants' rebuilt implementation with no bug switched on:
                           the control of the mutation self-check, which must pass everything
          --list-mutants   print every mutant's name and what it gets wrong, one per line
          --help           print this text

        Example:
          printf '{"id":1,"op":"hello","input":{"protocol":1}}\\n' | reference-adapter
          swift run conformance --adapter "reference-adapter --mutant window-127"

        """
    }

    /// What a command line asks for.
    public enum Action {
        case help
        case listMutants(VariantCatalog)
        /// Serve the reference library (nil) or a variant.
        case serve(AdapterVariant?)
    }

    /// Why a command line cannot be served; each exits with `usageStatus`.
    public enum UsageError: Error, Equatable {
        case unknownArgument(String)
        case missingMutantName
        case unknownMutant(String)
        /// A mutant flag given to a program that links no mutant (`conformance --serve-reference`).
        case noMutantsLinked(flag: String)

        var message: String {
            switch self {
            case .unknownArgument(let argument): "unknown argument \"\(argument)\""
            case .missingMutantName: "--mutant needs a name"
            case .unknownMutant(let name): "no mutant named \"\(name)\" (see --list-mutants)"
            case .noMutantsLinked(let flag):
                "\(flag): this program links no mutants; they are served by `reference-adapter \(flag)`"
            }
        }
    }

    /// Reads `arguments` (without the program name); the last of several serving flags wins.
    public func parse(_ arguments: [String]) throws(UsageError) -> Action {
        var remaining = arguments[...]
        var variant: AdapterVariant?
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return .help
            case "--list-mutants":
                return .listMutants(try requireCatalog(for: argument))
            case "--mutant":
                guard let name = remaining.popFirst() else { throw .missingMutantName }
                guard let named = try requireCatalog(for: argument).variant(name) else { throw .unknownMutant(name) }
                variant = named
            case "--composed-control":
                variant = try requireCatalog(for: argument).composedControl
            default:
                throw .unknownArgument(argument)
            }
        }
        return .serve(variant)
    }

    /// Parses `arguments`, then serves or prints; returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        do throws(UsageError) {
            switch try parse(arguments) {
            case .help:
                emit(usage, to: 1)
                return 0
            case .listMutants(let catalog):
                emit(catalog.entries.map { "\($0.name)\t\($0.summary)\n" }.joined(), to: 1)
                return 0
            case .serve(let variant):
                return ReferenceAdapter(variant: variant).serve()
            }
        } catch {
            emit("\(programName): \(error.message)\n\(usage)", to: 2)
            return Self.usageStatus
        }
    }

    private func requireCatalog(for flag: String) throws(UsageError) -> VariantCatalog {
        guard let catalog else { throw .noMutantsLinked(flag: flag) }
        return catalog
    }

    private func emit(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    }
}
