/// ADP-30 and ADP-32 on request lines that no vector can carry: a vector file is read into
/// `JSONValue`, which holds neither a lone surrogate escape nor an integer beyond `Int64`, so the
/// runner writes these inputs as text. Each line is JSON by the RFC 8259 grammar, and each must
/// be answered `bad_request` under its own id; the positive controls beside them show that the
/// same request with a holdable value gets its protocol answer.
enum UnholdableJSONCheck {
    /// (what, operation, input text, expected answer)
    static let cases: [(String, String, String, AdapterResponse)] = [
        (
            "length 2^64", "hkdf-sha256", #"{"ikm":"00","salt":"","info":"","length":18446744073709551616}"#,
            .error("bad_request")
        ),
        (
            "length 2^63", "hkdf-sha256", #"{"ikm":"00","salt":"","info":"","length":9223372036854775808}"#,
            .error("bad_request")
        ),
        (
            "length 32.0 (a fraction)", "hkdf-sha256", #"{"ikm":"00","salt":"","info":"","length":32.0}"#,
            .error("bad_request")
        ),
        (
            "length 3.2e1 (an exponent)", "hkdf-sha256", #"{"ikm":"00","salt":"","info":"","length":3.2e1}"#,
            .error("bad_request")
        ),
        (
            "length 8161 (control: protocol answer)", "hkdf-sha256", #"{"ikm":"00","salt":"","info":"","length":8161}"#,
            .error("hkdf_output_too_long")
        ),
        (
            "payload with a lone high surrogate escape", "qr-parse",
            #"{"payload":"openhuman://pair?cid=\ud800","now":0}"#,
            .error("bad_request")
        ),
        (
            "payload with a lone low surrogate escape", "qr-parse", #"{"payload":"\udc00","now":0}"#,
            .error("bad_request")
        ),
        (
            "payload with a reversed surrogate pair", "qr-parse", #"{"payload":"\udc00\ud800","now":0}"#,
            .error("bad_request")
        ),
        (
            "payload with a paired surrogate escape (control: a character, refused by QR-PARSE-3)", "qr-parse",
            #"{"payload":"\ud83d\ude00","now":0}"#, .error("qr_bad_character")
        ),
        ("now 2^64", "qr-parse", #"{"payload":"x","now":18446744073709551616}"#, .error("bad_request")),
        (
            "now 2^53 - 1 (control: protocol answer)", "qr-parse", #"{"payload":"x","now":9007199254740991}"#,
            .error("qr_bad_scheme")
        ),
    ]

    static func run(_ context: inout LiveContext) throws(CheckFailure) {
        let requests = cases.map { AdapterRequest(operation: $0.1, inputText: $0.2) }
        for (index, result) in context.driver.call(requests).enumerated() {
            let (what, operation, text, expected) = cases[index]
            switch result {
            case .failure(let incident):
                throw CheckFailure("\(operation) with \(what): \(incident.fault.description)", incident: incident)
            case .success(let answer) where answer != expected:
                throw CheckFailure(
                    "\(operation) with \(what) (input \(text)) must be answered \(expected.json), ADP-30/ADP-32",
                    expected: expected.json,
                    actual: answer.json
                )
            case .success:
                continue
            }
        }
    }
}
