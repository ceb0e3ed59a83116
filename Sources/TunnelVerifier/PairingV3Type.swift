import OpenHumanTunnel

/// Version 3's pairing octets (wire spec 4.2, V3-MSG-1), which the library's `MessageType`
/// leaves out on purpose: a version 2 receiver answers them `unsupported_type` (TYPE-5). A
/// trace may carry both versions, so the verifier registers them here.
enum PairingV3Type: UInt8, Equatable {
    case messageOne = 0x10
    case messageTwo = 0x11
    case record = 0x12

    /// V3-MSG-1's exact size, type octet included.
    var length: Int {
        switch self {
        case .messageOne: PairingV3Message.messageOneLength
        case .messageTwo: PairingV3Message.messageTwoLength
        case .record: PairingV3Message.recordLength
        }
    }

    /// The one endpoint that sends it, nil for a record (both do).
    var sender: Role? {
        switch self {
        case .messageOne: .device
        case .messageTwo: .core
        case .record: nil
        }
    }

    var name: String {
        switch self {
        case .messageOne: "pairing message 1"
        case .messageTwo: "pairing message 2"
        case .record: "pairing record"
        }
    }
}
