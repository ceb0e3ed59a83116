import TunnelCrypto

/// The six-digit code of SAS-1 and SAS-2, composed from `SHA256` and `HKDF`, with the
/// code mutants.
struct ComposedShortAuthenticationString {
    let mutant: Mutant?

    func derive(staticDH: [UInt8], ephemeralDH: [UInt8], handshake: [UInt8], ack: [UInt8]) -> String {
        let transcript = Self.prefixed(handshake) + Self.prefixed(ack)
        let salt = mutant == .sasWithoutTranscript ? [] : SHA256.hash(transcript)
        let ikm = mutant == .sasWithoutEphemeralSecret ? staticDH : staticDH + ephemeralDH
        let okm = try! HKDF.sha256(ikm: ikm, salt: salt, info: Array("openhuman-tunnel/v2/sas".utf8), length: 8)
        let used = mutant == .sasReducedFrom32Bits ? okm.prefix(4) : okm.prefix(8)
        let value = used.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 1_000_000
        let text = String(value)
        if mutant == .sasLeadingZerosDropped { return text }
        return String(repeating: "0", count: 6 - text.count) + text
    }

    private static func prefixed(_ message: [UInt8]) -> [UInt8] {
        let n = UInt32(message.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)] + message
    }
}
