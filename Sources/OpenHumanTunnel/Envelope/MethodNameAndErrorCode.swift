/// The syntax of method names (RPC-1): what a request may call.
public enum MethodName {
    public static let maximumLength = 128

    /// 1 to 128 of `A`-`Z`, `a`-`z`, `0`-`9`, `.`, `_`, `-`.
    public static func isValid<S: Collection>(_ bytes: S) -> Bool where S.Element == UInt8 {
        (1...maximumLength).contains(bytes.count)
            && bytes.allSatisfy { WordBytes.isWordByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }
}

/// The syntax of an error payload's code (ENV-8): what tells a code from deployed free text.
public enum EnvelopeErrorCode {
    public static let maximumLength = 64

    /// 1 to 64 characters, the first `a`-`z`, the others `a`-`z`, `0`-`9`, `_`.
    public static func isValid<S: Collection>(_ bytes: S) -> Bool where S.Element == UInt8 {
        guard let first = bytes.first, (1...maximumLength).contains(bytes.count), WordBytes.isLower(first) else {
            return false
        }
        return bytes.allSatisfy { WordBytes.isLower($0) || WordBytes.isDigit($0) || $0 == UInt8(ascii: "_") }
    }
}
