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
        if let path = internalFailure(in: response) {
            let expectation = errorCode(of: expected).map { "error \($0)" } ?? "success"
            return "expected \(expectation), got error \(internalError)\(path.isEmpty ? "" : " at \(path)")"
                + " (the adapter reported an internal failure, not a protocol answer: ADP-11, ADP-121)"
        }
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

    /// The reserved code of ADP-11 for an adapter's own failure: it fails a case whatever the
    /// case expects (ADP-121), so an implementation that threw cannot pass as one that refused.
    public static let internalError = "internal_error"

    /// Where `internal_error` stands in the response: "" for the answer itself, the member path
    /// (`steps[2].error`) for a step's; nil when it is nowhere.
    static func internalFailure(in response: AdapterResponse) -> String? {
        switch response {
        case .error(let code): return code == internalError ? "" : nil
        case .ok(let output): return internalFailure(in: output, path: "")
        }
    }

    private static func internalFailure(in value: JSONValue, path: String) -> String? {
        switch value {
        case .object(let members):
            if members["error"]?.stringValue == internalError { return path.isEmpty ? "error" : path + ".error" }
            for name in members.keys.sorted() {
                if let found = internalFailure(in: members[name]!, path: path.isEmpty ? name : path + "." + name) {
                    return found
                }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = internalFailure(in: element, path: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            return nil
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
                + decoded(want, have, at: path)
        default:
            guard expected != actual else { return nil }
            return "\(label(path))expected \(excerpt(expected)), got \(excerpt(actual))"
        }
    }

    private static func label(_ path: String) -> String {
        path.isEmpty ? "output: " : "output member \(path): "
    }

    /// Both values decoded where the kit knows the member's layout (ADP-124), else "".
    private static func decoded(_ want: String, _ have: String, at path: String) -> String {
        guard let expected = HexLayout.describe(want, at: path), let actual = HexLayout.describe(have, at: path) else {
            return ""
        }
        return "; expected \(expected); got \(actual)"
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
