import VectorFormat

/// The `pingMany` step of `envelope-core` (ADP-65): `count` whole `openhuman.ping` requests with
/// the ids `prefix` + `0`, `prefix` + `1`, ... in decimal, received in order by the same gate as
/// the other steps. It lets a vector reach the 2^20 requests of a session (RPC-2) with a few
/// bytes of input instead of a million steps.
struct PingMany {
    /// The largest `count`: the number of requests RPC-2 allows a session.
    static let maximumCount: Int64 = 1 << 20

    let prefix: String
    let count: Int

    /// The `pingMany` member of a step, or nil when the step has none.
    init?(_ step: RequestInput, path: String) throws(BadRequest) {
        guard step.has("pingMany") else { return nil }
        let many = try step.object("pingMany")
        prefix = try many.string("prefix")
        let count = try many.safeNatural("count")
        guard count <= Self.maximumCount else {
            throw BadRequest(reason: "\(path).pingMany.count: at most \(Self.maximumCount)")
        }
        self.count = Int(count)
    }

    /// The plaintext of request `index`, in the sender form of ENV-2.
    func plaintext(_ index: Int) -> [UInt8] {
        Array(
            "{\"requestId\":\"\(prefix)\(index)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"openhuman.ping\"}}"
                .utf8
        )
    }

    /// Sends every request to `gate`, stopping at the first one it refuses: `{"accepted": k}`, or
    /// `{"accepted": k, "error": code}` when request `k` (from 0) was refused with `code`.
    func run(on gate: inout any CoreGateEndpoint, now: Int64) -> [String: JSONValue] {
        for index in 0..<count {
            do {
                _ = try gate.receive(plaintext(index), now: now)
            } catch {
                return ["accepted": .int(Int64(index)), "error": .string(error.code)]
            }
        }
        return ["accepted": .int(Int64(count))]
    }
}
