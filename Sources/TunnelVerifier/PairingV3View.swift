import OpenHumanTunnel

/// What the verifier has seen of a channel's version 3 pairing (VERIFY-13, VERIFY-14): every
/// message 1 by its ephemeral key, those not yet answered, and the attempt the last message 2
/// started.
struct PairingV3View {
    /// Every 0x10 of the channel by `e_D`, its first appearance.
    var messagesOne: [[UInt8]: PairingV3MessageOne] = [:]
    /// The `e_D` of the messages 1 a 0x11 answered: the same message 1 again is one the core
    /// must refuse (`handshake_replayed`, V3-CORE-1).
    var answered: Set<[UInt8]> = []
    /// Messages 1 no 0x11 has answered yet, oldest first.
    var outstanding: [PairingV3MessageOne] = []
    /// The attempt the last 0x11 started.
    var attempt: PairingV3Attempt?

    /// True once any version 3 pairing message was seen on the channel: before that a record
    /// may belong to a pairing that started before the trace.
    var seenAny = false
}

/// A 0x10 as far as the verifier could read it.
struct PairingV3MessageOne {
    let step: Int
    let message: [UInt8]
    /// `e_D`, bytes 1 to 32, which names the attempt's key log lines (KEYLOG-13).
    var deviceEphemeral: [UInt8] { Array(message[1..<33]) }
    /// `c_s`, bytes 33 to 80: the device's static key, encrypted.
    var encryptedStatic: [UInt8] { Array(message[33..<81]) }
    /// Bytes 81 to 128: the commitment, encrypted.
    var encryptedCommitment: [UInt8] { Array(message[81..<129]) }
    /// Opened with the key log: the commitment (V3-COMMIT-1) and `h` after message 1.
    var commitment: [UInt8]?
    var handshakeHashAfter: [UInt8]?
}

/// A message 1 and the 0x11 that answered it, and the records sent under their keys.
struct PairingV3Attempt {
    let messageOne: PairingV3MessageOne
    let answerStep: Int
    /// Opened with the key log: `N_C`, the final `h`, and `Split()`'s two keys.
    var coreNonce: [UInt8]?
    var handshakeHash: [UInt8]?
    var transport: (deviceToCore: [UInt8], coreToDevice: [UInt8])?
    /// Records each side sent, and their bytes, so the same record again is told apart.
    var deviceRecords = 0
    var coreRecords = 0
    var recordsSeen: [[UInt8]: Int] = [:]
    /// The code, once the reveal opened the commitment (V3-SAS-1).
    var code: String?
    /// Each side's answer: true for its confirmation (or an answer the key log does not open),
    /// false for its rejection. Both true commit the pairing (V3-CONFIRM-2), once.
    var answers: [Role: Bool] = [:]
    var committed = false
}
