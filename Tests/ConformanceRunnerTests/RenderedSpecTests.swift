import Foundation
import VectorFormat
import XCTest

/// The rendered spec (`tools/render-spec`, issue 15): loaded in headless Chromium, every internal
/// link resolves to a page and an element, every requirement the kit's reader finds has its
/// anchor `<chapter>.html#<ID>` (the target of the reports' links, ADP-81) and every mention of an
/// id in the text links it, every diagram marker
/// became a drawing, the worked example's values copy exactly, no page loads anything or logs an
/// error; and the site is the same bytes from run to run. A fixture spec with broken links, a
/// removed anchor and an external image is the positive control: each is reported.
final class RenderedSpecTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let spec = root.appendingPathComponent("spec")

    // REQ: ADP-83
    func testEveryLinkResolvesAndEveryRequirementHasItsAnchorInChromium() throws {
        guard let chromium = try HeadlessChromium.executable(), try renderingToolsPresent() else { return }
        let work = try temporaryDirectory()
        let site = work.appendingPathComponent("site"), fixtureSite = work.appendingPathComponent("fixture")
        try render(spec: Self.spec, into: site)
        let fixtureSpec = try writeFixtureSpec(in: work)
        try render(spec: fixtureSpec, into: fixtureSite)
        // The renderer missing one requirement, simulated: ONE-2's anchor removed from its page.
        let one = fixtureSite.appendingPathComponent("01-one.html")
        let page = try String(contentsOf: one, encoding: .utf8)
        let anchor = ##"<a href="#ONE-2" id="ONE-2" class="req" title="requirement ONE-2">"##
        XCTAssertTrue(page.contains(anchor), page)
        try Data(page.replacingOccurrences(of: anchor, with: "<a>").utf8).write(to: one)

        let loaded = try load(sites: ["site": site, "fixture": fixtureSite], chromium: chromium, harnessIn: work)
        let requirements = try RequirementReader.read(directory: Self.spec)
        XCTAssertGreaterThan(requirements.count, 250, "the spec's requirements were read")

        // The real site: no problem at all.
        XCTAssertEqual(
            SiteCheck.problems(loaded["site"] ?? [:], files: try files(in: site), requirements: requirements),
            []
        )
        XCTAssertEqual(
            loaded["site"]?.count,
            try files(in: site).filter { $0.hasSuffix(".html") }.count,
            "every page loaded"
        )
        // Positive control: the fixture's two broken links (on the README's page and on
        // index.html, its copy) and its missing anchor, exactly.
        let fixtureRequirements = try RequirementReader.read(directory: fixtureSpec)
        XCTAssertEqual(
            SiteCheck.problems(
                loaded["fixture"] ?? [:],
                files: try files(in: fixtureSite),
                requirements: fixtureRequirements
            ),
            [
                "01-one.html: requirement ONE-2 has no anchor a.req#ONE-2",
                "README.html: link 01-one.html#ONE-9: no element with id ONE-9 in 01-one.html",
                "README.html: link 02-missing.html: no such file in the site",
                "index.html: link 01-one.html#ONE-9: no element with id ONE-9 in 01-one.html",
                "index.html: link 02-missing.html: no such file in the site",
            ]
        )

        // Mentions of an id in the text link its anchor, across pages.
        XCTAssertTrue(
            loaded["site"]?["kit/coverage.html"]?.hrefs.contains("../06-session-frames.html#FRAME-OPEN-3") == true
        )
        // A runner rule cited in the adapter protocol links the runner chapter, which links the generated CLI reference.
        XCTAssertTrue(
            loaded["site"]?["kit/02-adapter-protocol.html"]?.hrefs.contains("../kit/04-runner.html#ADP-18") == true
        )
        XCTAssertTrue(loaded["site"]?["kit/04-runner.html"]?.hrefs.contains("cli.html") == true)
        XCTAssertEqual(
            loaded["fixture"]?["README.html"]?.hrefs.filter { $0.contains("ONE-") },
            ["01-one.html#ONE-1", "01-one.html#ONE-9", "01-one.html#ONE-1"]
        )
        for (name, page) in (loaded["site"] ?? [:]).sorted(by: { $0.key < $1.key }) {
            XCTAssertTrue(page.currentInSidebar, "\(name) has the sidebar, its own entry marked")
        }
        try assertDiagramsDrawn(loaded["site"] ?? [:])
        try assertWorkedExampleValuesCopyExactly(loaded["site"] ?? [:])
    }

    // REQ: ADP-83
    func testTheRenderedSpecIsTheSameBytesFromRunToRun() throws {
        guard try renderingToolsPresent() else { return }
        let work = try temporaryDirectory()
        let first = work.appendingPathComponent("first"), second = work.appendingPathComponent("second")
        try render(spec: Self.spec, into: first)
        try render(spec: Self.spec, into: second)
        let names = try files(in: first)
        XCTAssertEqual(names, try files(in: second))
        XCTAssertTrue(
            names.contains("06-session-frames.html") && names.contains("kit/02-adapter-protocol.html"),
            "\(names)"
        )
        XCTAssertTrue(
            names.contains("kit/04-runner.html") && names.contains("kit/cli.html") && names.contains("kit/notes.html"),
            "the runner chapter, the generated CLI reference and the notes are pages: \(names)"
        )
        for name in names.sorted() {
            XCTAssertEqual(
                try Data(contentsOf: first.appendingPathComponent(name)),
                try Data(contentsOf: second.appendingPathComponent(name)),
                "\(name) differs between two runs"
            )
        }
    }

    // MARK: what is checked

    /// A page as Chromium loaded it.
    struct LoadedPage {
        var ids: Set<String>
        var hrefs: [String]
        /// `(id, href)` of every requirement anchor (`a.req`).
        var requirementAnchors: [[String]]
        /// `(figure id, holds an svg)` of every diagram.
        var diagrams: [String: Bool]
        var copyValues: [String]
        var currentInSidebar: Bool
    }

    /// The link and anchor checks, as sorted problem lines (empty when the site is sound).
    enum SiteCheck {
        static func problems(_ pages: [String: LoadedPage], files: Set<String>, requirements: [Requirement]) -> [String]
        {
            var problems: [String] = []
            for (name, page) in pages {
                for href in page.hrefs {
                    if let problem = linkProblem(href, from: name, pages: pages, files: files) {
                        problems.append("\(name): link \(href): \(problem)")
                    }
                }
            }
            var anchored: [String: String] = [:]
            for (name, page) in pages where name != "index.html" {
                for anchor in page.requirementAnchors where anchor.count == 2 {
                    anchored[anchor[0]] = name
                    if anchor[1] != "#" + anchor[0] {
                        problems.append("\(name): requirement anchor \(anchor[0]) links \(anchor[1]), not to itself")
                    }
                }
            }
            var defined = Set<String>()
            for requirement in requirements {
                let page = String(requirement.file.dropLast(3)) + ".html"
                defined.insert(requirement.id)
                if anchored[requirement.id] != page {
                    problems.append("\(page): requirement \(requirement.id) has no anchor a.req#\(requirement.id)")
                }
            }
            for (id, page) in anchored where !defined.contains(id) {
                problems.append("\(page): anchor \(id) is no requirement of the spec")
            }
            return problems.sorted()
        }

        /// Why `href` on page `from` does not resolve, or nil. Links with a scheme leave the site
        /// and are not followed.
        static func linkProblem(
            _ href: String,
            from: String,
            pages: [String: LoadedPage],
            files: Set<String>
        ) -> String? {
            if href.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { return nil }
            let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].removingPercentEncoding ?? parts[0]
            let fragment = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : nil
            var target = from
            if !path.isEmpty {
                var components = from.split(separator: "/").dropLast().map(String.init)
                for component in path.split(separator: "/", omittingEmptySubsequences: true) {
                    if component == ".." {
                        guard !components.isEmpty else { return "leaves the site" }
                        components.removeLast()
                    } else if component != "." {
                        components.append(String(component))
                    }
                }
                target = components.joined(separator: "/")
                let isDirectory = path.hasSuffix("/") && files.contains { $0.hasPrefix(target + "/") }
                guard files.contains(target) || isDirectory else { return "no such file in the site" }
                if isDirectory { return fragment == nil ? nil : "a fragment on a directory" }
            }
            guard let fragment, !fragment.isEmpty else { return nil }
            guard let page = pages[target] else { return "fragment #\(fragment) on \(target), which is no page" }
            return page.ids.contains(fragment) ? nil : "no element with id \(fragment) in \(target)"
        }
    }

    /// Every `Diagram: [...](diagrams/NAME.dot)` line of a chapter is a figure `#diagram-NAME`
    /// with an inline SVG on that chapter's page.
    private func assertDiagramsDrawn(_ pages: [String: LoadedPage]) throws {
        var markers = 0
        for name in try files(in: Self.spec) where name.hasSuffix(".md") {
            let text = try String(contentsOf: Self.spec.appendingPathComponent(name), encoding: .utf8)
            let page = String(name.dropLast(3)) + ".html"
            for line in text.split(separator: "\n") where line.hasPrefix("Diagram: [") {
                let dot = try XCTUnwrap(
                    line.range(of: #"diagrams/[a-z0-9-]+(?=\.dot\)$)"#, options: .regularExpression)
                )
                let figure = "diagram-" + line[dot].dropFirst("diagrams/".count)
                XCTAssertEqual(pages[page]?.diagrams[String(figure)], true, "\(page) draws \(figure)")
                markers += 1
            }
        }
        XCTAssertGreaterThanOrEqual(markers, 6, "the layouts of 0x02, 0x03, 0x04 and three state machines")
    }

    /// The copy button of a wrapped value in chapter 10 copies the value without its line breaks.
    private func assertWorkedExampleValuesCopyExactly(_ pages: [String: LoadedPage]) throws {
        let lines = try String(contentsOf: Self.spec.appendingPathComponent("10-worked-example.md"), encoding: .utf8)
            .components(separatedBy: "\n")
        let label = try XCTUnwrap(lines.firstIndex(of: "hs_ciphertext  (151 bytes)"))
        let value = lines[(label + 1)...].prefix { $0.range(of: "^[0-9a-f]+$", options: .regularExpression) != nil }
            .joined()
        XCTAssertEqual(value.count, 302, "151 bytes of hex over five lines")
        let copies = try XCTUnwrap(pages["10-worked-example.html"]?.copyValues)
        XCTAssertTrue(copies.contains(value), "hs_ciphertext copies unwrapped")
        XCTAssertTrue(
            copies.contains("250addc10594dcb3d327177e7a64b72e762c2463f4e77a889a901b4963cbd7d2"),
            "k_hs copies"
        )
        XCTAssertFalse(
            copies.contains { $0.contains("\n") && $0.range(of: "^[0-9a-f\n]+$", options: .regularExpression) != nil },
            "no hex value copies with its line breaks"
        )
    }

    // MARK: helpers

    /// pandoc and graphviz's dot, which tools/render-spec needs; under tools/test they must be present.
    private func renderingToolsPresent() throws -> Bool {
        for tool in ["pandoc", "dot"] where !FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)") {
            try HeadlessChromium.requireOrSkip("\(tool) is not installed (Debian's pandoc and graphviz)")
            return false
        }
        return true
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rendered-spec-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// `tools/render-spec --spec SPEC --out OUT` on Debian's /usr/bin/python3, which it is written for.
    private func render(spec: URL, into out: URL) throws {
        let run = try HeadlessChromium.run(
            "/usr/bin/python3",
            [
                Self.root.appendingPathComponent("tools/render-spec").path,
                "--spec", spec.path, "--out", out.path,
            ]
        )
        XCTAssertEqual(run.status, 0, run.output)
    }

    /// Two chapters: a README with one good and two broken links and an external image (which the
    /// pages' policy refuses), and a chapter of two requirements.
    private func writeFixtureSpec(in work: URL) throws -> URL {
        let spec = work.appendingPathComponent("fixture-spec")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        try Data(
            """
            # Fixture

            [a requirement](01-one.md#ONE-1), [no such anchor](01-one.md#ONE-9), [no such page](02-missing.md).
            A mention of ONE-1 links its anchor; ONE-9 is no requirement and is left as text.

            <img src="https://example.invalid/probe.png" alt="">

            """.utf8
        ).write(to: spec.appendingPathComponent("README.md"))
        try Data(
            """
            # One

            - **[ONE-1]** *(core)* A core MUST do one thing.
            - **[ONE-2]** *(core)* A core MUST do another.

            Back to [the start](README.md#fixture).

            """.utf8
        ).write(to: spec.appendingPathComponent("01-one.md"))
        return spec
    }

    private func files(in directory: URL) throws -> Set<String> {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: directory.path))
        var names = Set<String>()
        while let name = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(name).path,
                isDirectory: &isDirectory
            ),
                !isDirectory.boolValue
            {
                names.insert(name)
            }
        }
        return names
    }

    /// Loads every page of every site in one headless Chromium, each in an iframe of a harness
    /// page that reads its DOM once all have loaded (file pages may read each other with
    /// `--allow-file-access-from-files`). Fails on any console message from a page of `site`,
    /// and checks that the fixture's external image was refused (the control of that check).
    private func load(
        sites: [String: URL],
        chromium: String,
        harnessIn work: URL
    ) throws -> [String: [String: LoadedPage]] {
        var frames = ""
        for (key, directory) in sites.sorted(by: { $0.key < $1.key }) {
            for page in try files(in: directory).filter({ $0.hasSuffix(".html") }).sorted() {
                frames +=
                    "<iframe data-site=\"\(key)\" data-page=\"\(page)\" src=\"\(directory.lastPathComponent)/\(page)\"></iframe>\n"
            }
        }
        let harness = work.appendingPathComponent("harness.html")
        try Data(
            ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>harness</title></head><body>\n" + frames + """
                <pre id="result"></pre>
                <script>
                window.addEventListener("load", function () {
                  var out = {};
                  document.querySelectorAll("iframe").forEach(function (frame) {
                    var d = frame.contentDocument, site = frame.dataset.site;
                    out[site] = out[site] || {};
                    out[site][frame.dataset.page] = d === null ? null : {
                      ids: Array.from(d.querySelectorAll("[id]"), function (e) { return e.id; }),
                      hrefs: Array.from(d.querySelectorAll("[href]"), function (e) { return e.getAttribute("href"); }),
                      reqs: Array.from(d.querySelectorAll("a.req"), function (a) { return [a.id, a.getAttribute("href")]; }),
                      diagrams: Array.from(d.querySelectorAll("figure.diagram"), function (f) { return [f.id, f.querySelector("svg") !== null]; }),
                      copies: Array.from(d.querySelectorAll("button.copy"), function (b) { return b.getAttribute("data-copy"); }),
                      current: d.querySelector("nav.sidebar a[aria-current=page]") !== null
                    };
                  });
                  document.getElementById("result").textContent = JSON.stringify(out);
                });
                </script>
                </body></html>

                """).utf8
        ).write(to: harness)
        let profile = work.appendingPathComponent("profile")
        let run = try HeadlessChromium.run(
            chromium,
            HeadlessChromium.commonArguments(profile: profile)
                + ["--allow-file-access-from-files", "--dump-dom", harness.absoluteString]
        )
        XCTAssertEqual(run.status, 0, run.output)
        let consoleLines = run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        let sitePath = try XCTUnwrap(sites["site"]).absoluteString
        XCTAssertEqual(consoleLines.filter { $0.contains(sitePath) }, [], "a page of the site logged a message")
        if let fixture = sites["fixture"] {
            XCTAssertTrue(
                consoleLines.contains { $0.contains(fixture.absoluteString) && $0.contains("Content Security Policy") },
                "the fixture's external image was refused and the refusal seen:\n\(run.stderr)"
            )
        }

        let start = try XCTUnwrap(run.stdout.range(of: "<pre id=\"result\">"), run.output)
        let end = try XCTUnwrap(run.stdout.range(of: "</pre>", range: start.upperBound..<run.stdout.endIndex))
        let json = String(run.stdout[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        let decoded = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]],
            json
        )
        var result: [String: [String: LoadedPage]] = [:]
        for (site, pages) in decoded {
            for (name, value) in pages {
                let page = try XCTUnwrap(value as? [String: Any], "\(site)/\(name) did not load")
                result[site, default: [:]][name] = LoadedPage(
                    ids: Set(page["ids"] as? [String] ?? []),
                    hrefs: page["hrefs"] as? [String] ?? [],
                    requirementAnchors: page["reqs"] as? [[String]] ?? [],
                    diagrams: Dictionary(
                        (page["diagrams"] as? [[Any]] ?? []).compactMap { pair in
                            (pair.first as? String).map { ($0, pair.last as? Bool ?? false) }
                        }
                    ) { first, _ in first },
                    copyValues: page["copies"] as? [String] ?? [],
                    currentInSidebar: page["current"] as? Bool ?? false
                )
            }
        }
        return result
    }
}
