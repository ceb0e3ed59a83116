import Foundation

/// One file of the test-vector suite: `vectors/<area>.json`.
///
/// A file groups the vectors of one area (for example `frame-open`). It names the JSON Schema it
/// follows and the suite version, describes every flag once, and lists its vectors. The `input`
/// and `expected` of each vector are exactly the request input and response output of the adapter
/// operation named by the vector (spec/kit/02-adapter-protocol.md), so a runner forwards `input`
/// verbatim and compares the answer with `expected`.
public struct VectorFile: Codable, Equatable, Sendable {
    /// The suite's name, always `openhuman-tunnel`.
    public static let suiteName = "openhuman-tunnel"
    /// The version of the whole suite. Bumped when any vector changes meaning (semantic versioning).
    public static let currentSuiteVersion = "3.2.0"

    /// File name of the JSON Schema in `spec/schemas/` that this file follows, e.g. `frame-open.schema.json`.
    public var schema: String
    public var suite: String
    public var suiteVersion: String
    /// The area, equal to the file's base name (`frame-open` for `vectors/frame-open.json`).
    public var area: String
    /// What the file tests, in a sentence or two.
    public var description: String
    /// Every flag used by a vector of this file, described once.
    public var flags: [String: Flag]
    public var vectors: [Vector]

    public init(
        schema: String,
        area: String,
        description: String,
        flags: [String: Flag],
        vectors: [Vector],
        suite: String = VectorFile.suiteName,
        suiteVersion: String = VectorFile.currentSuiteVersion
    ) {
        self.schema = schema
        self.suite = suite
        self.suiteVersion = suiteVersion
        self.area = area
        self.description = description
        self.flags = flags
        self.vectors = vectors
    }
}
