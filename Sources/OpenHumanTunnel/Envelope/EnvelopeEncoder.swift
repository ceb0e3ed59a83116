/// The sender forms of section 11.2 (ENV-2, ENV-3): one exact byte string per envelope.
///
/// The encoder refuses what a receiver would refuse, before it writes anything: a request id
/// outside ENV-4 (`bad_request_id`), a method name outside RPC-1 or an error code outside ENV-8
/// (`bad_field_value`), and a value text that is not exactly one JSON value
/// (`bad_envelope_json`). It never escapes anything in ids, kinds or method names: their syntax
/// admits no character JSON would escape.
public enum EnvelopeEncoder {
    public static func encode(_ envelope: OutgoingEnvelope) throws(EnvelopeError) -> [UInt8] {
        let id = Array(envelope.requestId.utf8)
        guard RequestID.isValid(id) else { throw .badRequestID }
        var out = Array("{\"requestId\":\"".utf8) + id + Array("\",\"kind\":\"".utf8)
        switch envelope {
        case .request(_, let method, let paramsText, let stream):
            let name = Array(method.utf8)
            guard MethodName.isValid(name) else { throw .badFieldValue("method") }
            let params = paramsText ?? Array("null".utf8)
            try checkValueText(params)
            out += Array("request\",\"seq\":0,\"payload\":{\"method\":\"".utf8) + name
            out += Array("\",\"params\":".utf8) + params
            out += Array((stream ? ",\"stream\":true}}" : "}}").utf8)
        case .response(_, let payload):
            try checkValueText(payload)
            out += Array("response\",\"seq\":0,\"payload\":".utf8) + payload + [UInt8(ascii: "}")]
        case .error(_, let code, let detail):
            guard EnvelopeErrorCode.isValid(Array(code.utf8)) else { throw .badFieldValue("code") }
            out += Array("error\",\"seq\":0,\"payload\":".utf8)
            out += jsonString(detail.map { code + ": " + $0 } ?? code) + [UInt8(ascii: "}")]
        case .streamChunk(_, let seq, let payload), .streamEnd(_, let seq, let payload):
            guard (0...EnvelopeParser.maximumCount).contains(seq) else { throw .badFieldValue("seq") }
            try checkValueText(payload)
            let kind = if case .streamChunk = envelope { "stream-chunk" } else { "stream-end" }
            out += Array("\(kind)\",\"seq\":\(seq),\"payload\":".utf8) + payload + [UInt8(ascii: "}")]
        case .chunk(_, let seq, let total, let data):
            guard total >= 1, Int64(total) <= EnvelopeParser.maximumCount else { throw .badFieldValue("total") }
            guard (0..<total).contains(seq) else { throw .badFieldValue("seq") }
            let head = Array("chunk\",\"seq\":\(seq),\"total\":\(total),\"data\":\"".utf8)
            // The exact length up front: growing the buffer for the text and again for its closing
            // `"}` would copy each 49 KB chunk twice and leave it at twice its size.
            out.reserveCapacity(out.count + head.count + (data.count + 2) / 3 * 4 + 2)
            out += head
            StandardBase64.encode(data, into: &out)
            out += Array("\"}".utf8)
        }
        return out
    }

    /// A value text must be one JSON value with nothing around it (ENV-2).
    private static func checkValueText(_ text: [UInt8]) throws(EnvelopeError) {
        let space: Set<UInt8> = [0x20, 0x09, 0x0a, 0x0d]
        guard let first = text.first, let last = text.last, !space.contains(first), !space.contains(last) else {
            throw .badEnvelopeJSON
        }
        _ = try JSONNodeReader.read(text)
    }

    /// ENV-3: the JSON string form `JSON.stringify` and `serde_json` write.
    public static func jsonString(_ value: String) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0c: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0a: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0d: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
