/// The syntax of `requestId` (ENV-4): a short ASCII word, so that an id can be compared, logged
/// and hashed without any Unicode question. Method names and error codes have their own
/// (`MethodName`, `EnvelopeErrorCode`).
public enum RequestID {
    public static let maximumLength = 64

    /// 1 to 64 of `A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`.
    public static func isValid<S: Collection>(_ bytes: S) -> Bool where S.Element == UInt8 {
        (1...maximumLength).contains(bytes.count)
            && bytes.allSatisfy { WordBytes.isWordByte($0) || $0 == UInt8(ascii: "-") }
    }
}

/// The ASCII classes the envelope's words are made of.
enum WordBytes {
    /// `A`-`Z`, `a`-`z`, `0`-`9`, `_`.
    static func isWordByte(_ c: UInt8) -> Bool {
        isLower(c) || isDigit(c) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
    }

    static func isLower(_ c: UInt8) -> Bool { c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") }
    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
