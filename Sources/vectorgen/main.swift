import Foundation
import VectorFormat
import VectorGeneration

/// vectorgen: regenerates vectors/ and the kit's generated tables (spec/kit/) from the reference implementation.
/// Exit statuses: 0 done / fresh / covered; 1 stale files or uncovered MUSTs; 2 usage error;
/// 3 generation failed (a vector does not show what it is meant to).

let usage = """
    usage: swift run vectorgen [--check] [--coverage [--role ROLE]] [--out DIR] [--spec DIR] [--slow] [--help]

    Regenerates every file in vectors/ (and spec/kit/coverage.md, spec/kit/requirements-by-role.md) from the reference implementation.
    No clock and no system randomness are used: two runs give the same bytes.

      (no option)    write vectors/*.json, vectors/manifest.json and the generated files of spec/kit/
      --check        regenerate in memory and compare with the files on disk; list every file that
                     differs, is missing or is extra, and exit 1 if any
                     example: swift run vectorgen --check
      --coverage     print the requirements that have no vector, live check or exemption, the
                     catalogued boundaries no vector hits (BoundaryCatalog), and other coverage
                     problems, and exit 1 if any; writes nothing
      --role ROLE    with --coverage: only the requirements that bind ROLE, one of
                     \(RequirementRole.allCases.map(\.rawValue).joined(separator: ", "))
                     example: swift run vectorgen --coverage --role core
      --out DIR      write (or, with --check, compare) the vector files in DIR instead of vectors/;
                     the generated files of spec/kit/ are then neither written nor compared. Paths
                     may be absolute or relative to the current directory; an empty one is refused.
                     Files whose
                     name starts with "." are ignored by --check, as conformance ignores them.
                     Every file is written to a temporary dot-file beside it and renamed into
                     place, so a reader never sees a half-written file
                     example: swift run vectorgen --out /tmp/vectors
      --spec DIR     read requirement ids from DIR/*.md and DIR/kit/*.md and write the generated
                     files of DIR/kit/ (default: spec)
      --slow         recompute the slow vectors (the 1,000,000-case accumulated hash, minutes)
                     instead of using their pinned values; fails if a pin is stale
      --help         this text

    Exit status: 0 success, 1 stale files or uncovered requirements, 2 usage error, 3 generation error.
    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

/// An error as one line: its own description when it has one, else the system's reason,
/// never Foundation's domain-and-user-info dump.
func describe(_ error: Error) -> String {
    if error is CocoaError || type(of: error) is NSError.Type { return AtomicFile.reason(error) }
    return String(describing: error)
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let options: VectorgenOptions
do {
    options = try VectorgenOptions.parse(Array(CommandLine.arguments.dropFirst()), currentDirectory: root)
} catch {
    fail("vectorgen: \(error.description)\nRun 'vectorgen --help' for usage.", status: 2)
}
if options.help {
    print(usage)
    exit(0)
}
let specDirectory = options.specDirectory
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: specDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue
else {
    fail("vectorgen: no spec directory at \(specDirectory.path) (run from the package root, or pass --spec)", status: 2)
}

let build: SuiteBuild
do {
    build = try SuiteBuild(specDirectory: specDirectory, options: GenerationOptions(computeSlow: options.slow))
} catch {
    fail("vectorgen: generation failed: \(describe(error))", status: 3)
}

if options.coverage {
    let report = build.coverage!
    if let role = options.role {
        let roleCoverage = RoleCoverage(report, role: role)
        for line in roleCoverage.lines { print(line) }
        exit(roleCoverage.uncovered.isEmpty ? 0 : 1)
    }
    let must = report.entries.filter { $0.requirement.level.needsCoverage }
    print("requirements: \(report.entries.count), MUST-level: \(must.count), uncovered: \(report.uncovered.count)")
    for problem in report.problems { print("  \(problem)") }
    exit(report.problems.isEmpty ? 0 : 1)
}

let vectorsDirectory = options.vectorsDirectory
// With --out the kit's generated files are left alone: they describe vectors/, not DIR.
var targets: [(GeneratedTree, URL, [String])] = [(build.vectorTree, vectorsDirectory, [""])]
if !options.customOut { targets.append((build.coverageTree, specDirectory, [])) }

if options.check {
    var differences: [String] = []
    for (tree, directory, owned) in targets {
        for difference in tree.differences(from: directory, owned: owned) {
            differences.append("\(difference) (in \(directory.path))")
        }
    }
    if differences.isEmpty {
        print("vectorgen: \(targets.reduce(0) { $0 + $1.0.files.count }) files are fresh")
        exit(0)
    }
    for line in differences { print(line) }
    print("vectorgen: \(differences.count) file(s) differ; run `swift run vectorgen` to regenerate")
    exit(1)
}

do {
    for (tree, directory, _) in targets { try tree.write(to: directory) }
} catch {
    fail("vectorgen: \(error.description)", status: 2)
}
let count = build.files.reduce(0) { $0 + $1.vectors.count }
print(
    "vectorgen: wrote \(build.files.count) vector files (\(count) vectors) and the manifest to \(vectorsDirectory.path)"
        + (options.customOut
            ? ""
            : ", and \(specDirectory.appendingPathComponent(SuiteBuild.coveragePath).path), "
                + specDirectory.appendingPathComponent(SuiteBuild.roleIndexPath).path)
)
if let report = build.coverage, !report.problems.isEmpty {
    print("vectorgen: coverage has \(report.problems.count) problem(s); see `swift run vectorgen --coverage`")
}
