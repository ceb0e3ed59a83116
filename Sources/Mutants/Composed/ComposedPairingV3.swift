import AdapterOperations
import TunnelCrypto

/// The values wire version 3 derives around its handshakes (`pairing-v3-values`, ADP-59): the
/// prologue (V3-PRO-1), the pairing psk (V3-PSK-1), the commitment (V3-COMMIT-1), the code
/// (V3-SAS-1) and the reconnection psk (V3-PSK-2), composed from `SHA256` and `HKDF` with the
/// labels spelt out as chapter 13 gives them, with the mutants of each. The core's channel
/// (`ComposedCorePairingV3`) derives each one here as its step needs it.
struct ComposedPairingV3 {
    let mutant: Mutant?

    func values(
        channelID: String,
        pairingSecret: [UInt8],
        handshakeHash: [UInt8],
        deviceNonce: [UInt8],
        coreNonce: [UInt8]
    ) -> PairingV3Values {
        PairingV3Values(
            prologue: prologue(channelID: channelID),
            psk: psk(pairingSecret: pairingSecret, channelID: channelID),
            commitment: commitment(deviceNonce: deviceNonce),
            code: code(handshakeHash: handshakeHash, deviceNonce: deviceNonce, coreNonce: coreNonce),
            reconnectPsk: reconnectPsk(handshakeHash: handshakeHash, deviceNonce: deviceNonce, coreNonce: coreNonce)
        )
    }

    /// `label ‖ uint8(len(cid)) ‖ cid`: the length octet keeps one channel id from being the
    /// start of another.
    func prologue(channelID: String) -> [UInt8] {
        let cid = Array(channelID.utf8)
        return Self.prologueLabel + (mutant == .v3PrologueWithoutLengthOctet ? [] : [UInt8(cid.count)]) + cid
    }

    /// Info `"openhuman-tunnel/v3/psk" ‖ cid`: a QR secret makes a psk for its own channel only.
    func psk(pairingSecret: [UInt8], channelID: String) -> [UInt8] {
        let info = Self.pskLabel + (mutant == .v3PskWithoutChannelID ? [] : Array(channelID.utf8))
        return derive(ikm: pairingSecret, salt: [], info: info, length: 32)
    }

    /// Any length: a forged record's bytes (`noise-responder-transport-tag-ignored`) are hashed too.
    func commitment(deviceNonce: [UInt8]) -> [UInt8] {
        SHA256.hash(mutant == .v3CommitmentWithoutLabel ? [] : Self.commitLabel, deviceNonce)
    }

    func code(handshakeHash: [UInt8], deviceNonce: [UInt8], coreNonce: [UInt8]) -> String {
        let nonces =
            mutant == .v3CodeWithoutDeviceNonce
            ? coreNonce : self.nonces(deviceNonce: deviceNonce, coreNonce: coreNonce)
        let okm = derive(ikm: nonces, salt: handshakeHash, info: Self.sasInfo, length: 8)
        return ComposedShortAuthenticationString.digits(
            okm.prefix(mutant == .v3CodeReducedFrom32Bits ? 4 : 8),
            keepingLeadingZeros: mutant != .v3CodeLeadingZerosDropped
        )
    }

    func reconnectPsk(handshakeHash: [UInt8], deviceNonce: [UInt8], coreNonce: [UInt8]) -> [UInt8] {
        derive(
            ikm: nonces(deviceNonce: deviceNonce, coreNonce: coreNonce),
            salt: handshakeHash,
            info: mutant == .v3ReconnectPskWithSASLabel ? Self.sasInfo : Self.reconnectPskInfo,
            length: 32
        )
    }

    private func nonces(deviceNonce: [UInt8], coreNonce: [UInt8]) -> [UInt8] {
        mutant == .v3NoncesCoreFirst ? coreNonce + deviceNonce : deviceNonce + coreNonce
    }

    private func derive(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        // 8 and 32 bytes are far below HKDF's limit, so this cannot throw.
        try! HKDF.sha256(ikm: ikm, salt: salt, info: info, length: length)
    }

    private static let prologueLabel = Array("openhuman-tunnel/v3/prologue".utf8)
    private static let pskLabel = Array("openhuman-tunnel/v3/psk".utf8)
    private static let commitLabel = Array("openhuman-tunnel/v3/commit".utf8)
    private static let sasInfo = Array("openhuman-tunnel/v3/sas".utf8)
    private static let reconnectPskInfo = Array("openhuman-tunnel/v3/reconnect-psk".utf8)
}
