import VectorFormat

/// What a result may keep of an adapter's answer, so a run's memory stays bounded whatever the
/// adapter sends (ADP-24).
///
/// A hostile or broken adapter can answer every request with a 4 MiB line (a 4 MiB error code, a
/// 4 MiB array of zeros); kept whole in each of ~2,000 results that is gigabytes. Every result
/// therefore keeps at most:
/// - `message`: 4 KiB (UTF-8), cut with the marker ` [... truncated: N bytes in all]`;
/// - `actual`: about 16 KiB of JSON and at most 512 values: a string longer than 1 KiB, or
///   one that does not fit the rest of the budget, is cut with the marker
///   `[... truncated: N bytes in all]`; an array or object that does not fit ends with a
///   `"[... N more elements]"` element or a `"[... truncated]"` member;
/// - `stderrTail`: the configured number of lines (20), each at most 1,000 bytes (`StderrTail`).
/// With the suite's expected values, which come from the vector files and not from the adapter,
/// that bounds what a run keeps per case to about 64 KiB in the worst case (measured: 320 cases
/// answered with 4 MB error codes raise the peak by 16 MB, transient buffers included);
/// transient memory is bounded by one stdout line (4 MiB plus a 64 KiB read) and its parse
/// (`AdapterProcess`).
enum RetentionBounds {
    static let messageBytes = 4_096
    static let actualBytes = 16_384
    static let stringBytes = 1_024
    /// Each JSON value counts at least this much, so a long array of tiny values is bounded too.
    static let minimumValueCost = 32

    /// `text` cut to `limit` UTF-8 bytes (on a character boundary) with a visible marker.
    static func truncated(_ text: String, limit: Int) -> String {
        let length = text.utf8.count
        guard length > limit else { return text }
        var kept = String(decoding: Array(text.utf8.prefix(max(limit, 0))), as: UTF8.self)
        // The cut may split a multi-byte character, which decodes as U+FFFD: drop it.
        while kept.utf8.count > limit || kept.unicodeScalars.last == "\u{FFFD}" { kept.removeLast() }
        return kept + " [... truncated: \(length) bytes in all]"
    }

    /// `value` within the budget of `actual`.
    static func bounded(_ value: JSONValue) -> JSONValue {
        var budget = actualBytes
        return bounded(value, budget: &budget)
    }

    private static func bounded(_ value: JSONValue, budget: inout Int) -> JSONValue {
        switch value {
        case .null, .bool, .int:
            budget -= minimumValueCost
            return value
        case .string(let text):
            let cut = truncated(text, limit: max(min(stringBytes, budget), 0))
            budget -= max(cut.utf8.count, minimumValueCost)
            return .string(cut)
        case .array(let elements):
            budget -= minimumValueCost
            var kept: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                guard budget > 0 else {
                    kept.append(.string("[... \(elements.count - index) more elements]"))
                    break
                }
                kept.append(bounded(element, budget: &budget))
            }
            return .array(kept)
        case .object(let members):
            budget -= minimumValueCost
            var kept: [String: JSONValue] = [:]
            for name in members.keys.sorted() {
                guard budget > 0 else {
                    kept["[... truncated]"] = .string("\(members.count - kept.count) more members")
                    break
                }
                let key = truncated(name, limit: 256)
                budget -= key.utf8.count
                kept[key] = bounded(members[name]!, budget: &budget)
            }
            return .object(kept)
        }
    }
}

extension CaseResult {
    /// Applies `RetentionBounds` to everything this result keeps that came from the adapter.
    mutating func boundRetained() {
        if let message { self.message = RetentionBounds.truncated(message, limit: RetentionBounds.messageBytes) }
        if let actual { self.actual = RetentionBounds.bounded(actual) }
    }
}
