import VectorFormat

/// What the author of a vector means it to show. The builder compares it with what the
/// reference implementation answers and refuses to write a vector that shows something else,
/// so a mistake in building an input (a check firing earlier than intended, a key that is not
/// low order after all) stops generation instead of shipping a vector that tests nothing.
public enum Expectation: Sendable {
    /// The operation succeeds (any output).
    case valid
    /// The operation succeeds with exactly this output (an imported known answer).
    case output(JSONValue)
    /// The request fails with this code.
    case error(String)
    /// A step sequence: one expectation per step, `nil` for a step that succeeds.
    case steps([String?])
}
