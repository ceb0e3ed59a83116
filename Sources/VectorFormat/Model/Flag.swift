import Foundation

/// A flag's description in a vector file: what it marks and which implementation bug a vector
/// with this flag catches.
public struct Flag: Codable, Equatable, Sendable {
    public var description: String
    public var bug: String

    public init(description: String, bug: String) {
        self.description = description
        self.bug = bug
    }

    /// The flag name that marks vectors a runner skips unless asked to run slow vectors.
    public static let slow = "Slow"
}
