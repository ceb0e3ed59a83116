import Foundation
import VectorFormat

/// One complete generation: the vector files, their bytes with the manifest, and, when the
/// spec is at hand, the coverage report, spec/kit/coverage.md and spec/kit/requirements-by-role.md.
public struct SuiteBuild: Sendable {
    public let files: [VectorFile]
    /// `vectors/` content: file name -> bytes, manifest included.
    public let vectorData: [String: Data]
    public let coverage: CoverageReport?
    public let coverageMarkdown: Data?
    public let roleIndexMarkdown: Data?

    /// - Parameter specDirectory: where `*.md` and `kit/*.md` with requirement ids live; nil skips coverage.
    public init(specDirectory: URL?, options: GenerationOptions = GenerationOptions()) throws {
        files = try VectorSuite.vectorFiles(options: options)
        vectorData = try VectorSuite.encode(files)
        if let specDirectory {
            let report = CoverageReport(
                requirements: try RequirementReader.read(directory: specDirectory),
                files: files,
                boundaries: BoundaryCatalog.fields
            )
            coverage = report
            coverageMarkdown = Data(CoverageMarkdown.render(report).utf8)
            roleIndexMarkdown = Data(RoleIndexMarkdown.render(report).utf8)
        } else {
            coverage = nil
            coverageMarkdown = nil
            roleIndexMarkdown = nil
        }
    }

    /// The `vectors/` files, relative to the vectors directory.
    public var vectorTree: GeneratedTree { GeneratedTree(files: vectorData) }

    /// Where the coverage table lives, relative to the spec directory: in the conformance kit.
    public static let coveragePath = RequirementReader.kitDirectory + "/coverage.md"
    /// Where the requirements index by role lives, relative to the spec directory.
    public static let roleIndexPath = RequirementReader.kitDirectory + "/requirements-by-role.md"

    /// `kit/coverage.md` and `kit/requirements-by-role.md`, relative to the spec directory;
    /// empty when coverage was not computed.
    public var coverageTree: GeneratedTree {
        var files: [String: Data] = [:]
        if let coverageMarkdown { files[Self.coveragePath] = coverageMarkdown }
        if let roleIndexMarkdown { files[Self.roleIndexPath] = roleIndexMarkdown }
        return GeneratedTree(files: files)
    }
}
