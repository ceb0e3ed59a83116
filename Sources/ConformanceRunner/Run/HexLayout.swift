import VectorFormat

/// What a hex value of an output means, where the kit knows its layout (ADP-124): a message's
/// type octet (wire spec section 4.1) for the members that carry messages, and the JSON text of
/// an envelope plaintext. A mismatch message then says "an error envelope instead of a
/// response" rather than leaving it to be guessed from two lengths.
enum HexLayout {
    /// Members whose value is a whole wire message, type octet first.
    static let messageMembers: Set<String> = ["frame", "ack", "handshake"]
    /// Members whose value is a plaintext, which the envelope layer fills with JSON text.
    static let plaintextMembers: Set<String> = ["plaintext", "plaintexts", "reply", "message"]

    /// The longest decoded JSON text quoted, so a message stays bounded (ADP-24).
    static let textLimit = 200

    /// The names of the type octets of chapter 4.
    static func typeName(_ octet: UInt8) -> String {
        switch octet {
        case 0x01: "legacy v1 frame, retired"
        case 0x02: "session frame"
        case 0x03: "handshake"
        case 0x04: "handshake ack"
        default: "unregistered type"
        }
    }

    /// A description of `hex` as the member at `path` holds it, or nil when the kit knows no
    /// layout for the member or the value is not hex.
    static func describe(_ hex: String, at path: String) -> String? {
        var member = Substring(path.split(separator: ".").last ?? "")
        if let bracket = member.firstIndex(of: "[") { member = member[..<bracket] }
        guard let bytes = decode(hex) else { return nil }
        if messageMembers.contains(String(member)) {
            guard let octet = bytes.first else { return "empty" }
            return
                "type 0x\(octet < 16 ? "0" : "")\(String(octet, radix: 16)) (\(typeName(octet))), \(bytes.count) bytes"
        }
        if plaintextMembers.contains(String(member)) {
            guard bytes.first == UInt8(ascii: "{"), let text = String(validating: bytes, as: UTF8.self) else {
                return "\(bytes.count) bytes, not JSON text"
            }
            return "JSON text \(ResponseComparison.quoted(text, limit: textLimit))"
        }
        return nil
    }

    /// Lowercase hex to bytes (ADP-8); nil for anything else.
    static func decode(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
