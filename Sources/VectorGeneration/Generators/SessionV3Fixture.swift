import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The keys, frames and inputs of `vectors/session-v3.json`: one session's two direction keys of
/// epoch 0, derived from the file's label, and frames sealed by the library at any counter.
struct SessionV3Fixture {
    static let startedAt: Int64 = 1_790_000_000
    let id: String
    let deviceToCore: [UInt8]
    let coreToDevice: [UInt8]

    init(id: String) {
        self.id = id
        deviceToCore = LabelDerived.key(id: id, name: "device-to-core")
        coreToDevice = LabelDerived.key(id: id, name: "core-to-device")
    }

    func key(of sender: Role) -> [UInt8] { sender == .device ? deviceToCore : coreToDevice }

    /// A genuine frame of `sender` at `counter`, its key derived from epoch 0's (or from `key`,
    /// the key of the epoch `counter` is in, for counters near 2^64).
    func frame(from sender: Role, at counter: UInt64, content: [UInt8] = [], epochKey: [UInt8]? = nil) -> [UInt8] {
        var builder =
            epochKey.map { SessionSenderV3(counter: counter - counter % KeyEpochs.length, key: $0, startedAt: 0) }
            ?? SessionSenderV3(counter: 0, key: key(of: sender), startedAt: 0)
        return try! builder.seal(content, atCounter: counter, now: 0)
    }

    /// A frame of epoch 0 whose padded plaintext is `padded` as given: for padding a conforming
    /// sender never writes.
    func frame(from sender: Role, at counter: UInt64, padded: [UInt8]) -> [UInt8] {
        precondition(counter < KeyEpochs.length)
        let header = [SessionFrameV3.type] + (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) }
        return header
            + ChaCha20Poly1305.seal(
                key: key(of: sender),
                nonce: ChaCha20Poly1305.noiseNonce(counter),
                plaintext: padded,
                aad: header
            )
    }

    /// The key of `epoch` in `sender`'s direction, by the library's one `REKEY`.
    func key(of sender: Role, epoch: UInt64) -> [UInt8] {
        var key = SecretBytes(copying: key(of: sender))
        for _ in 0..<epoch { key = ChaCha20Poly1305.rekey(key) }
        return key.withUnsafeBytes { Array($0) }
    }

    func input(
        _ role: Role,
        _ start: SessionV3.Start,
        _ steps: [JSONValue],
        sendState: (counter: UInt64, key: [UInt8])? = nil,
        receiveState: (highest: UInt64, key: [UInt8])? = nil
    ) -> JSONValue {
        var members: [String: JSONValue] = [
            "role": .string(role.rawValue),
            "handshake": .string(start.rawValue),
            "deviceToCore": .hex(deviceToCore),
            "coreToDevice": .hex(coreToDevice),
            "startedAt": .int(Self.startedAt),
            "steps": .array(steps),
        ]
        if let sendState {
            members["sendState"] = ["counter": .string(String(sendState.counter)), "key": .hex(sendState.key)]
        }
        if let receiveState {
            members["receiveState"] = ["highest": .string(String(receiveState.highest)), "key": .hex(receiveState.key)]
        }
        return .object(members)
    }

    static func seal(_ content: [UInt8], at offset: Int64 = 0) -> JSONValue {
        ["seal": ["plaintext": .hex(content), "now": .int(startedAt + offset)]]
    }

    static func open(_ frame: [UInt8]) -> JSONValue { ["open": ["frame": .hex(frame)]] }

    static func send(_ message: [UInt8], at offset: Int64 = 0) -> JSONValue {
        ["send": ["message": .hex(message), "now": .int(startedAt + offset)]]
    }

    /// A generated message (ADP-61) of `length` bytes: its seed comes from `name`.
    func generated(_ name: String, length: Int) -> JSONValue {
        [
            "seed": .hex(LabelDerived.bytes(32, id: id, name: name)), "length": .int(Int64(length)),
            "requestId": .string(name),
        ]
    }

    func sendGenerated(_ name: String, length: Int) -> JSONValue {
        ["send": ["generated": generated(name, length: length), "now": .int(Self.startedAt)]]
    }

    func receiveGenerated(_ name: String, length: Int) -> JSONValue {
        ["receiveGenerated": generated(name, length: length)]
    }

    static func receive(_ frame: [UInt8]) -> JSONValue { ["receive": ["frame": .hex(frame)]] }

    /// The record of fragment `offset` of message `id` of `total` bytes (V3-FRAG-1's layout).
    static func fragment(id: UInt32, offset: Int, total: Int, data: [UInt8]) -> [UInt8] {
        [0x01]
            + [id, UInt32(offset), UInt32(total)].flatMap { value in
                (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            } + data
    }

    static func openMany(from: UInt64, count: Int, stride: Int = 1) -> JSONValue {
        ["openMany": ["from": .string(String(from)), "count": .int(Int64(count)), "stride": .int(Int64(stride))]]
    }
}
