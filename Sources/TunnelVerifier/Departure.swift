/// A place where a trace departs from the spec: the requirement broken, the step it was seen at
/// (the 1-based record line; 0 for the header, the key log and a pairing payload given on the
/// command line), and what was seen (VERIFY-1).
public struct Departure: Equatable, Hashable, Sendable {
    public let requirement: String
    public let step: Int
    public let detail: String

    public init(requirement: String, step: Int, detail: String) {
        self.requirement = requirement
        self.step = step
        self.detail = detail
    }
}
