import Foundation
import VectorFormat
import VectorGeneration
import XCTest

/// `vectorgen` as users run it: absolute and relative paths, an empty `--out`, dot-files left by
/// editors, atomic writes and one-line error messages (ADP-43, ADP-48). The built executable runs
/// as a subprocess.
final class VectorgenCommandTests: XCTestCase {
    private struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private func vectorgen(_ arguments: [String], in directory: URL = Fixtures.packageRoot) throws -> Outcome {
        let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("vectorgen")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("vectorgen is not built at \(executable.path) (swift build --build-tests builds it)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    private func temporaryDirectory() throws -> URL {
        let directory = try Fixtures.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// A copy of the committed vectors/ in a temporary directory.
    private func copyOfVectors() throws -> URL {
        let copy = try temporaryDirectory().appendingPathComponent("vectors")
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("vectors"), to: copy)
        return copy
    }

    /// How many files `--check` compares: the vector files and the manifest, and with the spec
    /// the kit's two generated tables (coverage.md, requirements-by-role.md).
    private func freshCount(withSpec: Bool) throws -> Int {
        let vectors = try FileManager.default.contentsOfDirectory(
            atPath: Fixtures.packageRoot.appendingPathComponent("vectors").path
        )
        .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count
        return vectors + (withSpec ? 2 : 0)
    }

    // REQ: ADP-48
    func testAbsoluteAndRelativePathsMeanWhatTheySay() throws {
        let root = Fixtures.packageRoot.path
        let absolute = try vectorgen(["--check", "--spec", root + "/spec"])
        XCTAssertEqual(absolute.status, 0, absolute.stderr)
        XCTAssertEqual(absolute.stdout, "vectorgen: \(try freshCount(withSpec: true)) files are fresh\n")
        // From elsewhere, with absolute --spec and --out.
        let elsewhere = try vectorgen(
            ["--check", "--spec", root + "/spec", "--out", root + "/vectors"],
            in: try temporaryDirectory()
        )
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        XCTAssertEqual(elsewhere.stdout, "vectorgen: \(try freshCount(withSpec: false)) files are fresh\n")
        // Positive control: relative paths are still read from the current directory.
        let relative = try vectorgen(["--check", "--spec", "spec", "--out", "./vectors"])
        XCTAssertEqual(relative.status, 0, relative.stderr)
        XCTAssertEqual(try VectorgenOptions.parse(["--out", "/a/b"], at: "/c").vectorsDirectory.path, "/a/b")
        XCTAssertEqual(try VectorgenOptions.parse(["--out", "b/../d"], at: "/c").vectorsDirectory.path, "/c/d")
    }

    // REQ: ADP-48
    func testAnEmptyOutIsRefusedAndWritesNothing() throws {
        let directory = try temporaryDirectory()
        let outcome = try vectorgen(["--out", "", "--spec", Fixtures.specDirectory.path], in: directory)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(
            outcome.stderr,
            "vectorgen: --out needs a directory (got an empty one; write . for the current directory)\n"
                + "Run 'vectorgen --help' for usage.\n"
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
        XCTAssertEqual(try vectorgen(["--spec", ""]).status, 2)
    }

    // REQ: ADP-43
    func testCheckIgnoresDotFilesAsTheRunnerDoes() throws {
        let copy = try copyOfVectors()
        try FileManager.default.createSymbolicLink(
            atPath: copy.appendingPathComponent(".#hkdf.json").path,
            withDestinationPath: "user@host.4242:1700000000"
        )
        let fresh = try vectorgen(["--check", "--out", copy.path])
        XCTAssertEqual(fresh.status, 0, fresh.stdout + fresh.stderr)
        XCTAssertEqual(fresh.stdout, "vectorgen: \(try freshCount(withSpec: false)) files are fresh\n")
        // Positive control: a file without the leading dot is extra.
        try Data("{}".utf8).write(to: copy.appendingPathComponent("hkdf-copy.json"))
        let extra = try vectorgen(["--check", "--out", copy.path])
        XCTAssertEqual(extra.status, 1)
        XCTAssertTrue(extra.stdout.hasPrefix("extra: hkdf-copy.json (in \(copy.path))\n"), extra.stdout)
    }

    // REQ: ADP-48
    func testEveryFileIsReplacedByARenameAndNoTemporaryFileIsLeft() throws {
        let copy = try copyOfVectors()
        let target = copy.appendingPathComponent(Manifest.fileName)
        let before = try FileManager.default.attributesOfItem(atPath: target.path)[.systemFileNumber] as? UInt64
        let outcome = try vectorgen(["--out", copy.path])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let after = try FileManager.default.attributesOfItem(atPath: target.path)[.systemFileNumber] as? UInt64
        XCTAssertNotEqual(before, after, "the manifest was rewritten in place, not replaced by a rename")
        let names = try FileManager.default.contentsOfDirectory(atPath: copy.path).sorted()
        XCTAssertFalse(names.contains { $0.hasPrefix(".") }, "temporary files left: \(names)")
        XCTAssertEqual(
            try Data(contentsOf: target),
            try Data(
                contentsOf: Fixtures.packageRoot.appendingPathComponent("vectors").appendingPathComponent(
                    Manifest.fileName
                )
            )
        )
    }

    // REQ: ADP-48
    func testAWriteErrorIsOneClearLine() throws {
        let outcome = try vectorgen(["--out", "/proc/no-such-directory/vectors"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(
            outcome.stderr,
            "vectorgen: cannot write /proc/no-such-directory/vectors: cannot create the directory (No such file or directory)\n"
        )
        let usage = try vectorgen(["--frobnicate"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr, "vectorgen: unknown option --frobnicate\nRun 'vectorgen --help' for usage.\n")
    }
}

private extension VectorgenOptions {
    static func parse(_ arguments: [String], at directory: String) throws -> VectorgenOptions {
        try parse(arguments, currentDirectory: URL(fileURLWithPath: directory))
    }
}
