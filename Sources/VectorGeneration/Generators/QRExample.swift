import VectorFormat

/// The pairing payload of spec/08-pairing-payload.md section 8.1 and helpers to spell
/// variations of it, for the `qr-encode` and `qr-parse` vectors.
enum QRExample {
    static let chapter = "spec/08-pairing-payload.md"
    static let cid = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    static let pt = "tok_abc123"
    static let cpk = KnownAnswers.RFC7748.alicePublic
    static let cpkText = "hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"
    static let rpc = "http://192.168.1.5:7788/rpc"
    static let exp: Int64 = 1_790_000_000
    /// A `now` before `exp`.
    static let now: Int64 = 1_789_999_000
    static let prefix = "openhuman://pair?"
    /// The canonical payload of section 8.1 (172 octets).
    static let payload =
        "openhuman://pair?cid=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&pt=tok_abc123"
        + "&cpk=hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo&rpc=http%3A%2F%2F192.168.1.5%3A7788%2Frpc&exp=1790000000"

    /// `qr-encode` input for the example, with changes.
    static func encodeInput(
        cid: String = cid,
        pt: String = pt,
        cpk: [UInt8]? = nil,
        rpc: String?? = .some(rpc),
        exp: Int64 = exp
    ) -> JSONValue {
        var input: JSONValue = [
            "cid": .string(cid), "pt": .string(pt), "cpk": cpk.map(JSONValue.hex) ?? .string(Self.cpk),
            "exp": .int(exp),
        ]
        if case .some(let value) = rpc { input = input.setting("rpc", value.map(JSONValue.string) ?? .null) }
        return input
    }

    /// The example's `qr-parse` output (with `rpc` when `withRPC`).
    static func parsed(withRPC: Bool = true) -> JSONValue {
        [
            "cid": .string(cid), "pt": .string(pt), "cpk": .string(cpk), "rpc": withRPC ? .string(rpc) : .null,
            "exp": .int(exp),
        ]
    }

    /// The example's fields as raw `name=value` texts, in producer order.
    static var fields: [(name: String, raw: String)] {
        [("cid", cid), ("pt", pt), ("cpk", cpkText), ("rpc", formEncode(rpc)), ("exp", String(exp))]
    }

    /// A payload from raw fields (`name=value`, or a bare text when `raw` is nil).
    static func payload(_ fields: [(name: String, raw: String)], prefix: String = prefix) -> String {
        prefix + fields.map { "\($0.name)=\($0.raw)" }.joined(separator: "&")
    }

    /// The example with the raw value of `name` replaced (nil: the field removed).
    static func payload(replacing name: String, with raw: String?) -> String {
        payload(
            fields.compactMap { field in
                guard field.name == name else { return field }
                return raw.map { (name, $0) }
            }
        )
    }

    static func parseInput(_ payload: String, now: Int64 = now) -> JSONValue {
        ["payload": .string(payload), "now": .int(now)]
    }

    /// WHATWG `URLSearchParams` serialization of one value (QR-ENC-2), written from the chapter.
    static func formEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case 0x20:
                out += "+"
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}
