import Foundation
import Testing
import VectorFormat

/// The committed bundle names one semantic version in every file and in its manifest.
@Suite struct SuiteVersionTests {
    private static let vectorsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vectors")

    private static func versions() throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: vectorsDirectory.path)
        where name.hasSuffix(".json") {
            let data = try Data(contentsOf: vectorsDirectory.appendingPathComponent(name))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            found[name] = object?["suiteVersion"] as? String ?? "(none)"
        }
        return found
    }

    // REQ: VEC-10
    @Test func everyCommittedFileNamesTheSameSemanticVersion() throws {
        let versions = try Self.versions()
        #expect(versions.count >= 14, "the manifest and at least 13 vector files")
        #expect(Set(versions.values) == [VectorFile.currentSuiteVersion], "\(versions)")
        let parts = VectorFile.currentSuiteVersion.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }
}
