import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Shared inputs of the envelope vectors: request ids, the sender forms written out as text,
/// generated messages and their chunks.
enum EnvelopeFixture {
    /// The request id of chapter 10's ping.
    static let pingID = "00000000-0000-4000-8000-000000000001"
    static let piece = EnvelopeLimits.standard.pieceLength

    /// The `n`-th request id, in the deployed UUID form.
    static func id(_ n: Int) -> String {
        let digits = String(n)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }

    static func hex(_ text: String) -> JSONValue { .hex(Array(text.utf8)) }

    static func request(_ id: String, method: String = "openhuman.ping", params: String = "{}") -> String {
        "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"\(method)\",\"params\":\(params)}}"
    }

    static func response(_ id: String, payload: String = "{\"ok\":true}") -> String {
        "{\"requestId\":\"\(id)\",\"kind\":\"response\",\"seq\":0,\"payload\":\(payload)}"
    }

    static func envelope(_ id: String, kind: String, seq: Int = 0, payload: String) -> String {
        "{\"requestId\":\"\(id)\",\"kind\":\"\(kind)\",\"seq\":\(seq),\"payload\":\(payload)}"
    }

    /// A chunk envelope with its piece in standard base64.
    static func chunk(_ id: String, seq: Int, total: Int, piece: [UInt8]) -> String {
        var data: [UInt8] = []
        StandardBase64.encode(piece[...], into: &data)
        return
            "{\"requestId\":\"\(id)\",\"kind\":\"chunk\",\"seq\":\(seq),\"total\":\(total),\"data\":\"\(String(decoding: data, as: UTF8.self))\"}"
    }

    /// 32 bytes named by `label`.
    static func seed(_ label: String) -> [UInt8] { SHA256.hash(Array(("envelope/" + label).utf8)) }

    /// The `generated` input member (ADP-61).
    static func generatedInput(_ label: String, length: Int) -> JSONValue {
        ["seed": .hex(seed(label)), "length": .int(Int64(length))]
    }

    /// The generated message itself.
    static func generated(_ label: String, id: String, length: Int) -> [UInt8] {
        GeneratedMessage.bytes(requestId: id, seed: seed(label), length: length)!
    }

    /// A request of exactly `length` bytes whose params is one string.
    static func largeRequest(_ id: String, method: String, length: Int) -> [UInt8] {
        let empty = request(id, method: method, params: "\"\"")
        return Array(
            request(id, method: method, params: "\"" + String(repeating: "a", count: length - empty.utf8.count) + "\"")
                .utf8
        )
    }

    /// The frame plaintexts CHUNK-1 makes of `message`.
    static func split(_ id: String, _ message: [UInt8]) -> [[UInt8]] {
        (try? ChunkSplitter(requestId: id, message: message).plaintexts) ?? []
    }
}
