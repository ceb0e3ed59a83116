import OpenHumanTunnel

/// The checks every message gets without a key (VERIFY-3): the relay text, the type octet and
/// who may send it, and the sizes.
enum MessageDecoding {
    struct Problem: Error, Equatable {
        let requirement: String
        let detail: String
    }

    /// A message of either wire version, its type known and its size checked.
    enum Decoded: Equatable {
        case version2([UInt8], MessageType)
        case pairingV3([UInt8], PairingV3Type)
        case reconnectionV3([UInt8], ReconnectionV3Type)
        case sessionV3([UInt8])
    }

    /// The message's bytes and type, or the first rule it breaks.
    static func decode(_ text: String, sender: Role) throws(Problem) -> Decoded {
        let bytes: [UInt8]
        do { bytes = try Base64URL.decode(text) } catch {
            throw Problem(
                requirement: "ENC-2",
                detail: "the payload is not canonical unpadded base64url (\(text.utf8.count) characters)"
            )
        }
        guard let first = bytes.first else {
            throw Problem(requirement: "TYPE-1", detail: "an empty message has no type octet")
        }
        guard bytes.count <= Limits.maximumMessageLength else {
            throw Problem(requirement: "SIZE-1", detail: "\(bytes.count) bytes, above the 49,152 of SIZE-1")
        }
        if let type = PairingV3Type(rawValue: first) {
            return .pairingV3(try pairingV3(bytes, type, sender: sender), type)
        }
        if let type = ReconnectionV3Type(rawValue: first) {
            return .reconnectionV3(try reconnectionV3(bytes, type, sender: sender), type)
        }
        if first == SessionFrameV3.type { return .sessionV3(try sessionV3(bytes)) }
        guard let type = MessageType(rawValue: first), type != .legacy else {
            throw Problem(
                requirement: "TYPE-1",
                detail: "type octet 0x\(Hex.encode([first])) is not one a sender may send"
            )
        }
        switch (type, sender) {
        case (.handshake, .core):
            throw Problem(requirement: "TYPE-1", detail: "the core sent a 0x03, which only the device sends")
        case (.handshakeAck, .device):
            throw Problem(requirement: "TYPE-1", detail: "the device sent a 0x04, which only the core sends")
        default: break
        }
        let minimum: (Int, String) =
            switch type {
            case .session: (Limits.sessionFrameOverhead, "FRAME-SEAL-1")
            case .handshake: (HandshakeMessage.handshakeMinimumLength, "HS-1")
            default: (HandshakeMessage.ackMinimumLength, "ACK-1")
            }
        guard bytes.count >= minimum.0 else {
            throw Problem(
                requirement: minimum.1,
                detail: "\(bytes.count) bytes, below the \(minimum.0) of a \(name(type))"
            )
        }
        return .version2(bytes, type)
    }

    /// Version 3's rules of VERIFY-13 before any state: the sender of a 0x10 or 0x11 (TYPE-1),
    /// then V3-MSG-1's exact size.
    private static func pairingV3(_ bytes: [UInt8], _ type: PairingV3Type, sender: Role) throws(Problem) -> [UInt8] {
        if let only = type.sender, only != sender {
            throw Problem(
                requirement: "TYPE-1",
                detail:
                    "the \(sender.rawValue) sent a 0x\(Hex.encode([type.rawValue])), which only the \(only.rawValue) sends"
            )
        }
        guard bytes.count == type.length else {
            throw Problem(
                requirement: "V3-MSG-1",
                detail: "\(bytes.count) bytes, not the \(type.length) of a \(type.name)"
            )
        }
        return bytes
    }

    /// VERIFY-15's rules before any state: the sender (TYPE-1), then V3-RECON-1's exact size.
    private static func reconnectionV3(
        _ bytes: [UInt8],
        _ type: ReconnectionV3Type,
        sender: Role
    ) throws(Problem) -> [UInt8] {
        guard type.sender == sender else {
            throw Problem(
                requirement: "TYPE-1",
                detail: "the \(sender.rawValue) sent a 0x\(Hex.encode([type.rawValue])), which only the "
                    + "\(type.sender.rawValue) sends"
            )
        }
        guard bytes.count == type.length else {
            throw Problem(
                requirement: "V3-RECON-1",
                detail: "\(bytes.count) bytes, not the \(type.length) of a \(type.name)"
            )
        }
        return bytes
    }

    /// A 0x16's type octet, counter and tag (wire spec 14.2).
    static let sessionV3Overhead = SessionFrameV3.minimumLength - FramePadding.buckets[0]

    /// VERIFY-17's rule before any state: a 0x16, from either endpoint, is a padding bucket plus
    /// its 25 bytes of type, counter and tag (V3-PAD-1; V3-FRAME-2 steps 1 and 2).
    private static func sessionV3(_ bytes: [UInt8]) throws(Problem) -> [UInt8] {
        guard FramePadding.isBucket(bytes.count - sessionV3Overhead) else {
            throw Problem(
                requirement: "V3-PAD-1",
                detail: "\(bytes.count) bytes: \(bytes.count - sessionV3Overhead) is not a padding bucket, so "
                    + "the receiver must refuse the frame (frame_too_short or bad_padding)"
            )
        }
        return bytes
    }

    /// Where the message's nonce sits.
    static func nonce(of bytes: [UInt8], type: MessageType) -> [UInt8] {
        type == .handshake ? Array(bytes[HandshakeMessage.nonceRange]) : Array(bytes[SessionFrame.nonceRange])
    }

    static func name(_ type: MessageType) -> String {
        switch type {
        case .legacy: "legacy frame"
        case .session: "session frame"
        case .handshake: "handshake"
        case .handshakeAck: "ack"
        }
    }

    /// The requirement a repeated nonce breaks for each type, and a repeated message.
    static func repeatRequirement(_ type: MessageType, sameMessage: Bool) -> String {
        switch (type, sameMessage) {
        case (.session, true): "REPLAY-3"
        case (.session, false): "FRAME-SEAL-2"
        case (.handshake, true): "DEV-STATE-2"
        case (.handshake, false): "HS-1"
        case (.handshakeAck, true): "ACK-6"
        default: "ACK-1"
        }
    }
}
