import OpenHumanTunnel
import TunnelCrypto

/// Random valid pairing payloads and random non-canonical spellings of them, for property tests.
struct RandomPayloads {
    var rng: SeededGenerator

    /// Scalars chosen to hit every encoding path: unreserved, `+`, space, the delimiters `&=%#?`,
    /// controls, 2-, 3- and 4-byte UTF-8, a combining mark, the largest scalar.
    private static let interestingScalars: [Unicode.Scalar] = [
        "a", "Z", "0", "9", "*", "-", ".", "_", "~", "+", " ", "&", "=", "%", "#", "?", "/", ":", "@", "!", "'",
        "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{E9}", "\u{301}", "\u{4E2D}", "\u{FEFF}", "\u{FFFD}", "\u{1F600}",
        "\u{10FFFF}",
    ]

    mutating func text(maxLength: Int) -> String {
        let length = rng.int(1...maxLength)
        if rng.chance(1, in: 3) {
            let base32 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
            return String((0..<length).map { _ in rng.pick(base32) })
        }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            if rng.chance(1, in: 2) {
                scalars.append(Unicode.Scalar(UInt8(rng.int(0x20...0x7E))))
            } else {
                scalars.append(rng.pick(Self.interestingScalars))
            }
        }
        return String(scalars)
    }

    mutating func key() -> [UInt8] {
        while true {
            let candidate = rng.bytes(32)
            if !X25519.isLowOrder(candidate) { return candidate }
        }
    }

    mutating func rpcURL() -> String? {
        guard rng.chance(2, in: 3) else { return nil }
        let scheme = rng.pick(["http", "https", "HTTP", "Https"])
        let host: String
        switch rng.below(3) {
        case 0:
            host = (0..<4).map { _ in String(rng.int(0...255)) }.joined(separator: ".")
        case 1:
            let groups = (0..<8).map { _ in String(rng.int(0...0xFFFF), radix: 16) }
            host = "[" + (rng.chance(1, in: 2) ? groups.joined(separator: ":") : groups[0] + "::" + groups[7]) + "]"
        default:
            let labels = (0..<rng.int(1...3)).map { _ in
                String((0..<rng.int(1...10)).map { _ in rng.pick(Array("abcdefghijklmnopqrstuvwxyz0123456789")) })
            }
            // "h" before the last label: a name ending in an all-digit label is refused (QR-GRAM-4).
            host =
                labels.dropLast().map { $0 + "." }.joined() + "h" + labels.last! + rng.pick(["", ".lan", "-x.example"])
        }
        let port = rng.chance(1, in: 2) ? ":\(rng.int(1...65535))" : ""
        let path = rng.pick(["", "/", "/rpc", "/a/b;c", "/~u/%41", "/@:!$'()*+,="])
        let query = rng.pick(["", "?a=b", "?token=%20x&y", "?/?"])
        return scheme + "://" + host + port + path + query
    }

    mutating func expiry() -> UInt64 {
        switch rng.below(4) {
        case 0: rng.pick([0, 1, 1_790_000_000, PairingPayloadFormat.maximumExpiry])
        default: rng.below(PairingPayloadFormat.maximumExpiry + 1)
        }
    }

    mutating func payload() -> PairingPayload {
        PairingPayload(
            channelID: text(maxLength: 40),
            pairingToken: text(maxLength: 40),
            corePublicKey: key(),
            rpcURL: rpcURL(),
            expiresAt: expiry()
        )
    }

    /// Another spelling of `value` that a consumer must read as the same value (QR-PARSE-25):
    /// scheme and host in random case, parameters shuffled, unknown and empty fields mixed in,
    /// names and values encoded in any way the form decoding reads back identically.
    mutating func variantSpelling(of value: PairingPayload) -> String {
        var fields: [(String, String)] = [
            ("cid", value.channelID), ("pt", value.pairingToken), ("cpk", Base64URL.encode(value.corePublicKey)),
            ("exp", String(value.expiresAt)),
        ]
        if let rpc = value.rpcURL { fields.append(("rpc", rpc)) }
        for _ in 0..<rng.int(0...3) {
            fields.append((rng.pick(["v", "future", "CID", "cid2", "x y", "\u{E9}"]), text(maxLength: 5)))
        }
        var rawFields = shuffled(fields).map { encodeLoosely($0.0) + "=" + encodeLoosely($0.1) }
        for _ in 0..<rng.int(0...2) { rawFields.insert("", at: rng.int(0...rawFields.count)) }
        let scheme = String("openhuman".map { rng.chance(1, in: 2) ? Character($0.uppercased()) : $0 })
        let host = String("pair".map { rng.chance(1, in: 2) ? Character($0.uppercased()) : $0 })
        return scheme + "://" + host + "?" + rawFields.joined(separator: "&")
    }

    /// Form-encodes `text` choosing, byte by byte, among spellings that decode to the same byte:
    /// a literal where the query allows it, `%XX` in either hex case, `+` or `%20` for a space.
    private mutating func encodeLoosely(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            let literalAllowed =
                byte < 0x80
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~!$'()*,;:@/?".unicodeScalars.contains(scalar))
            if byte == 0x20 && rng.chance(1, in: 2) {
                out += "+"
            } else if literalAllowed && rng.chance(3, in: 4) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: rng.chance(1, in: 2))
                out += "%" + (byte < 16 ? "0" : "") + hex
            }
        }
        return out
    }

    private mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        guard items.count > 1 else { return items }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, rng.int(0...index))
        }
        return items
    }
}
