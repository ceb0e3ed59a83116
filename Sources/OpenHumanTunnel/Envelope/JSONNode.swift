/// A JSON value as the envelope layer reads it: strings as their unescaped UTF-8 bytes, numbers
/// as their exact token text, objects as their members in text order (duplicates kept, so the
/// caller decides, JSON-2).
public indirect enum JSONNode: Equatable, Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string([UInt8])
    /// The number's token, e.g. `-0`, `12`, `1.5e3`.
    case number([UInt8])
    case bool(Bool)
    case null

    /// The value of a number token written as digits only (an optional `-` before them), or nil
    /// for a token with a fraction or an exponent part. A value beyond `Int64` saturates, which
    /// every range check of the envelope still refuses.
    public var integer: Int64? {
        guard case .number(let token) = self else { return nil }
        let negative = token.first == UInt8(ascii: "-")
        let digits = negative ? token.dropFirst() : token[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        var value: Int64 = 0
        for digit in digits {
            guard value <= (Int64.max - 9) / 10 else { return negative ? Int64.min : Int64.max }
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// The first member named `name` (names compared as unescaped bytes).
    public func member(_ name: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        let key = Array(name.utf8)
        return members.first { $0.name == key }?.value
    }

    /// The first member name that occurs twice, or nil (JSON-2, ENV-7).
    public var firstDuplicateName: [UInt8]? {
        guard case .object(let members) = self else { return nil }
        var seen = Set<[UInt8]>()
        for member in members where !seen.insert(member.name).inserted { return member.name }
        return nil
    }
}

/// One member of a JSON object: its unescaped name and its value.
public struct JSONMember: Equatable, Sendable {
    public let name: [UInt8]
    public let value: JSONNode

    public init(name: [UInt8], value: JSONNode) {
        self.name = name
        self.value = value
    }
}
