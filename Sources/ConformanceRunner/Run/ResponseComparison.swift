import VectorFormat

/// Compares an adapter's response with a vector's `expected`, exactly, and names the first
/// difference (ADP-13).
///
/// Success or failure must match; an error code must be the expected one; every member of the
/// expected output must be present and equal, recursively, with arrays compared element by
/// element. Members the expectation does not mention are ignored, so an adapter may add
/// diagnostics. The message names the path of the first differing member (`steps[3].error`) so a
/// reader sees at once which step of a sequence went wrong.
public enum ResponseComparison {
    /// nil when the response matches; otherwise what differs.
    public static func mismatch(expected: JSONValue, response: AdapterResponse) -> String? {
        let expectedError = errorCode(of: expected)
        switch (expectedError, response) {
        case (let code?, .error(let actual)):
            return code == actual ? nil : "expected error \(code), got error \(actual)\(hint(for: actual))"
        case (let code?, .ok(let output)):
            return "expected error \(code), got success \(excerpt(output))"
        case (nil, .error(let actual)):
            return "expected success, got error \(actual)\(hint(for: actual))"
        case (nil, .ok(let output)):
            return difference(expected: expected, actual: output, path: "")
        }
    }

    /// `code` when `value` is exactly `{"error": code}`.
    static func errorCode(of value: JSONValue) -> String? {
        guard case .object(let members) = value, members.count == 1 else { return nil }
        return members["error"]?.stringValue
    }

    private static func hint(for code: String) -> String {
        switch code {
        case "bad_request": " (the adapter could not read the input)"
        case "response_too_large": " (the adapter's answer would exceed the 4 MiB line cap, ADP-25)"
        default: ""
        }
    }

    /// The first difference between `expected` and `actual` below `path`, or nil.
    static func difference(expected: JSONValue, actual: JSONValue, path: String) -> String? {
        switch (expected, actual) {
        case (.object(let want), .object(let have)):
            // A step that should fail but succeeded (or the reverse) reads better as one statement
            // than as "member error is missing".
            if let code = want["error"]?.stringValue, have["error"] == nil {
                return "\(label(path))expected error \(code), got \(excerpt(actual))"
            }
            if want["error"] == nil, let code = have["error"]?.stringValue {
                return "\(label(path))expected \(excerpt(expected)), got error \(code)"
            }
            for name in want.keys.sorted() {
                let memberPath = path.isEmpty ? name : path + "." + name
                guard let member = have[name] else { return "output member \(memberPath) is missing" }
                if let found = difference(expected: want[name]!, actual: member, path: memberPath) { return found }
            }
            return nil
        case (.array(let want), .array(let have)):
            for index in 0..<min(want.count, have.count) {
                if let found = difference(expected: want[index], actual: have[index], path: "\(path)[\(index)]") {
                    return found
                }
            }
            guard want.count == have.count else {
                return "\(label(path))expected \(want.count) elements, got \(have.count)"
            }
            return nil
        case (.string(let want), .string(let have)):
            guard want != have else { return nil }
            return "\(label(path))expected \(quoted(want)), got \(quoted(have))\(firstDifference(want, have))"
        default:
            guard expected != actual else { return nil }
            return "\(label(path))expected \(excerpt(expected)), got \(excerpt(actual))"
        }
    }

    private static func label(_ path: String) -> String {
        path.isEmpty ? "output: " : "output member \(path): "
    }

    /// For long strings (hex), where they first differ, which is where to start debugging.
    private static func firstDifference(_ a: String, _ b: String) -> String {
        guard a.utf8.count > 40 || b.utf8.count > 40 else { return "" }
        let index = zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
        let lengths = a.utf8.count == b.utf8.count ? "" : "; lengths \(a.utf8.count) and \(b.utf8.count) characters"
        return " (first difference at character \(index)\(lengths))"
    }

    static func quoted(_ text: String, limit: Int = 80) -> String {
        let shown = text.count > limit ? String(text.prefix(limit)) + "..." : text
        return JSONWriter.compactString(.string(shown))
    }

    static func excerpt(_ value: JSONValue, limit: Int = 160) -> String {
        let text = JSONWriter.compactString(value)
        return text.count > limit ? String(text.prefix(limit)) + "..." : text
    }
}
