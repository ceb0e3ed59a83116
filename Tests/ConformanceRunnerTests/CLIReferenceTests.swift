import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// spec/kit/cli.md is generated from the help text, so each fact of the command line is written
/// once (`HelpText`) and `--help` and the spec cannot disagree: the committed file is the
/// rendering, a changed file is reported stale with the command that regenerates it, and the
/// command writes exactly the rendering.
final class CLIReferenceTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let file = root.appendingPathComponent(CLIReference.path)

    func testSpecKitCLIReferenceIsTheRenderedHelpText() throws {
        let current = try? String(contentsOf: Self.file, encoding: .utf8)
        let problem = CLIReference.staleness(of: current)
        XCTAssertNil(problem, problem ?? "")
        // The message the test would fail with names the way out.
        XCTAssertTrue(
            CLIReference.staleness(of: nil)?.contains("swift run conformance --write-cli-reference spec/kit/cli.md")
                == true
        )
    }

    /// The control: a reference that differs from the help text by one word, or lacks a line, or
    /// is missing, is reported, with the regeneration command in the message.
    func testAChangedOrMissingCLIReferenceIsReportedStale() throws {
        let rendered = HelpText.markdown
        let edited = rendered.replacingOccurrences(of: "(default 5000)", with: "(default 6000)")
        XCTAssertNotEqual(edited, rendered, "the control edits a line the reference has")
        let truncated = rendered.components(separatedBy: "\n").dropLast(3).joined(separator: "\n") + "\n"
        for text in [edited, truncated, rendered + "\n"] {
            let problem = try XCTUnwrap(CLIReference.staleness(of: text), "a changed reference passed as current")
            XCTAssertTrue(problem.hasPrefix("spec/kit/cli.md is stale (first difference at line "), problem)
            XCTAssertTrue(
                problem.hasSuffix("regenerate it with swift run conformance --write-cli-reference spec/kit/cli.md"),
                problem
            )
        }
        XCTAssertEqual(
            CLIReference.staleness(of: nil),
            "spec/kit/cli.md is missing: generate it with swift run conformance --write-cli-reference spec/kit/cli.md"
        )
        XCTAssertNil(CLIReference.staleness(of: rendered))
    }

    func testTheRegenerationCommandWritesExactlyTheRendering() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cli-reference-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("cli.md")
        try Data("stale text that is longer than nothing\n".utf8).write(to: target)
        let run = CommandRun.run(["--write-cli-reference", target.path])
        XCTAssertEqual(run.status, .success, run.stderr)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), HelpText.markdown)
        XCTAssertEqual(run.stdout, "")
        // Without exactly one file it is a usage error, and writes nothing.
        XCTAssertEqual(CommandRun.run(["--write-cli-reference"]).status, .usage)
        XCTAssertEqual(CommandRun.run(["--write-cli-reference", target.path, "extra"]).status, .usage)
    }

    /// The reference documents; it defines no requirement (the requirement reader scans spec/kit/),
    /// and it holds every option and exit status `--help` prints.
    func testTheReferenceDefinesNoRequirementAndCoversEveryOptionAndStatus() {
        let markdown = HelpText.markdown
        XCTAssertEqual(RequirementReader.read(markdown: markdown, file: "kit/cli.md").map(\.id), [])
        XCTAssertFalse(markdown.contains("**["))
        for page in [HelpText.run, HelpText.verify] {
            for option in page.options {
                XCTAssertTrue(markdown.contains("- `\(option.name)`: "), "cli.md lacks \(option.name)")
                XCTAssertTrue(page.text.contains("\n  \(option.name) "), "--help lacks \(option.name)")
            }
            for status in page.exitStatuses {
                XCTAssertTrue(markdown.contains("| \(status.code) | "), "cli.md lacks exit status \(status.code)")
            }
        }
        XCTAssertTrue(markdown.hasPrefix("# The command line of `conformance` (generated)\n"))
    }
}
