import Foundation

/// One complete generation: the vector files, their bytes with the manifest, and, when the
/// spec is at hand, the coverage report and spec/coverage.md.
public struct SuiteBuild: Sendable {
    public let files: [VectorFile]
    /// `vectors/` content: file name -> bytes, manifest included.
    public let vectorData: [String: Data]
    public let coverage: CoverageReport?
    public let coverageMarkdown: Data?

    /// - Parameter specDirectory: where `*.md` with requirement ids live; nil skips coverage.
    public init(specDirectory: URL?, options: GenerationOptions = GenerationOptions()) throws {
        files = try VectorSuite.vectorFiles(options: options)
        vectorData = try VectorSuite.encode(files)
        if let specDirectory {
            let report = CoverageReport(requirements: try RequirementReader.read(directory: specDirectory), files: files,
                                        boundaries: BoundaryCatalog.fields)
            coverage = report
            coverageMarkdown = Data(CoverageMarkdown.render(report).utf8)
        } else {
            coverage = nil
            coverageMarkdown = nil
        }
    }

    /// The `vectors/` files, relative to the vectors directory.
    public var vectorTree: GeneratedTree { GeneratedTree(files: vectorData) }

    /// `coverage.md`, relative to the spec directory; empty when coverage was not computed.
    public var coverageTree: GeneratedTree {
        GeneratedTree(files: coverageMarkdown.map { ["coverage.md": $0] } ?? [:])
    }
}
