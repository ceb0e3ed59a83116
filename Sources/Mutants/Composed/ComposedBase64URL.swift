import OpenHumanTunnel

/// Key members of the handshake plaintexts: strict base64url of 32 bytes (ENC-1, ENC-3, JSON-6),
/// with the lenient decoders real code ships. Each mutant rewrites the text into the one
/// canonical spelling a lenient decoder would treat it as, then decodes strictly.
struct ComposedBase64URL {
    let mutant: Mutant?

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    func decodeKey(_ text: String) throws(TunnelError) -> [UInt8] {
        var utf8 = Array(text.utf8)
        switch mutant {
        case .paddedBase64URLAccepted?:
            utf8 = Self.strippingPadding(utf8)
        case .standardAlphabetAccepted?:
            utf8 = utf8.map {
                $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0
            }
        case .trailingBitsAccepted?:
            utf8 = Self.clearingUnusedBits(utf8)
        default:
            break
        }
        return try Base64URL.decodeKey(String(decoding: utf8, as: UTF8.self))
    }

    /// Drops up to two `=` from a text whose length is a multiple of four.
    static func strippingPadding(_ utf8: [UInt8]) -> [UInt8] {
        guard utf8.count % 4 == 0 else { return utf8 }
        var out = utf8
        for _ in 0..<2 where out.last == UInt8(ascii: "=") { out.removeLast() }
        return out
    }

    /// Clears the bits of the last character that carry no data (4 bits when the length is 2
    /// modulo 4, 2 bits when it is 3), which a lenient decoder silently ignores.
    static func clearingUnusedBits(_ utf8: [UInt8]) -> [UInt8] {
        let unusedMask: Int
        switch utf8.count % 4 {
        case 2: unusedMask = 0x0F
        case 3: unusedMask = 0x03
        default: return utf8
        }
        guard let last = utf8.last, let value = alphabet.firstIndex(of: last) else { return utf8 }
        var out = utf8
        out[out.count - 1] = alphabet[value & ~unusedMask]
        return out
    }
}
