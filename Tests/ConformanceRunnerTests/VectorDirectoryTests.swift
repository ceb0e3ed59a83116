import Foundation
import XCTest

/// What `--vectors` must name (ADP-43): a directory with the suite's vector files and its
/// manifest; anything else is refused with exit 2 and a message saying what was expected.
final class VectorDirectoryTests: XCTestCase {
    private let adapter = Fixture.misbehavingCommand("--operations", "echo")

    private func emptyDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    // REQ: ADP-43
    func testAnEmptyOrWrongVectorsDirectoryIsRefusedNotRunAsLiveChecksOnly() throws {
        let empty = try emptyDirectory()
        try Data("notes\n".utf8).write(to: empty.appendingPathComponent("README.md"))
        for extra in [[], ["--no-manifest"]] {
            let run = CommandRun.run(["--vectors", empty.path, "--adapter", adapter] + extra)
            XCTAssertEqual(run.status, .usage, run.stdout)
            XCTAssertEqual(
                run.stderr,
                "conformance: no vector files in \(empty.path): expected the suite's *.json vector files and "
                    + "manifest.json (the vectors/ directory of the conformance kit); check --vectors\n"
            )
            XCTAssertEqual(run.stdout, "", "nothing ran")
        }
    }

    // REQ: ADP-43
    func testADirectoryWithoutItsManifestIsRefusedUnlessNoManifestIsGiven() throws {
        let directory = try writeVectors([fakeVector("fake/a")], manifest: false, in: self).path
        let refused = CommandRun.run(["--vectors", directory, "--no-live", "--adapter", adapter])
        XCTAssertEqual(refused.status, .usage)
        XCTAssertEqual(
            refused.stderr,
            "conformance: no manifest.json in \(directory): without it the vector files cannot be checked "
                + "for damage or edits; regenerate it with `swift run vectorgen`, or pass --no-manifest to run them unchecked\n"
        )
        let unchecked = CommandRun.run(["--vectors", directory, "--no-live", "--no-manifest", "--adapter", adapter])
        XCTAssertEqual(unchecked.status, .success, unchecked.stderr)
        XCTAssertEqual(unchecked.lastLine, "1 passed, 0 failed, 0 skipped")
        // With a manifest, --no-manifest does not switch the check off: a tampered file is still refused.
        let checked = try writeVectors([fakeVector("fake/a")], in: self)
        try Data("{}".utf8).write(to: checked.appendingPathComponent("fake.json"))
        let tampered = CommandRun.run(["--vectors", checked.path, "--no-live", "--no-manifest", "--adapter", adapter])
        XCTAssertEqual(
            tampered.stderr,
            "conformance: fake.json does not match its SHA-256 in manifest.json (modified or damaged)\n"
        )
    }

    // REQ: ADP-43
    func testDotFilesInTheVectorsDirectoryAreIgnored() throws {
        let directory = try writeVectors([fakeVector("fake/a")], in: self)
        // An editor's lock file (a dangling symlink) and a swap file: not part of the suite.
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent(".#fake.json").path,
            withDestinationPath: "user@host.1234:1700000000"
        )
        try Data("garbage".utf8).write(to: directory.appendingPathComponent(".fake.json.swp.json"))
        let run = CommandRun.run(["--vectors", directory.path, "--no-live", "--adapter", adapter])
        XCTAssertEqual(run.status, .success, run.stderr)
        XCTAssertEqual(run.lastLine, "1 passed, 0 failed, 0 skipped")
        // Positive control: the same file without the leading dot is a vector file, and refused.
        try Data("garbage".utf8).write(to: directory.appendingPathComponent("fake-copy.json"))
        XCTAssertEqual(
            CommandRun.run(["--vectors", directory.path, "--no-live", "--adapter", adapter]).stderr,
            "conformance: fake-copy.json is not listed in manifest.json\n"
        )
    }
}
