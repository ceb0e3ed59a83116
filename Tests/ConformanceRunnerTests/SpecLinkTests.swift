import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// Every failure in every report format links its requirements' anchors in the rendered spec,
/// `<base>/<chapter>.html#<ID>` (ADP-81), with `<base>` from `--spec-url` or its default (ADP-82).
/// One failing case citing a wire requirement and a kit requirement, beside a passing one.
final class SpecLinkTests: XCTestCase {
    private static let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("spec").path
    private static let base = "https://example.org/openhuman/spec"
    private static let frameLink = base + "/06-session-frames.html#FRAME-OPEN-3"
    private static let adapterLink = base + "/kit/04-runner.html#ADP-18"

    private func vectors() throws -> String {
        try writeVectors(
            [
                fakeVector("fake/ok"),
                Vector(
                    id: "fake/mismatch",
                    operation: "echo",
                    requirements: ["FRAME-OPEN-3", "ADP-18"],
                    comment: "runner self-test",
                    result: .valid,
                    input: ["value": "x"],
                    expected: ["value": "other"]
                ),
            ],
            in: self
        ).path
    }

    private func run(
        _ format: String,
        vectors: String,
        specURL: String? = SpecLinkTests.base + "/",
        spec: String = SpecLinkTests.spec
    ) -> CommandRun {
        let run = CommandRun.run(
            [
                "--vectors", vectors, "--no-live", "--spec", spec, "--format", format,
                "--adapter", Fixture.misbehavingCommand("--operations", "echo"),
            ]
                + (specURL.map { ["--spec-url", $0] } ?? [])
        )
        XCTAssertEqual(run.status, .failures, run.stdout + run.stderr)
        return run
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    // REQ: ADP-81
    func testTheTextReportGivesASpecLinePerRequirementOfAFailure() throws {
        let text = run("text", vectors: try vectors()).stdout
        XCTAssertTrue(
            text.contains(
                """
                FAIL  fake/mismatch [FRAME-OPEN-3, ADP-18]
                  output member value: expected "other", got "x"
                  vector: runner self-test
                  spec: \(Self.frameLink)
                  spec: \(Self.adapterLink)

                """
            ),
            text
        )
        XCTAssertEqual(count("  spec: ", in: text), 2, "the passing case has no link lines")
    }

    // REQ: ADP-81
    func testTheTAPReportGivesSpecLinksInTheFailuresDiagnostics() throws {
        let tap = run("tap", vectors: try vectors()).stdout
        XCTAssertTrue(
            tap.contains(
                """
                  requirements: ["FRAME-OPEN-3", "ADP-18"]
                  specLinks: ["\(Self.frameLink)", "\(Self.adapterLink)"]

                """
            ),
            tap
        )
        XCTAssertEqual(count("specLinks:", in: tap), 1, "only the failing point has a diagnostic block")
    }

    // REQ: ADP-81
    func testTheJUnitReportGivesSpecLinesInTheFailureBody() throws {
        let junit = run("junit", vectors: try vectors()).stdout
        XCTAssertTrue(
            junit.contains("requirements: FRAME-OPEN-3, ADP-18\nspec: \(Self.frameLink)\nspec: \(Self.adapterLink)\n"),
            junit
        )
        XCTAssertEqual(count("spec: ", in: junit), 2)
    }

    // REQ: ADP-81
    func testTheJSONReportMapsEachCitedRequirementToItsLink() throws {
        let json = run("json", vectors: try vectors()).stdout
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let results = try XCTUnwrap(root["results"] as? [[String: Any]])
        let byID = Dictionary(results.map { ($0["id"] as? String ?? "", $0) }) { first, _ in first }
        XCTAssertEqual(
            byID["fake/mismatch"]?["specLinks"] as? [String: String],
            ["FRAME-OPEN-3": Self.frameLink, "ADP-18": Self.adapterLink]
        )
        XCTAssertEqual(
            byID["fake/ok"]?["specLinks"] as? [String: String],
            ["ADP-18": Self.adapterLink],
            "every result carries the links of what it cites"
        )
    }

    // REQ: ADP-81
    func testTheHTMLReportLinksEachRequirementOfAFailure() throws {
        let html = run("html", vectors: try vectors()).stdout
        XCTAssertTrue(
            html.contains(
                "<li><a href=\"\(Self.frameLink)\">FRAME-OPEN-3</a> <span class=\"roles\">(device, core)</span>"
            ),
            html
        )
        XCTAssertTrue(
            html.contains("<li><a href=\"\(Self.adapterLink)\">ADP-18</a> <span class=\"roles\">(runner)</span>"),
            html
        )
    }

    // REQ: ADP-81
    func testWithoutTheSpecNoLinkIsGuessed() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-spec-\(UUID().uuidString)").path
        let vectors = try vectors()
        XCTAssertEqual(count("  spec: ", in: run("text", vectors: vectors, spec: missing).stdout), 0)
        XCTAssertEqual(count("specLinks", in: run("json", vectors: vectors, spec: missing).stdout), 0)
        // Positive control: the same run with the spec has them.
        XCTAssertEqual(count("  spec: ", in: run("text", vectors: vectors).stdout), 2)
    }

    // REQ: ADP-82
    func testTheBaseDefaultsToARenderedSpecBesideTheVectorsElseToTheMarkdownThatACheckoutHas() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spec-url-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let vectors = root.appendingPathComponent("vectors")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try self.vectors(), toPath: vectors.path)

        // No rendered spec beside the vectors: the Markdown chapter the texts were read from,
        // which exists in any checkout.
        XCTAssertNil(SpecSite.renderedURL(vectorsDirectory: vectors.path))
        let markdown = URL(fileURLWithPath: Self.spec).standardizedFileURL.absoluteString
        let chapter = (markdown.hasSuffix("/") ? markdown : markdown + "/") + "06-session-frames.md"
        XCTAssertTrue(
            run("text", vectors: vectors.path, specURL: nil).stdout.contains("  spec: \(chapter)#FRAME-OPEN-3\n")
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: URL(string: chapter)!.path), chapter)

        // The repository's layout (tools/render-spec writes dist/spec-html/).
        let dist = root.appendingPathComponent("dist/spec-html")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        XCTAssertNil(SpecSite.renderedURL(vectorsDirectory: vectors.path), "a directory without index.html is no site")
        try Data("<!DOCTYPE html>".utf8).write(to: dist.appendingPathComponent("index.html"))
        let distURL = "file://" + root.standardizedFileURL.path + "/dist/spec-html"
        XCTAssertEqual(SpecSite.renderedURL(vectorsDirectory: vectors.path + "/"), distURL)
        XCTAssertTrue(
            run("text", vectors: vectors.path, specURL: nil).stdout
                .contains("  spec: \(distURL)/06-session-frames.html#FRAME-OPEN-3\n")
        )

        // The tarball's layout (spec-html/ beside vectors/) comes first.
        let shipped = root.appendingPathComponent("spec-html")
        try FileManager.default.createDirectory(at: shipped, withIntermediateDirectories: true)
        try Data("<!DOCTYPE html>".utf8).write(to: shipped.appendingPathComponent("index.html"))
        XCTAssertEqual(
            SpecSite.renderedURL(vectorsDirectory: vectors.path),
            "file://" + root.standardizedFileURL.path + "/spec-html"
        )

        // --spec-url wins over any default, its trailing slashes dropped.
        XCTAssertTrue(
            run("text", vectors: vectors.path, specURL: "../spec//").stdout
                .contains("  spec: ../spec/06-session-frames.html#FRAME-OPEN-3\n")
        )
    }

    // REQ: ADP-82
    func testASpecURLOfAnotherSchemeThanHTTPOrFileIsRefused() throws {
        for hostile in [
            "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>x</script>", "vbscript:x",
        ] {
            let refused = CommandRun.run(["--spec-url", hostile])
            XCTAssertEqual(refused.status, .usage, hostile)
            XCTAssertTrue(
                refused.stderr.hasPrefix(
                    "conformance: --spec-url takes an http:, https: or file: URL or a relative path"
                ),
                refused.stderr
            )
        }
        // Positive controls: http(s), file and relative references are taken as given.
        for accepted in ["https://x.test/s", "HTTP://x.test", "file:///opt/spec-html", "../spec", "spec-html", "a/b:c"]
        {
            XCTAssertEqual(try RunOptions.parse(["--spec-url", accepted]).specURL, accepted)
        }
    }

    // REQ: ADP-82
    func testSpecURLIsParsedAndAnEmptyOneRefused() throws {
        XCTAssertEqual(try RunOptions.parse(["--spec-url", "https://x.test/s"]).specURL, "https://x.test/s")
        XCTAssertEqual(try RunOptions.parse(["--spec-url=file:///opt/spec-html"]).specURL, "file:///opt/spec-html")
        XCTAssertNil(try RunOptions.parse([]).specURL)
        let refused = CommandRun.run(["--spec-url", ""])
        XCTAssertEqual(refused.status, .usage)
        XCTAssertTrue(
            refused.stderr.hasPrefix("conformance: --spec-url needs a URL (got an empty one)"),
            refused.stderr
        )
    }
}
