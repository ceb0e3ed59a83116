import AdapterOperations
import TunnelCrypto

/// The values wire version 3 derives around its handshakes (`pairing-v3-values`, ADP-59): the
/// prologue (V3-PRO-1), the pairing psk (V3-PSK-1), the commitment (V3-COMMIT-1), the code
/// (V3-SAS-1) and the reconnection psk (V3-PSK-2), composed from `SHA256` and `HKDF` with the
/// labels spelt out as chapter 13 gives them, with the mutants of each.
struct ComposedPairingV3 {
    let mutant: Mutant?

    func values(
        channelID: String,
        pairingSecret: [UInt8],
        handshakeHash: [UInt8],
        deviceNonce: [UInt8],
        coreNonce: [UInt8]
    ) -> PairingV3Values {
        let cid = Array(channelID.utf8)
        let nonces = mutant == .v3NoncesCoreFirst ? coreNonce + deviceNonce : deviceNonce + coreNonce
        return PairingV3Values(
            prologue: prologue(cid),
            psk: derive(ikm: pairingSecret, salt: [], info: pskInfo(cid), length: 32),
            commitment: SHA256.hash(mutant == .v3CommitmentWithoutLabel ? [] : Self.commitLabel, deviceNonce),
            code: code(handshakeHash: handshakeHash, nonces: mutant == .v3CodeWithoutDeviceNonce ? coreNonce : nonces),
            reconnectPsk: derive(
                ikm: nonces,
                salt: handshakeHash,
                info: mutant == .v3ReconnectPskWithSASLabel ? Self.sasInfo : Self.reconnectPskInfo,
                length: 32
            )
        )
    }

    /// `label ‖ uint8(len(cid)) ‖ cid`: the length octet keeps one channel id from being the
    /// start of another.
    private func prologue(_ cid: [UInt8]) -> [UInt8] {
        Self.prologueLabel + (mutant == .v3PrologueWithoutLengthOctet ? [] : [UInt8(cid.count)]) + cid
    }

    /// `"openhuman-tunnel/v3/psk" ‖ cid`: a QR secret makes a psk for its own channel only.
    private func pskInfo(_ cid: [UInt8]) -> [UInt8] {
        Self.pskLabel + (mutant == .v3PskWithoutChannelID ? [] : cid)
    }

    private func code(handshakeHash: [UInt8], nonces: [UInt8]) -> String {
        let okm = derive(ikm: nonces, salt: handshakeHash, info: Self.sasInfo, length: 8)
        return ComposedShortAuthenticationString.digits(
            okm.prefix(mutant == .v3CodeReducedFrom32Bits ? 4 : 8),
            keepingLeadingZeros: mutant != .v3CodeLeadingZerosDropped
        )
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
