import OpenHumanTunnel
import TunnelCrypto

/// Decodes lowercase hex written in a test. A typo in a test value is a bug in the test, so it
/// traps rather than turning into an empty array that some check might accept.
func hex(_ text: String) -> [UInt8] {
    guard let bytes = Hex.decode(text) else { preconditionFailure("not lowercase hex: \(text)") }
    return bytes
}

/// `value` repeated `count` times: the `0x10 * 24` of the spec's notation.
func repeated(_ value: UInt8, _ count: Int) -> [UInt8] {
    [UInt8](repeating: value, count: count)
}

/// The UTF-8 bytes of `text`.
func utf8(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// A distinct, reproducible 32-byte private key per label, so attack scenarios can mint as many
/// parties (other cores, rogue devices, attackers) as they need without system randomness.
func testPrivateKey(_ label: String) -> [UInt8] {
    // 32 bytes are far below HKDF's limit: this cannot throw.
    try! HKDF.sha256(ikm: utf8(label), salt: [], info: utf8("OpenHumanTunnelTests private key"), length: 32)
}

/// A distinct 24-byte nonce per index.
func testNonce(_ index: Int, tag: UInt8 = 0xa5) -> [UInt8] {
    var nonce = repeated(tag, 16)
    withUnsafeBytes(of: UInt64(index).bigEndian) { nonce += $0 }
    return nonce
}

extension Array where Element == UInt8 {
    /// A copy with bit `bit` flipped; bit 0 is the least significant bit of byte 0.
    func flippingBit(_ bit: Int) -> [UInt8] {
        var copy = self
        copy[bit / 8] ^= 1 << UInt8(bit % 8)
        return copy
    }

    /// A copy whose bytes from `offset` on are replaced by `replacement` (same length).
    func replacing(at offset: Int, with replacement: [UInt8]) -> [UInt8] {
        var copy = self
        copy.replaceSubrange(offset..<offset + replacement.count, with: replacement)
        return copy
    }

    /// A copy with its first byte (the type octet) set to `type`.
    func withType(_ type: UInt8) -> [UInt8] {
        replacing(at: 0, with: [type])
    }
}
