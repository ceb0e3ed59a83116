import ConformanceRunner
import Foundation
import XCTest

/// Globs, `--filter`/`--skip`, shell-like splitting of `--adapter`, and option parsing.
final class SelectionTests: XCTestCase {
    private func matches(_ pattern: String, _ text: String) throws -> Bool {
        try Glob(pattern).matches(text)
    }

    func testStarMatchesAnyRunIncludingSlashes() throws {
        XCTAssertTrue(try matches("frame-open/*", "frame-open/type-0x01-legacy"))
        XCTAssertTrue(try matches("*replay*", "replay-window/129th-most-recent"))
        XCTAssertTrue(try matches("*", ""))
        XCTAssertTrue(try matches("live/*", "live/session/adapter-core"))
        XCTAssertFalse(try matches("frame-open/*", "frame-seal/x"))
    }

    func testGlobIsAnchoredAtBothEnds() throws {
        XCTAssertFalse(try matches("frame-open", "frame-open/x"))
        XCTAssertFalse(try matches("open/*", "frame-open/x"))
        XCTAssertTrue(try matches("frame-open/x", "frame-open/x"))
    }

    func testQuestionMarkMatchesExactlyOneCharacter() throws {
        XCTAssertTrue(try matches("x25519/rfc7748-?", "x25519/rfc7748-1"))
        XCTAssertFalse(try matches("x25519/rfc7748-?", "x25519/rfc7748-10"))
        XCTAssertFalse(try matches("x25519/rfc7748-?", "x25519/rfc7748-"))
    }

    func testSetsRangesNegationAndEscapes() throws {
        XCTAssertTrue(try matches("type-0x0[1-4]", "type-0x03"))
        XCTAssertFalse(try matches("type-0x0[1-4]", "type-0x05"))
        XCTAssertTrue(try matches("type-0x0[!1-4]", "type-0x05"))
        XCTAssertTrue(try matches(#"literal\*star"#, "literal*star"))
        XCTAssertFalse(try matches(#"literal\*star"#, "literalXstar"))
        XCTAssertTrue(try matches("[]]", "]"), "a ] first in a set is literal")
    }

    func testMalformedGlobsAreRefusedNamingTheFault() {
        assertSyntaxError(#"glob "frame-[open" has an unclosed ["#) { try Glob("frame-[open") }
        assertSyntaxError(#"glob "trailing\" ends with a lone backslash"#) { try Glob(#"trailing\"#) }
        assertSyntaxError(#"glob "[z-a]" has a reversed range z-a"#) { try Glob("[z-a]") }
        XCTAssertNoThrow(try Glob("frame-[a-z]\\*"), "positive control: the same constructs, well-formed")
    }

    private func assertSyntaxError<T>(_ description: String, _ body: () throws -> T, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertEqual(String(describing: error), description, line: line)
        }
    }

    func testPathologicalPatternStaysFast() throws {
        let glob = try Glob(String(repeating: "*a", count: 30) + "b")
        let start = Date()
        XCTAssertFalse(glob.matches(String(repeating: "a", count: 5_000)))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testFilterSelectsAndSkipRemoves() throws {
        let options = try RunOptions.parse(["--filter", "frame-*", "--filter", "live/*", "--skip", "*legacy*"])
        XCTAssertTrue(options.selects("frame-open/short"))
        XCTAssertTrue(options.selects("live/handshake/adapter-core"))
        XCTAssertFalse(options.selects("frame-open/legacy-0x01"), "--skip wins over --filter")
        XCTAssertFalse(options.selects("x25519/rfc7748"))
        XCTAssertTrue(try RunOptions.parse([]).selects("anything"), "no --filter selects everything")
    }

    func testShellWordsSplitLikeAShellWithoutExpansion() throws {
        XCTAssertEqual(try ShellWords.split("python3  adapter.py --quiet"), ["python3", "adapter.py", "--quiet"])
        XCTAssertEqual(
            try ShellWords.split(#"./run "my adapter" 'it''s' a\ b"#),
            ["./run", "my adapter", "its", "a b"]
        )
        XCTAssertEqual(try ShellWords.split(#"sh -c "echo \"hi\" \$HOME""#), ["sh", "-c", #"echo "hi" $HOME"#])
        XCTAssertEqual(try ShellWords.split("cmd $HOME ~ *"), ["cmd", "$HOME", "~", "*"], "nothing is expanded")
        XCTAssertEqual(try ShellWords.split(#"cmd '' """#), ["cmd", "", ""], "empty quoted words are words")
        XCTAssertEqual(try ShellWords.split("   "), [])
    }

    func testShellWordsRefuseUnterminatedQuotesNamingTheFault() {
        assertSyntaxError("unterminated single quote in: cmd 'open") { try ShellWords.split("cmd 'open") }
        assertSyntaxError(#"unterminated double quote in: cmd "open"#) { try ShellWords.split(#"cmd "open"#) }
        assertSyntaxError(#"trailing backslash in: cmd \"#) { try ShellWords.split(#"cmd \"#) }
    }

    func testOptionsAcceptBothValueForms() throws {
        let options = try RunOptions.parse([
            "--timeout-ms=250", "--format", "tap", "--output=out.tap", "--vectors", "v",
            "--max-in-flight", "1", "--no-live", "--slow", "-v",
        ])
        XCTAssertEqual(options.timeoutMilliseconds, 250)
        XCTAssertEqual(options.format, .tap)
        XCTAssertEqual(options.outputPath, "out.tap")
        XCTAssertEqual(options.vectorsDirectory, "v")
        XCTAssertEqual(options.maxInFlight, 1)
        XCTAssertFalse(options.live)
        XCTAssertTrue(options.includeSlow)
        XCTAssertTrue(options.verbose)
    }

    func testOptionErrorsAreNamed() {
        func problem(_ arguments: [String]) -> String? {
            do {
                _ = try RunOptions.parse(arguments)
                return nil
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(
            problem(["--timeout-ms", "0"]),
            "--timeout-ms needs a whole number of milliseconds from 1 to 3600000 (got 0)"
        )
        XCTAssertEqual(problem(["--vectors"]), "--vectors needs a value")
        XCTAssertEqual(problem(["--no-live=yes"]), "--no-live takes no value")
        XCTAssertEqual(problem(["--adapter", "  "]), "--adapter needs a command")
        XCTAssertEqual(
            problem(["--adapter", "a", "--adapter", "b"]),
            "--adapter may be given once (use `conformance interop` to pair several)"
        )
        XCTAssertEqual(
            problem(["interop"]),
            "interop needs at least one --adapter (a single one is paired with the reference)"
        )
        XCTAssertEqual(problem(["stray"]), "unexpected argument stray")
        XCTAssertEqual(
            problem(["--transport-time-scale", "0"]),
            "--transport-time-scale needs a whole number of selection milliseconds per real millisecond from 1 to 50 (got 0)"
        )
        XCTAssertEqual(problem(["--transport-lab", ""]), "--transport-lab needs a path (got an empty one)")
    }

    /// The transport lab: the kit's own beside the vectors of a clone, or the one named, with the
    /// time scale; none beside vectors that are not in a clone (a packaged runner's).
    func testTheTransportLabIsFoundBesideTheVectorsOrNamed() throws {
        let inClone = try RunOptions.parse(["--vectors", Repository.root.appendingPathComponent("vectors").path])
        XCTAssertEqual(
            inClone.transportLabSetting?.command,
            [Repository.root.appendingPathComponent("tools/lan-endpoint/openhuman-transport-lab").path]
        )
        XCTAssertEqual(inClone.transportLabSetting?.timeScale, 5)
        let named = try RunOptions.parse(["--transport-lab", "/opt/lab", "--transport-time-scale", "1"])
        XCTAssertEqual(named.transportLabSetting, TransportLabSetting(command: ["/opt/lab"], timeScale: 1))
        let elsewhere = try RunOptions.parse(["--vectors", FileManager.default.temporaryDirectory.path])
        XCTAssertNil(elsewhere.transportLabSetting)
    }
}
