/// What a `pending` channel remembers of the handshakes it admitted into its slot (KEYCONF-7,
/// HS-4-9): how many, their distinct device keys and their client ephemeral keys.
///
/// Each admitted handshake gives its sender a code before it commits (review R3-2), so the
/// count, not only the distinct keys, is what bounds a party that sees the phone's code: one
/// rogue key with a fresh `client_eph` per try is five codes at most, never a grind.
public struct PendingAttempts: Sendable, Equatable {
    /// Handshakes in total: the phone's own, and a few retries after a lost ack.
    public static let handshakeLimit = 5
    /// Distinct device keys: a lost ack, a new scan and a second phone of the user's.
    public static let deviceKeyLimit = 3

    public private(set) var handshakes = 0
    public private(set) var deviceKeys: [[UInt8]] = []
    /// The `client_ephemeral_pubkey` of every admitted handshake, refused again at HS-4-9 (R3-16).
    public private(set) var clientEphemerals: [[UInt8]] = []

    public init() {}

    /// Whether one more handshake from `devicePublicKey` stays within both bounds.
    public func admits(_ devicePublicKey: [UInt8]) -> Bool {
        let newKey = !deviceKeys.contains(devicePublicKey)
        return handshakes < Self.handshakeLimit && (!newKey || deviceKeys.count < Self.deviceKeyLimit)
    }

    /// Counts a handshake that took the slot.
    public mutating func record(devicePublicKey: [UInt8], clientEphemeral: [UInt8]) {
        handshakes += 1
        if !deviceKeys.contains(devicePublicKey) { deviceKeys.append(devicePublicKey) }
        clientEphemerals.append(clientEphemeral)
    }
}
