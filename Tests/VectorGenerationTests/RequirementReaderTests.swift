import Foundation
import Testing
import VectorFormat
import VectorGeneration

/// The requirement reader over a spec directory: the wire chapters and the conformance kit's
/// chapters in `kit/` form one id space.
@Suite struct RequirementReaderTests {
    /// A fresh temporary spec directory holding `files` (relative path -> Markdown).
    private func specDirectory(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("requirement-reader-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    // REQ: VEC-3
    @Test func kitChaptersAreReadBesideTheWireChaptersWithTheirKitPath() throws {
        let root = try specDirectory([
            "01-wire.md": "- **[W-1]** *(core)* A core MUST do it.\n",
            "kit/01-kit.md": "- **[K-1]** *(runner)* A runner MUST do it.\n",
            "kit/coverage.md": "- **[G-1]** A generated table MUST be ignored.\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try RequirementReader.read(directory: root)
        #expect(found.map(\.id) == ["W-1", "K-1"])
        #expect(found.map(\.file) == ["01-wire.md", "kit/01-kit.md"])
    }

    // REQ: VEC-3
    @Test func anIDDefinedInTheWireSpecAndAgainInTheKitIsAnError() throws {
        let root = try specDirectory([
            "01-wire.md": "- **[W-1]** *(core)* A core MUST do it.\n",
            "kit/01-kit.md": "\n- **[W-1]** *(runner)* A runner MUST do it.\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            throws: RequirementReader.ReadError.duplicateID("W-1", first: "01-wire.md:1", second: "kit/01-kit.md:2")
        ) {
            try RequirementReader.read(directory: root)
        }
    }

    // MARK: role tags (review finding F-22)

    @Test func aRoleTagIsReadAsTheListOfPartiesTheRequirementBinds() throws {
        let root = try specDirectory([
            "01-a.md": "- **[A-1]** *(core, device)* A core MUST do it.\n\n**[A-2]** *(vector-file)* A file MUST.\n"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try RequirementReader.read(directory: root)
        #expect(found.map(\.roles) == [[.core, .device], [.vectorFile]])
        #expect(found[0].level == .must)
    }

    @Test func aRequirementWithoutARoleTagIsAnErrorNamingFileAndLine() throws {
        let root = try specDirectory([
            "01-a.md": "- **[A-1]** *(core)* A core MUST do it.\n\n- **[A-2]** A device MUST do it.\n"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: RequirementReader.ReadError.missingRoleTag("A-2", place: "01-a.md:3")) {
            try RequirementReader.read(directory: root)
        }
        // Emphasis elsewhere in the sentence is no tag.
        let later = try specDirectory(["kit/01-k.md": "- **[K-1]** A runner *(runner)* MUST.\n"])
        defer { try? FileManager.default.removeItem(at: later) }
        #expect(throws: RequirementReader.ReadError.missingRoleTag("K-1", place: "kit/01-k.md:1")) {
            try RequirementReader.read(directory: later)
        }
    }

    @Test func aRoleOutsideTheVocabularyIsAnErrorNamingTheRole() throws {
        let root = try specDirectory(["01-a.md": "- **[A-1]** *(core, phone)* A core MUST do it.\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: RequirementReader.ReadError.unknownRole("A-1", role: "phone", place: "01-a.md:1")) {
            try RequirementReader.read(directory: root)
        }
        // Case matters: the vocabulary is lowercase.
        #expect(
            RequirementReader.read(markdown: "**[A-1]** *(Core)* MUST.", file: "x.md").first?.roleTag
                == .unknownRole("Core")
        )
    }

    @Test func anEmptyEntryOrARepeatedRoleIsAMalformedTag() throws {
        #expect(RequirementReader.read(markdown: "**[A-1]** *()* MUST.", file: "x.md").first?.roleTag == .malformed(""))
        #expect(
            RequirementReader.read(markdown: "**[A-1]** *(core,,device)* MUST.", file: "x.md").first?.roleTag
                == .malformed("core,,device")
        )
        #expect(
            RequirementReader.read(markdown: "**[A-1]** *(core, core)* MUST.", file: "x.md").first?.roleTag
                == .malformed("core, core")
        )
        let root = try specDirectory(["01-a.md": "**[A-1]** *(core, core)* A core MUST do it.\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: RequirementReader.ReadError.malformedRoleTag("A-1", tag: "core, core", place: "01-a.md:1")) {
            try RequirementReader.read(directory: root)
        }
    }

    @Test func everyRequirementOfTheSpecAndTheKitBindsAtLeastOneRole() throws {
        let requirements = try RequirementReader.read(directory: Fixtures.specDirectory)
        #expect(requirements.count > 100)
        #expect(requirements.allSatisfy { !$0.roles.isEmpty })
        #expect(
            requirements.filter { $0.file.hasPrefix("kit/") && $0.file != "kit/03-verifier.md" }.allSatisfy {
                requirement in
                requirement.roles.allSatisfy { [.adapter, .runner, .vectorFile].contains($0) }
            },
            "kit chapters 1 and 2 bind only the adapter, the runner and vector files"
        )
        // Kit chapter 3 binds the writers of key logs and traces (the endpoints, the relay, the
        // runner) and their reader; never a producer or a consumer of the pairing payload.
        #expect(
            requirements.filter { $0.file == "kit/03-verifier.md" }.allSatisfy { requirement in
                requirement.roles.allSatisfy { [.device, .core, .relay, .runner, .adapter, .verifier].contains($0) }
            }
        )
    }

    // REQ: VEC-8
    @Test func roleCoverageCountsOnlyThatRolesRequirementsAndNamesItsUncoveredOnes() {
        let requirements = RequirementReader.read(
            markdown: """
                - **[A-1]** *(core)* A core MUST do it.
                - **[A-2]** *(device)* A device MUST do it.
                - **[A-3]** *(core, device)* Both SHOULD do it.
                """,
            file: "a.md"
        )
        let report = CoverageReport(
            requirements: requirements,
            files: [],
            liveChecks: [],
            exemptions: [CoverageExemption(requirement: "A-2", reason: "test")]
        )
        let core = RoleCoverage(report, role: .core)
        #expect(core.entries.map(\.requirement.id) == ["A-1", "A-3"])
        #expect(core.uncovered == ["A-1"])
        #expect(core.lines.first == "role core: requirements: 2, MUST-level: 1, with a vector: 0, uncovered: 1")
        // Positive control: the device's only MUST is exempted.
        let device = RoleCoverage(report, role: .device)
        #expect(device.uncovered.isEmpty && device.entries.count == 2)
    }

    /// spec/README.md names the recommendation-level ids in prose (review finding D1: the list
    /// had fallen behind); it must name exactly the ids the reader finds below MUST level.
    @Test func theReadmesListOfRecommendationLevelIDsIsComplete() throws {
        let readme = try String(contentsOf: Fixtures.specDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "Recommendation-level ids in this version: "
        let start = try #require(readme.range(of: marker))
        let sentence = readme[start.upperBound...].prefix(while: { $0 != ";" })
        let listed = Set(
            sentence.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: " and ", with: ", ")
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        )
        let requirements = try RequirementReader.read(directory: Fixtures.specDirectory)
        let belowMust = Set(requirements.filter { !$0.level.needsCoverage }.map(\.id))
        #expect(!belowMust.isEmpty)
        #expect(
            listed == belowMust,
            "README lists \(listed.sorted()), the spec defines \(belowMust.sorted()) below MUST level"
        )
    }
}
