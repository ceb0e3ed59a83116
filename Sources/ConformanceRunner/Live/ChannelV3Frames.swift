import VectorFormat

/// The session frames the version 3 live exchanges send once a handshake has committed: a request
/// from the device and the core's answer, each of which the other side's channel must deliver
/// (V3-CHAN-1, V3-CHAN-3, ADP-133). Each is a chapter 11 envelope, as every version 3 message is
/// (14.6), so a saved trace verifies with no departure (VERIFY-18).
enum ChannelV3Frames {
    static let request = Array(
        #"{"requestId":"live-1","kind":"request","seq":0,"payload":{"method":"openhuman.ping"}}"#.utf8
    )
    static let response = Array(
        #"{"requestId":"live-1","kind":"response","seq":0,"payload":{"ok":true,"result":"pong"}}"#.utf8
    )

    /// A channel operation's `send` step.
    static func send(_ message: [UInt8], now: Int64) -> JSONValue {
        ["send": ["message": .hex(message), "now": .int(now)]]
    }

    /// A channel operation's `receive` step for a frame.
    static func receive(_ frame: [UInt8], now: Int64) -> JSONValue {
        ["receive": ["message": .hex(frame), "now": .int(now)]]
    }

    /// Whether step `index` of `output` delivered exactly `message`.
    static func delivered(_ output: JSONValue, step index: Int, _ message: [UInt8]) -> Bool {
        PairingV3Exchange.step(output, index)?["delivered"] == [.hex(message)]
    }
}
