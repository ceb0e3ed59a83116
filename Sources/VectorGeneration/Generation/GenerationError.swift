/// A vector that cannot be written as intended; generation stops with this message.
public struct GenerationError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
