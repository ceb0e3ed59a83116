import ConformanceRunner
import Foundation
import XCTest

/// A runner unpacked from its tarball runs the suite beside its executable, wherever it is
/// started from, and `--vectors` still wins (ADP-100).
final class InstalledSuiteTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "installed-suite-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory.resolvingSymlinksInPath()
    }

    /// `<root>/bin/conformance` (an empty file: only its place matters) and, when asked, `<root>/vectors/`.
    private func package(in root: URL, withVectors: Bool) throws -> URL {
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        if withVectors {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("vectors"),
                withIntermediateDirectories: true
            )
        }
        let executable = bin.appendingPathComponent("conformance")
        try Data().write(to: executable)
        return executable
    }

    // REQ: ADP-100
    func testThePackagedExecutableFindsTheVectorsBesideItsBinDirectoryThroughSymbolicLinks() throws {
        let root = try temporaryDirectory()
        let packaged = root.appendingPathComponent("openhuman-conformance")
        let executable = try package(in: packaged, withVectors: true)
        let expected = packaged.appendingPathComponent("vectors").path
        XCTAssertEqual(InstalledSuite.vectorsDirectory(forExecutable: executable.path), expected)
        // Linked from a directory of the PATH: the link's own ../vectors does not exist, the target's does.
        let linkDirectory = root.appendingPathComponent("usr/local/bin")
        try FileManager.default.createDirectory(at: linkDirectory, withIntermediateDirectories: true)
        let link = linkDirectory.appendingPathComponent("conformance")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: executable.path)
        XCTAssertEqual(InstalledSuite.vectorsDirectory(forExecutable: link.path), expected)
    }

    // REQ: ADP-100
    func testABuildDirectoryOrAVectorsFileIsNoInstalledSuite() throws {
        let root = try temporaryDirectory()
        let build = try package(in: root.appendingPathComponent("build"), withVectors: false)
        XCTAssertNil(InstalledSuite.vectorsDirectory(forExecutable: build.path))
        let withFile = root.appendingPathComponent("file")
        let executable = try package(in: withFile, withVectors: false)
        try Data("not a directory".utf8).write(to: withFile.appendingPathComponent("vectors"))
        XCTAssertNil(InstalledSuite.vectorsDirectory(forExecutable: executable.path))
        // Positive control: the same place with a vectors directory is an installed suite.
        try FileManager.default.removeItem(at: withFile.appendingPathComponent("vectors"))
        try FileManager.default.createDirectory(
            at: withFile.appendingPathComponent("vectors"),
            withIntermediateDirectories: false
        )
        XCTAssertEqual(
            InstalledSuite.vectorsDirectory(forExecutable: executable.path),
            withFile.appendingPathComponent("vectors").path
        )
    }

    // REQ: ADP-100
    func testWithoutVectorsTheInstalledSuiteRunsAndAGivenVectorsDirectoryWins() throws {
        let installed = try writeVectors([fakeVector("fake/installed")], in: self).path
        let given = try writeVectors([fakeVector("fake/given")], in: self).path
        let adapter = Fixture.misbehavingCommand("--operations", "echo")

        let defaulted = CommandRun.run(["--adapter", adapter, "--no-live"], installedVectors: installed)
        XCTAssertEqual(defaulted.status, .success, defaulted.stderr)
        XCTAssertTrue(defaulted.stdout.contains("from \(installed)"), defaulted.stdout)
        XCTAssertEqual(defaulted.lastLine, "1 passed, 0 failed, 0 skipped")
        XCTAssertEqual(CommandRun.run(["--list", "--no-live"], installedVectors: installed).stdout, "fake/installed\n")

        for arguments in [["--vectors", given], ["--vectors=\(given)"]] {
            let explicit = CommandRun.run(arguments + ["--list", "--no-live"], installedVectors: installed)
            XCTAssertEqual(explicit.status, .success, explicit.stderr)
            XCTAssertEqual(explicit.stdout, "fake/given\n")
        }
        // Control: with nothing installed the installed suite is not what runs.
        XCTAssertFalse(CommandRun.run(["--list", "--no-live"]).stdout.contains("fake/installed"))
    }

    // REQ: ADP-100
    func testTheSpecOfTheHTMLReportFollowsTheInstalledVectors() throws {
        let installed = try RunOptions.parse([]).located(installedVectors: "/opt/openhuman-conformance/vectors")
        XCTAssertEqual(installed.vectorsDirectory, "/opt/openhuman-conformance/vectors")
        XCTAssertEqual(installed.effectiveSpecDirectory, "/opt/openhuman-conformance/spec")
        let given = try RunOptions.parse(["--vectors", "v"]).located(
            installedVectors: "/opt/openhuman-conformance/vectors"
        )
        XCTAssertEqual(given.vectorsDirectory, "v")
        XCTAssertEqual(try RunOptions.parse([]).located(installedVectors: nil).vectorsDirectory, "vectors")
    }
}
