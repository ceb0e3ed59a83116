/// The `ps` of a version 3 payload (QR3-PARSE-4, QR3-ENC-3): 16 bytes in canonical unpadded
/// base64url, the single-use secret the Noise psk is derived from (V3-PSK-1).
enum PairingSecretCheck {
    static let length = 16

    static func decode(_ text: String) throws(PairingPayloadError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try Base64URL.decode(text)
        } catch {
            throw .badPSBase64URL
        }
        try validate(bytes)
        return bytes
    }

    static func validate(_ secret: [UInt8]) throws(PairingPayloadError) {
        guard secret.count == length else { throw .badPSLength }
    }
}
