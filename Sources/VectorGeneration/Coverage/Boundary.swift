/// One boundary point of a field (issue 9 section 4): a value at, just below or just above a
/// limit, an end of a range, or an extreme byte pattern, and the vectors (or live checks) that
/// send it. A point that no vector can carry names the reason instead.
public struct BoundaryPoint: Sendable, Equatable {
    public let label: String
    /// Vector ids, or `live/...` check ids.
    public let cases: [String]
    /// Why the point has no vector (an outcome the spec leaves open); nil when it has one.
    public let openReason: String?

    public init(label: String, cases: [String], openReason: String?) {
        self.label = label
        self.cases = cases
        self.openReason = openReason
    }

    /// A point hit by `cases`.
    public static func hit(_ label: String, _ cases: String...) -> BoundaryPoint {
        BoundaryPoint(label: label, cases: cases, openReason: nil)
    }

    /// A point no vector may test, with the reason.
    public static func open(_ label: String, reason: String) -> BoundaryPoint {
        BoundaryPoint(label: label, cases: [], openReason: reason)
    }
}

/// A field or comparison of the spec and its boundary points.
public struct BoundaryField: Sendable, Equatable {
    public let name: String
    /// The requirements that set the limits.
    public let requirements: [String]
    public let points: [BoundaryPoint]

    public init(_ name: String, _ requirements: [String], _ points: [BoundaryPoint]) {
        self.name = name
        self.requirements = requirements
        self.points = points
    }
}
