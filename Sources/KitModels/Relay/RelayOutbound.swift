/// An event the relay sends (spec/12-signalling.md, 12.2), addressed to one connection.
public struct RelayEmission: Sendable, Equatable {
    public let connection: String
    public let event: RelayOutbound

    public init(connection: String, event: RelayOutbound) {
        self.connection = connection
        self.event = event
    }
}

/// The relay's events, with their arguments.
public enum RelayOutbound: Sendable, Equatable {
    /// The ack of `tunnel:register`: the new channel.
    case registered(channelID: String, pairingToken: String, pairingExpiresAtMilliseconds: Int64)
    /// The ack of `tunnel:register`: a refusal.
    case registerRefused(RelayErrorCode)
    /// `tunnel:connected`; `credential` only after a pairing-token connect (RELAY-6).
    case connected(channelID: String, role: RelayRole, credential: String?)
    case frame(channelID: String, payload: String)
    case peerStatus(channelID: String, online: Bool)
    case evicted(channelID: String)
    case revoked(channelID: String)
    case sessionLost(channelID: String)
    /// `tunnel:error`; `channelID` when the refused event named one.
    case error(RelayErrorCode, channelID: String?)
}
