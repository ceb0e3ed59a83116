import VectorFormat

/// Decides, before anything is sent, whether a vector runs against this adapter (ADP-14, ADP-15).
///
/// A vector is skipped, not failed, when the adapter did not declare its operation, or when the
/// vector is `acceptable` and its policy condition does not hold for the adapter's declared
/// policies: only the vector whose condition holds says what this implementation must do.
public enum CasePlanning {
    public enum Decision: Equatable, Sendable {
        case run
        case skip(String)
        /// The vector itself is unusable (an `acceptable` vector without a readable policy).
        case invalid(String)
    }

    /// The time budget of each request of a vector flagged `Slow` (VEC-21): a million steps in
    /// one request take about a minute in a debug build of the reference, several under ASan.
    /// The runner gives it by itself; `--timeout-ms` applies to the other vectors, and to a slow
    /// one only when it is longer.
    public static let slowTimeoutMilliseconds = 600_000

    public static func decide(_ vector: Vector, hello: AdapterHello, includeSlow: Bool) -> Decision {
        if vector.isSlow && !includeSlow {
            return .skip("slow vector (run with --slow)")
        }
        // The accumulated pseudo-operation is the runner's: it needs the operations it drives.
        let needed = vector.operation == AccumulatedRun.operation ? AccumulatedRun.operations : [vector.operation]
        if let reason = needed.lazy.compactMap({ unsupported($0, hello: hello) }).first {
            return .skip(reason)
        }
        guard vector.result == .acceptable else { return .run }
        return policyDecision(vector.policy, declared: hello.policies)
    }

    /// The skip reason when the adapter did not declare `operation`.
    public static func unsupported(_ operation: String, hello: AdapterHello) -> String? {
        hello.operations.contains(operation) ? nil : "unsupported by adapter (operation \(operation))"
    }

    /// Whether an `acceptable` vector with `policy` runs against an adapter declaring `declared`.
    public static func policyDecision(_ policy: String?, declared: [String: Int64]) -> Decision {
        guard let text = policy else { return .invalid("the vector is acceptable but names no policy") }
        guard let condition = Policy(text) else { return .invalid("the vector's policy \"\(text)\" is unreadable") }
        if condition.holds(for: declared) { return .run }
        let declaredText =
            declared[condition.name].map { "declares \(condition.name)=\($0)" }
            ?? "declares no \(condition.name)"
        return .skip("policy \(condition) does not hold for the adapter (it \(declaredText))")
    }
}
