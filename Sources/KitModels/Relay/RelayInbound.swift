/// An event a connection sends to the relay, already checked against its schema (SIG-1), with the
/// values the relay would draw from its CSPRNG for it (RELAY-3): they are inputs, so a run is
/// deterministic.
public enum RelayInbound: Sendable, Equatable {
    /// `tunnel:register`; `channelID` and `pairingToken` are the values the relay mints.
    case register(channelID: String, pairingToken: String)
    /// `tunnel:connect` with `role: "core"`.
    case connectCore(channelID: String)
    /// `tunnel:connect` with `role: "client"` and a pairing token; `newCredential` is the device
    /// credential the relay mints if the token is accepted (RELAY-6).
    case connectWithPairingToken(channelID: String, pairingToken: String, newCredential: String)
    /// `tunnel:connect` with `role: "client"` and the device credential.
    case connectWithCredential(channelID: String, credential: String)
    /// `tunnel:frame`.
    case frame(channelID: String, payload: String)
    /// `tunnel:revoke`.
    case revoke(channelID: String)
    /// `tunnel:session-lost`.
    case sessionLost(channelID: String)
    /// The connection closed (not an event on the wire).
    case disconnect
    /// An unknown event, an event only the relay sends, or an argument that does not match its
    /// schema (SIG-1, SIG-2).
    case invalid
}
