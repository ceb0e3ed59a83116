import OpenHumanTunnel

// The handshake tests run the phone's side without a clock: its answers at time 0, which only
// the session a commit starts would read (V3-SESS-1).

extension DevicePairingV3 {
    /// The phone's answer to a message of the handshake: the reveal for message 2, nothing for a record.
    mutating func receive(_ message: [UInt8]) throws(TunnelError) -> [UInt8]? {
        try receive(message, now: 0).reply
    }

    mutating func match(code: String) throws(TunnelError) -> [UInt8] {
        try match(code: code, now: 0)
    }
}

extension DeviceReconnectionV3 {
    /// The key confirmation a message 2 that passes is answered with.
    mutating func receive(_ message: [UInt8]) throws(TunnelError) -> [UInt8] {
        try receive(message, now: 0).reply ?? []
    }
}
