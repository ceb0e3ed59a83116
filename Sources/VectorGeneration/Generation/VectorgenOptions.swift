import Foundation
import VectorFormat

/// The command line of `vectorgen`, parsed, with its directories resolved.
///
/// A path is taken as the user wrote it: absolute as it is, relative from the current
/// directory. (Appending every path to the current directory made `--spec "$PWD/spec"` look
/// for `$PWD/$PWD/spec`.) An empty path is refused rather than read as the current directory,
/// where `--out ''` would have written fifteen files.
public struct VectorgenOptions: Equatable, Sendable {
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public var check = false
    public var coverage = false
    public var slow = false
    public var help = false
    /// `--role`: with `--coverage`, only the requirements that bind this party.
    public var role: RequirementRole?
    /// Where the vector files are written or compared (`--out`, default `vectors`).
    public var vectorsDirectory: URL
    /// Where the requirement ids are read (DIR and DIR/kit) and the kit's generated files written (`--spec`, default `spec`).
    public var specDirectory: URL
    /// Whether `--out` was given: the kit's generated files then describe vectors/, not that
    /// directory, and are neither written nor compared.
    public var customOut = false

    public static func parse(_ arguments: [String], currentDirectory: URL) throws(UsageError) -> VectorgenOptions {
        var options = VectorgenOptions(
            vectorsDirectory: resolve("vectors", from: currentDirectory),
            specDirectory: resolve("spec", from: currentDirectory)
        )
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--check": options.check = true
            case "--coverage": options.coverage = true
            case "--slow": options.slow = true
            case "--help", "-h": options.help = true
            case "--role":
                guard let value = remaining.popFirst() else { throw UsageError("--role needs a party") }
                guard let role = RequirementRole(rawValue: value) else {
                    throw UsageError(
                        "unknown role \(value) (one of \(RequirementRole.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                options.role = role
            case "--out", "--spec":
                guard let value = remaining.popFirst() else { throw UsageError("\(argument) needs a directory") }
                guard !value.isEmpty else {
                    throw UsageError(
                        "\(argument) needs a directory (got an empty one; write . for the current directory)"
                    )
                }
                if argument == "--out" {
                    options.vectorsDirectory = resolve(value, from: currentDirectory)
                    options.customOut = true
                } else {
                    options.specDirectory = resolve(value, from: currentDirectory)
                }
            default:
                throw UsageError(
                    argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \(argument)"
                )
            }
        }
        // --role narrows --coverage and means nothing without it.
        if options.role != nil && !options.coverage { throw UsageError("--role goes with --coverage") }
        return options
    }

    /// `path` as an absolute file URL: itself when absolute, else below `directory`.
    static func resolve(_ path: String, from directory: URL) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path).standardizedFileURL
            : directory.appendingPathComponent(path).standardizedFileURL
    }
}
