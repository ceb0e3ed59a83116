import OpenHumanTunnel
import TunnelCrypto

/// A version 3 core channel and a phone scanning its QR code, with every random value derived
/// from a label, so the flows of the version 3 tests are reproducible.
struct PairingV3Scene {
    static let channelID = "V3CHANNELTESTS234567ABCDEFGHIJKL"
    static let expiresAt: Int64 = 10_000
    let label: String

    var coreStatic: [UInt8] { testPrivateKey("\(label) core static") }
    var corePublic: [UInt8] { X25519.publicKey(privateKey: coreStatic) }
    var pairingSecret: [UInt8] { Array(testPrivateKey("\(label) ps").prefix(16)) }

    func core() -> CorePairingV3 {
        CorePairingV3(
            coreStaticPrivate: coreStatic,
            channelID: Self.channelID,
            pairingSecret: pairingSecret,
            expiresAt: Self.expiresAt
        )
    }

    /// A phone that scanned this scene's QR code; `attempt` picks its ephemeral key and nonce.
    func phone(
        _ attempt: String = "phone",
        corePublic: [UInt8]? = nil,
        pairingSecret: [UInt8]? = nil
    ) throws
        -> DevicePairingV3
    {
        try DevicePairingV3(
            corePublicKey: corePublic ?? self.corePublic,
            channelID: Self.channelID,
            pairingSecret: pairingSecret ?? self.pairingSecret,
            deviceStaticPrivate: testPrivateKey("\(label) \(attempt) static"),
            deviceEphemeralPrivate: testPrivateKey("\(label) \(attempt) ephemeral"),
            deviceNonce: testPrivateKey("\(label) \(attempt) nonce")
        )
    }
}

extension CorePairingV3 {
    /// Receives a message 1 with this attempt's ephemeral key and nonce drawn from `label`.
    mutating func answer(_ message: [UInt8], now: Int64, label: String) throws(TunnelError) -> [UInt8] {
        try receive(
            message,
            now: now,
            coreEphemeralPrivate: testPrivateKey("\(label) core ephemeral"),
            coreNonce: testPrivateKey("\(label) core nonce")
        ).reply ?? []
    }

    /// A record: nothing is sent back.
    mutating func take(_ record: [UInt8], now: Int64) throws(TunnelError) {
        _ = try receive(record, now: now, coreEphemeralPrivate: repeated(1, 32), coreNonce: repeated(2, 32))
    }
}
