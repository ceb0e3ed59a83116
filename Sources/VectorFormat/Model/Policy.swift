import Foundation

/// A policy condition carried by an `acceptable` vector, e.g. `replayMemory=128` or `replayMemory>128`.
///
/// Grammar: `name op integer`, with `op` one of `=`, `>`, `>=`, `<`, `<=`. The adapter declares
/// its policies in the `hello` answer (`{"replayMemory": 128}`); a vector runs only when its
/// condition holds for the declared value, so exactly one of a pair of complementary vectors runs.
public struct Policy: Equatable, Sendable, CustomStringConvertible {
    public enum Comparison: String, Sendable, CaseIterable {
        case equal = "="
        case greater = ">"
        case greaterOrEqual = ">="
        case less = "<"
        case lessOrEqual = "<="
    }

    public var name: String
    public var comparison: Comparison
    public var value: Int64

    public init(name: String, comparison: Comparison, value: Int64) {
        self.name = name
        self.comparison = comparison
        self.value = value
    }

    /// Parses `name op integer`; nil for anything else.
    public init?(_ text: String) {
        // Two-character operators first, so `>=` is not read as `>` followed by `=128`.
        let ordered: [Comparison] = [.greaterOrEqual, .lessOrEqual, .equal, .greater, .less]
        for comparison in ordered {
            guard let range = text.range(of: comparison.rawValue) else { continue }
            let name = String(text[..<range.lowerBound])
            let number = String(text[range.upperBound...])
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int64(number)
            else { return nil }
            self.init(name: name, comparison: comparison, value: value)
            return
        }
        return nil
    }

    public var description: String { "\(name)\(comparison.rawValue)\(value)" }

    /// Whether the condition holds for the adapter's declared policies. An undeclared policy
    /// never satisfies a condition, so the vector is skipped rather than guessed.
    public func holds(for declared: [String: Int64]) -> Bool {
        guard let actual = declared[name] else { return false }
        switch comparison {
        case .equal: return actual == value
        case .greater: return actual > value
        case .greaterOrEqual: return actual >= value
        case .less: return actual < value
        case .lessOrEqual: return actual <= value
        }
    }
}

extension Policy {
    /// The replay-window policy name, declared by every adapter (REPLAY-3).
    public static let replayMemory = "replayMemory"
    /// The core's session bound of MEMORY-2: 65,536 or 1,048,576 (ADP-52).
    public static let sessionReplayMemory = "sessionReplayMemory"
}
