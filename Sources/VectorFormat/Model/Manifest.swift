import Foundation

/// `vectors/manifest.json`: the suite version and the SHA-256 of every other file in `vectors/`,
/// so a copied bundle can be checked for completeness and integrity before it is trusted.
public struct Manifest: Codable, Equatable, Sendable {
    public var suite: String
    public var suiteVersion: String
    /// File name (relative to `vectors/`) -> lowercase hex SHA-256 of its bytes.
    public var files: [String: String]

    public init(
        files: [String: String],
        suite: String = VectorFile.suiteName,
        suiteVersion: String = VectorFile.currentSuiteVersion
    ) {
        self.suite = suite
        self.suiteVersion = suiteVersion
        self.files = files
    }

    public static let fileName = "manifest.json"
}
