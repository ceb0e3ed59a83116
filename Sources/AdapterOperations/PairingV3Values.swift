import OpenHumanTunnel

/// What `pairing-v3-values` (ADP-59) reports: every value version 3 derives around its
/// handshakes from the QR code and the pairing's nonces (spec/13-handshake-v3.md).
public struct PairingV3Values: Equatable, Sendable {
    public let prologue: [UInt8]
    public let psk: [UInt8]
    public let commitment: [UInt8]
    public let code: String
    public let reconnectPsk: [UInt8]

    public init(prologue: [UInt8], psk: [UInt8], commitment: [UInt8], code: String, reconnectPsk: [UInt8]) {
        self.prologue = prologue
        self.psk = psk
        self.commitment = commitment
        self.code = code
        self.reconnectPsk = reconnectPsk
    }

    /// The library's values.
    public init(
        channelID: String,
        pairingSecret: [UInt8],
        handshakeHash: [UInt8],
        deviceNonce: [UInt8],
        coreNonce: [UInt8]
    ) {
        self.init(
            prologue: PairingV3.prologue(channelID: channelID),
            psk: PairingV3.psk(pairingSecret: pairingSecret, channelID: channelID),
            commitment: PairingV3.commitment(deviceNonce: deviceNonce),
            code: PairingV3.code(handshakeHash: handshakeHash, deviceNonce: deviceNonce, coreNonce: coreNonce),
            reconnectPsk: PairingV3.reconnectPsk(
                handshakeHash: handshakeHash,
                deviceNonce: deviceNonce,
                coreNonce: coreNonce
            )
        )
    }
}
