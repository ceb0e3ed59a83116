import TunnelCrypto

/// The six-digit code both sides show when a device pairs (SAS-1, SAS-2, spec/03 section 3.7).
///
/// It binds everything an attacker could vary: both static keys (`static_dh`), both ephemeral
/// keys (`eph_dh`, which also keeps the code secret from the relay), and every byte of the 0x03
/// and 0x04 messages (a replayed handshake is answered with a new ack, so it gets a new code).
/// The user comparing two screens is the authentication; the code is never sent.
public enum ShortAuthenticationString {
    /// `"openhuman-tunnel/v2/sas"`, 23 bytes.
    public static let info = Array("openhuman-tunnel/v2/sas".utf8)
    public static let digitCount = 6
    static let modulus: UInt64 = 1_000_000

    /// `uint32_be(len(handshake)) || handshake || uint32_be(len(ack)) || ack`: the length
    /// prefixes keep the boundary between the two messages unambiguous.
    public static func transcript(handshake: [UInt8], ack: [UInt8]) -> [UInt8] {
        lengthPrefix(handshake.count) + handshake + lengthPrefix(ack.count) + ack
    }

    /// The 8 bytes of `sas_okm`.
    public static func keyMaterial(staticDH: [UInt8], ephemeralDH: [UInt8], handshake: [UInt8], ack: [UInt8]) -> [UInt8]
    {
        var ikm = staticDH + ephemeralDH
        defer { SecretMemory.wipe(&ikm) }
        let salt = SHA256.hash(transcript(handshake: handshake, ack: ack))
        // 8 bytes is far below HKDF's limit, so this cannot throw.
        return try! HKDF.sha256(ikm: ikm, salt: salt, info: info, length: 8)
    }

    /// The code: six ASCII digits, leading zeros kept.
    public static func derive(staticDH: [UInt8], ephemeralDH: [UInt8], handshake: [UInt8], ack: [UInt8]) -> String {
        digits(keyMaterial(staticDH: staticDH, ephemeralDH: ephemeralDH, handshake: handshake, ack: ack))
    }

    /// `uint64_be(okm) mod 10^6` as six digits. 64 bits keep the modulo bias below 3e-14
    /// relative (spec/03 section 3.7); a 32-bit reduction would leave it near 2e-4.
    public static func digits(_ okm: [UInt8]) -> String {
        precondition(okm.count == 8)
        let value = okm.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % modulus
        let text = String(value)
        return String(repeating: "0", count: digitCount - text.count) + text
    }

    private static func lengthPrefix(_ count: Int) -> [UInt8] {
        let n = UInt32(count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)]
    }
}
