import TunnelCrypto

/// The fingerprint of a core key that a device shows before it acts on a payload that did not
/// come from its own scanner (QR-SRC-2, QR-SRC-3), and that the core shows beside its QR code.
///
/// Ten bytes of a labelled SHA-256: comparing by eye needs a short text, and an attacker must
/// find a second key with the same 80 bits (a second preimage, about 2^80 work), not a collision.
public enum CoreKeyFingerprint {
    /// `"openhuman-tunnel/v2/core-key-fingerprint"`, 40 bytes.
    public static let label = Array("openhuman-tunnel/v2/core-key-fingerprint".utf8)
    public static let byteCount = 10

    /// `xxxx xxxx xxxx xxxx xxxx`: 20 lowercase hex digits in groups of four.
    public static func text(corePublicKey: [UInt8]) -> String {
        precondition(corePublicKey.count == 32, "core keys are 32 bytes")
        let hex = Hex.encode(Array(SHA256.hash(label, corePublicKey).prefix(byteCount)))
        return stride(from: 0, to: hex.count, by: 4).map { start in
            let from = hex.index(hex.startIndex, offsetBy: start)
            return String(hex[from..<hex.index(from, offsetBy: 4)])
        }.joined(separator: " ")
    }
}
