import OpenHumanTunnel
import TunnelCrypto

/// X25519 as the composed implementation computes it (DH-1, DH-2), with the DH mutants.
struct ComposedX25519 {
    let mutant: Mutant?

    func sharedSecret(privateKey: [UInt8], publicKey: [UInt8]) throws(TunnelError) -> [UInt8] {
        var u = publicKey
        if mutant == .zeroScalarRefused, privateKey.allSatisfy({ $0 == 0 }) { throw .lowOrderKey }
        if mutant == .topBitOfUNotMasked { u = Self.reducingUnmaskedTopBit(u) }
        if mutant == .nonCanonicalURejected, Self.isNonCanonical(u) { throw .lowOrderKey }
        do throws(CryptoError) {
            return try X25519.sharedSecret(privateKey: privateKey, publicKey: u)
        } catch .lowOrderKey where mutant == .noZeroOutputCheck {
            // The library refuses exactly the all-zero outputs; the unchecked computation
            // returns that all-zero value and carries on with it.
            return [UInt8](repeating: 0, count: X25519.keyLength)
        } catch {
            throw TunnelError(error)
        }
    }

    /// The u-coordinate an implementation that forgets RFC 7748's mask computes with: the full
    /// 256-bit value modulo p. With the top bit set, u = v + 2^255 ≡ v + 19 (mod p), where v is
    /// the masked value; returned as a 255-bit value that X25519 then reduces as usual.
    static func reducingUnmaskedTopBit(_ u: [UInt8]) -> [UInt8] {
        guard u.count == 32, u[31] & 0x80 != 0 else { return u }
        var value = u
        value[31] &= 0x7F
        // Add 19 once, and once more if the sum reached 2^255 (2^255 ≡ 19 again).
        for _ in 0..<2 {
            var carry: UInt16 = 19
            for index in 0..<32 where carry != 0 {
                let sum = UInt16(value[index]) + carry
                value[index] = UInt8(truncatingIfNeeded: sum)
                carry = sum >> 8
            }
            guard value[31] & 0x80 != 0 else { break }
            value[31] &= 0x7F
        }
        return value
    }

    /// Whether the masked u-coordinate is p = 2^255 - 19 or above (a non-canonical encoding).
    static func isNonCanonical(_ u: [UInt8]) -> Bool {
        guard u.count == 32, u[31] & 0x7F == 0x7F, u[1..<31].allSatisfy({ $0 == 0xFF }) else { return false }
        return u[0] >= 0xED
    }
}
