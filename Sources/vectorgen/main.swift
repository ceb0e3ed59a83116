import Foundation
import TunnelVectors

/// vectorgen: regenerates vectors/ and spec/coverage.md from the reference implementation.
/// Exit statuses: 0 done / fresh / covered; 1 stale files or uncovered MUSTs; 2 usage error;
/// 3 generation failed (a vector does not show what it is meant to).

let usage = """
usage: swift run vectorgen [--check] [--coverage] [--out DIR] [--spec DIR] [--slow] [--help]

Regenerates every file in vectors/ (and spec/coverage.md) from the reference implementation.
No clock and no system randomness are used: two runs give the same bytes.

  (no option)    write vectors/*.json, vectors/manifest.json and spec/coverage.md
  --check        regenerate in memory and compare with the files on disk; list every file that
                 differs, is missing or is extra, and exit 1 if any
                 example: swift run vectorgen --check
  --coverage     print the requirements that have no vector, live check or exemption, the
                 catalogued boundaries no vector hits (BoundaryCatalog), and other coverage
                 problems, and exit 1 if any; writes nothing
  --out DIR      write (or, with --check, compare) the vector files in DIR instead of vectors/;
                 spec/coverage.md is then neither written nor compared
                 example: swift run vectorgen --out /tmp/vectors
  --spec DIR     read requirement ids from DIR/*.md and write DIR/coverage.md (default: spec)
  --slow         recompute the slow vectors (the 1,000,000-case accumulated hash, minutes)
                 instead of using their pinned values; fails if a pin is stale
  --help         this text

Exit status: 0 success, 1 stale files or uncovered requirements, 2 usage error, 3 generation error.
"""

struct Options {
    var check = false
    var coverage = false
    var slow = false
    var out: String?
    var spec = "spec"
}

func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--check": options.check = true
        case "--coverage": options.coverage = true
        case "--slow": options.slow = true
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--out", "--spec":
            guard index + 1 < arguments.count else { return nil }
            if arguments[index] == "--out" { options.out = arguments[index + 1] } else { options.spec = arguments[index + 1] }
            index += 1
        default:
            return nil
        }
        index += 1
    }
    return options
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
    fail(usage, status: 2)
}
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let specDirectory = root.appendingPathComponent(options.spec)
guard FileManager.default.fileExists(atPath: specDirectory.path) else {
    fail("vectorgen: no spec directory at \(specDirectory.path) (run from the package root, or pass --spec)", status: 2)
}

let build: SuiteBuild
do {
    build = try SuiteBuild(specDirectory: specDirectory, options: GenerationOptions(computeSlow: options.slow))
} catch {
    fail("vectorgen: generation failed: \(error)", status: 3)
}

if options.coverage {
    let report = build.coverage!
    let must = report.entries.filter { $0.requirement.level.needsCoverage }
    print("requirements: \(report.entries.count), MUST-level: \(must.count), uncovered: \(report.uncovered.count)")
    for problem in report.problems { print("  \(problem)") }
    exit(report.problems.isEmpty ? 0 : 1)
}

let vectorsDirectory = URL(fileURLWithPath: options.out ?? "vectors", relativeTo: root)
// With --out the spec's coverage.md is left alone: it describes vectors/, not DIR.
var targets: [(GeneratedTree, URL, [String])] = [(build.vectorTree, vectorsDirectory, [""])]
if options.out == nil { targets.append((build.coverageTree, specDirectory, [])) }

if options.check {
    var differences: [String] = []
    for (tree, directory, owned) in targets {
        for difference in tree.differences(from: directory, owned: owned) {
            differences.append("\(difference) (in \(directory.relativePath))")
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
    fail("vectorgen: cannot write: \(error)", status: 2)
}
let count = build.files.reduce(0) { $0 + $1.vectors.count }
print("vectorgen: wrote \(build.files.count) vector files (\(count) vectors) and the manifest to \(vectorsDirectory.relativePath)"
      + (options.out == nil ? ", and \(options.spec)/coverage.md" : ""))
if let report = build.coverage, !report.problems.isEmpty {
    print("vectorgen: coverage has \(report.problems.count) problem(s); see `swift run vectorgen --coverage`")
}
