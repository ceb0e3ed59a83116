import Foundation
import VectorFormat
import VectorGeneration

/// Shared, generated once per test process: generation takes a second or two.
enum Fixtures {
    /// The package root, found from this file (symbolic links resolved).
    static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let specDirectory = packageRoot.appendingPathComponent("spec")

    static let build: Result<SuiteBuild, Error> = Result { try SuiteBuild(specDirectory: specDirectory) }

    static func suite() throws -> SuiteBuild { try build.get() }

    static func vector(_ id: String) throws -> Vector? {
        try suite().files.flatMap(\.vectors).first { $0.id == id }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tunnelvectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
