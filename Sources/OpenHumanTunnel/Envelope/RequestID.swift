/// The syntax of `requestId` (ENV-4) and of method names (RPC-1) and error codes (ENV-8): short
/// ASCII words, so that an id can be compared, logged and hashed without any Unicode question.
public enum RequestID {
    public static let maximumLength = 64

    /// 1 to 64 of `A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`.
    public static func isValid<S: Collection>(_ bytes: S) -> Bool where S.Element == UInt8 {
        (1...maximumLength).contains(bytes.count) && bytes.allSatisfy { isWordByte($0) || $0 == UInt8(ascii: "-") }
    }

    /// 1 to 128 of `A`-`Z`, `a`-`z`, `0`-`9`, `.`, `_`, `-` (RPC-1).
    public static func isMethodName<S: Collection>(_ bytes: S) -> Bool where S.Element == UInt8 {
        (1...128).contains(bytes.count)
            && bytes.allSatisfy { isWordByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// 1 to 64 characters, the first `a`-`z`, the others `a`-`z`, `0`-`9`, `_` (ENV-8).
    public static func isErrorCode<S: Collection>(_ bytes: S) -> Bool where S.Element == UInt8 {
        guard let first = bytes.first, (1...64).contains(bytes.count), isLower(first) else { return false }
        return bytes.allSatisfy { isLower($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isWordByte(_ c: UInt8) -> Bool {
        isLower(c) || isDigit(c) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
    }

    private static func isLower(_ c: UInt8) -> Bool { c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") }
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
