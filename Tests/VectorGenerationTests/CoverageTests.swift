import Foundation
import Testing
import VectorFormat
import VectorGeneration

/// The coverage check: requirement ids read from Markdown, levels, and the verdict.
@Suite struct CoverageTests {
    // REQ: VEC-8
    @Test func everyMustLevelRequirementOfTheSpecIsCovered() throws {
        let report = try #require(try Fixtures.suite().coverage)
        #expect(report.entries.count > 100)
        #expect(report.uncovered.isEmpty, "uncovered: \(report.uncovered)")
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
    }

    // REQ: VEC-8
    @Test func anUncoveredMustIsReportedByID() {
        let requirements = RequirementReader.read(
            markdown: "- **[NEW-1]** A receiver MUST do the new thing.\n",
            file: "x.md"
        )
        let report = CoverageReport(requirements: requirements, files: [], liveChecks: [], exemptions: [])
        #expect(report.uncovered == ["NEW-1"])
        // Positive control: an exemption covers it.
        let exempted = CoverageReport(
            requirements: requirements,
            files: [],
            liveChecks: [],
            exemptions: [CoverageExemption(requirement: "NEW-1", reason: "test")]
        )
        #expect(exempted.uncovered.isEmpty && exempted.problems.isEmpty)
    }

    // REQ: VEC-8
    @Test func citingAnUndefinedIDIsAProblem() {
        let vector = Vector(
            id: "a/b",
            operation: "x25519",
            requirements: ["GHOST-9"],
            comment: "c",
            result: .valid,
            input: [:],
            expected: [:]
        )
        let file = VectorFile(schema: "a.schema.json", area: "a", description: "d", flags: [:], vectors: [vector])
        let report = CoverageReport(requirements: [], files: [file], liveChecks: [], exemptions: [])
        #expect(report.problems == ["a/b cites GHOST-9, which no spec chapter defines"])
    }

    // REQ: VEC-8
    @Test func aBoundaryWithoutAVectorIsAProblem() {
        let requirements = RequirementReader.read(
            markdown: "- **[NEW-1]** A receiver MUST refuse 9 bytes.\n",
            file: "x.md"
        )
        let vector = Vector(
            id: "a/eight",
            operation: "x25519",
            requirements: ["NEW-1"],
            comment: "c",
            result: .valid,
            input: [:],
            expected: [:]
        )
        let file = VectorFile(schema: "a.schema.json", area: "a", description: "d", flags: [:], vectors: [vector])
        let hole = BoundaryField(
            "a field",
            ["NEW-1"],
            [.hit("8", "a/eight"), .hit("9", "a/nine"), BoundaryPoint(label: "10", cases: [], openReason: nil)]
        )
        let report = CoverageReport(
            requirements: requirements,
            files: [file],
            liveChecks: [],
            exemptions: [],
            boundaries: [hole]
        )
        #expect(
            report.problems == [
                "boundary \"a field\" at 10 has no vector",
                "boundary \"a field\" at 9 names a/nine, which the suite does not have",
            ]
        )
        #expect(CoverageMarkdown.render(report).contains("| a field | NEW-1 | 8 | `a/eight` |"))
        // Positive control: the same field with every point hit, or left open with a reason, has no problem.
        let whole = BoundaryField("a field", ["NEW-1"], [.hit("8", "a/eight"), .open("9", reason: "a MAY")])
        #expect(
            CoverageReport(
                requirements: requirements,
                files: [file],
                liveChecks: [],
                exemptions: [],
                boundaries: [whole]
            ).problems.isEmpty
        )
    }

    // REQ: VEC-8
    @Test func theBoundaryCatalogueOfTheSuiteHasNoHole() throws {
        let report = try #require(try Fixtures.suite().coverage)
        #expect(report.boundaries.count >= 40)
        #expect(!report.problems.contains { $0.hasPrefix("boundary") }, "\(report.problems.joined(separator: "\n"))")
    }

    @Test func readerFindsParagraphsAndListItemsButNotCitationsOrCode() {
        let markdown = """
            **[P-1]** A paragraph that MUST be found,
            even across lines.

            - **[L-1]** A list item. Its continuation paragraph below carries the keyword.

              An adapter MUST answer.
            - **[L-2]** Only a SHOULD here, and a MAY.
              1. a nested step with MUST NOT in it
            - **[L-3]** Nothing normative.

            Citing **[X-1]** inside text is no definition, nor is FRAME-OPEN-5.

            ```
            **[C-1]** inside a code block MUST be ignored
            ```
            """
        let found = RequirementReader.read(markdown: markdown, file: "t.md")
        #expect(found.map(\.id) == ["P-1", "L-1", "L-2", "L-3"])
        #expect(found.map(\.level) == [.must, .must, .must, RequirementLevel.none])
        #expect(found[1].line == 4)
    }

    @Test func levelIsTheStrongestKeyword() {
        #expect(RequirementLevel.of("X MAY remember more; the 128th MUST be rejected") == .must)
        #expect(RequirementLevel.of("Implementations SHOULD wipe; they MAY skip") == .should)
        #expect(RequirementLevel.of("MUSTARD is no keyword, nor is may") == RequirementLevel.none)
        #expect(RequirementLevel.of("It SHALL NOT") == .must)
    }

    @Test func policyConditionsParseAndHold() {
        #expect(Policy("replayMemory=128")?.holds(for: ["replayMemory": 128]) == true)
        #expect(Policy("replayMemory>128")?.holds(for: ["replayMemory": 128]) == false)
        #expect(Policy("replayMemory>=129")?.holds(for: ["replayMemory": 129]) == true)
        #expect(Policy("replayMemory>128")?.holds(for: [:]) == false)
        #expect(Policy("replay Memory=1") == nil && Policy("replayMemory=") == nil && Policy("=5") == nil)
    }
}
