import TunnelCrypto

/// Checks on `cpk` shared by the producer and the consumer (QR-PARSE-19 to QR-PARSE-21, QR-ENC-7).
enum CorePublicKeyCheck {
    /// Decodes the `cpk` text: strict base64url (ENC-1), then exactly 32 bytes, then not low order.
    ///
    /// Low-order keys are refused when the QR is read, before any handshake: every DH with such a
    /// key gives an all-zero secret (DH-2 would stop the handshake later anyway), and a QR code
    /// carrying one is either corrupt or an attack, which the user should hear about at scan time.
    static func decode(_ text: String) throws(PairingPayloadError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try Base64URL.decode(text)
        } catch {
            throw .badCPKBase64URL
        }
        try validate(bytes)
        return bytes
    }

    static func validate(_ key: [UInt8]) throws(PairingPayloadError) {
        guard key.count == X25519.keyLength else { throw .badCPKLength }
        guard !X25519.isLowOrder(key) else { throw .lowOrderCPK }
    }
}
