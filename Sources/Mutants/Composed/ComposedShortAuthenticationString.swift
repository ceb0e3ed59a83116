import TunnelCrypto

/// The six-digit code of SAS-1 and SAS-2, composed from `SHA256` and `HKDF`, with the
/// code mutants; its digits serve version 3's code too (`ComposedPairingV3`).
struct ComposedShortAuthenticationString {
    let mutant: Mutant?

    func derive(staticDH: [UInt8], ephemeralDH: [UInt8], handshake: [UInt8], ack: [UInt8]) -> String {
        let transcript = Self.prefixed(handshake) + Self.prefixed(ack)
        let salt = mutant == .sasWithoutTranscript ? [] : SHA256.hash(transcript)
        let ikm = mutant == .sasWithoutEphemeralSecret ? staticDH : staticDH + ephemeralDH
        let okm = try! HKDF.sha256(ikm: ikm, salt: salt, info: Array("openhuman-tunnel/v2/sas".utf8), length: 8)
        return Self.digits(
            okm.prefix(mutant == .sasReducedFrom32Bits ? 4 : 8),
            keepingLeadingZeros: mutant != .sasLeadingZerosDropped
        )
    }

    /// `uint_be(bytes) mod 10^6` in decimal, padded to six digits: the rule of SAS-2 and of
    /// V3-SAS-1, shared so that their mutants differ only in the bytes they reduce and whether
    /// they keep the leading zeros.
    static func digits(_ bytes: ArraySlice<UInt8>, keepingLeadingZeros: Bool) -> String {
        let text = String(bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 1_000_000)
        return keepingLeadingZeros ? String(repeating: "0", count: 6 - text.count) + text : text
    }

    private static func prefixed(_ message: [UInt8]) -> [UInt8] {
        let n = UInt32(message.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)] + message
    }
}
