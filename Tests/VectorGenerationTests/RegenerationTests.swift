import Foundation
import Testing
import TunnelCrypto
import VectorFormat
import VectorGeneration

/// `vectorgen` must give the same bytes every run, and `--check` must notice any edit.
@Suite struct RegenerationTests {
    // REQ: VEC-6
    @Test func twoGenerationsAreByteIdentical() throws {
        let first = try Fixtures.suite()
        let second = try SuiteBuild(specDirectory: Fixtures.specDirectory)
        #expect(first.vectorData.keys.sorted() == second.vectorData.keys.sorted())
        for (name, data) in first.vectorData {
            #expect(second.vectorData[name] == data, "\(name) differs between two generations")
        }
        #expect(first.coverageMarkdown == second.coverageMarkdown)
    }

    // REQ: VEC-6
    @Test func checkPassesOnFreshFilesAndFailsOnAHandEditedByte() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = try Fixtures.suite().vectorTree
        try tree.write(to: directory)
        // Positive control: what was just written is fresh.
        #expect(tree.differences(from: directory, owned: [""]).isEmpty)

        let edited = directory.appendingPathComponent("frame-open.json")
        var bytes = try Data(contentsOf: edited)
        let index = bytes.firstIndex(of: UInt8(ascii: "0"))!
        bytes[index] = UInt8(ascii: "1")
        try bytes.write(to: edited)
        #expect(tree.differences(from: directory, owned: [""]) == [.differs("frame-open.json")])
    }

    // REQ: VEC-6
    @Test func checkNamesMissingAndExtraFiles() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = try Fixtures.suite().vectorTree
        try tree.write(to: directory)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("hkdf.json"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("stray.json"))
        #expect(tree.differences(from: directory, owned: [""]) == [.missing("hkdf.json"), .extra("stray.json")])
    }

    // REQ: VEC-6
    @Test func committedVectorsAreFresh() throws {
        let build = try Fixtures.suite()
        let vectors = Fixtures.packageRoot.appendingPathComponent("vectors")
        #expect(
            build.vectorTree.differences(from: vectors, owned: [""]).isEmpty,
            "vectors/ is stale: run `swift run vectorgen`"
        )
        #expect(
            build.coverageTree.differences(from: Fixtures.specDirectory, owned: []).isEmpty,
            "spec/kit/coverage.md is stale: run `swift run vectorgen`"
        )
    }

    // REQ: VEC-9
    @Test func manifestListsEveryVectorFileWithItsDigest() throws {
        let build = try Fixtures.suite()
        let manifest = try JSONDecoder().decode(Manifest.self, from: build.vectorData[Manifest.fileName]!)
        #expect(manifest.suiteVersion == VectorFile.currentSuiteVersion)
        #expect(Set(manifest.files.keys) == Set(build.vectorData.keys).subtracting([Manifest.fileName]))
        for (name, digest) in manifest.files {
            let actual = SHA256.hash(Array(build.vectorData[name]!)).map { String(format: "%02x", $0) }.joined()
            #expect(actual == digest, "\(name)")
        }
    }

    // REQ: VEC-1
    @Test func everyFileDecodesBackToTheModelItWasWrittenFrom() throws {
        let build = try Fixtures.suite()
        for file in build.files {
            let decoded = try CanonicalJSON.decode(VectorFile.self, from: build.vectorData[file.area + ".json"]!)
            #expect(decoded == file, "\(file.area)")
            #expect(decoded.schema == "\(file.area).schema.json")
            #expect(decoded.suiteVersion == "3.2.0")
        }
    }
}
