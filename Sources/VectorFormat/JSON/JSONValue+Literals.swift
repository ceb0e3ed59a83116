/// Literal syntax, so a vector's input reads like the JSON it becomes:
/// `["role": "device", "frame": .hex(frame)]`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `nil` inside an array or object literal is JSON `null` (a `JSONValue?` stays Optional).
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// A byte string as lowercase hex, the only binary form in vectors and adapter messages.
    public static func hex(_ bytes: [UInt8]) -> JSONValue { .string(HexText.encode(bytes)) }

    /// The object `{"error": code}`: the expected answer of a request that must fail.
    public static func error(_ code: String) -> JSONValue { ["error": .string(code)] }

    /// This object with `key` set to `value`.
    public func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}
