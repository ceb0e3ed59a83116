/// The codes of `tunnel:error` (spec/12-signalling.md, 12.6). Every refusal carries one and
/// changes no state (RELAY-17).
public enum RelayErrorCode: String, Sendable, CaseIterable {
    case badRequest = "bad_request"
    case notChannelOwner = "not_channel_owner"
    case unknownChannel = "unknown_channel"
    case channelRevoked = "channel_revoked"
    case badCredential = "bad_credential"
    case pairingTokenUsed = "pairing_token_used"
    case pairingTokenExpired = "pairing_token_expired"
    case alreadyJoined = "already_joined"
    case notJoined = "not_joined"
    case frameTooLarge = "frame_too_large"
    case rateLimited = "rate_limited"
    case peerOffline = "peer_offline"
    /// Only in the ack of `tunnel:register` (RELAY-20).
    case tunnelLimitReached = "tunnel_limit_reached"
}
