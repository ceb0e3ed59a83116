import OpenHumanTunnel

/// Version 3's reconnection octets (wire spec 13.8, V3-RECON-1), which the library's
/// `MessageType` leaves out as it does the pairing's (`PairingV3Type`).
enum ReconnectionV3Type: UInt8, Equatable {
    case messageOne = 0x13
    case messageTwo = 0x14
    case keyConfirmation = 0x15

    /// V3-RECON-1's exact size, type octet included.
    var length: Int {
        switch self {
        case .messageOne: ReconnectionV3Message.messageOneLength
        case .messageTwo: ReconnectionV3Message.messageTwoLength
        case .keyConfirmation: ReconnectionV3Message.keyConfirmationLength
        }
    }

    /// The one endpoint that sends it.
    var sender: Role {
        self == .messageTwo ? .core : .device
    }

    var name: String {
        switch self {
        case .messageOne: "reconnection message 1"
        case .messageTwo: "reconnection message 2"
        case .keyConfirmation: "key confirmation"
        }
    }
}

/// What the verifier has seen of a channel's version 3 reconnections (VERIFY-15, VERIFY-16).
struct ReconnectionV3View {
    /// Every 0x13 of the channel by its `e`, its first appearance.
    var messagesOne: [[UInt8]: ReconnectionV3MessageOne] = [:]
    /// 0x13s no 0x14 has answered yet, oldest first.
    var outstanding: [ReconnectionV3MessageOne] = []
    /// The reconnection the last 0x14 answered, until a 0x15 commits it.
    var pending: ReconnectionV3MessageOne?
    /// True after a 0x14 that answered a 0x13 from before the trace, until a 0x15 confirms it.
    var pendingBeforeTrace = false
    /// The `e` of the last reconnection a 0x15 committed.
    var currentEphemeral: [UInt8]?
    /// True once a 0x13 or 0x14 was seen on the channel: before that a 0x14 or 0x15 may belong
    /// to a reconnection from before the trace.
    var seenAny = false
    /// Set by a 0x15 that commits a reconnection, for the session it starts (VERIFY-17): the step
    /// and the `e` of its 0x13, nil for a reconnection from before the trace.
    var justCommitted: (step: Int, ephemeral: [UInt8]?)?
}

/// A 0x13 as far as the verifier read it.
struct ReconnectionV3MessageOne {
    let step: Int
    let message: [UInt8]
    /// `e`, bytes 1 to 32, which names the reconnection's `V3_TRANSPORT` (KEYLOG-13).
    var deviceEphemeral: [UInt8] { Array(message[1..<33]) }
}
