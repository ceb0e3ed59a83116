/// A handshake that passed HS-4 and was answered, but whose device has not yet proved its keys
/// with a frame: the one-entry slot of KEYCONF-1.
///
/// Holding it here instead of committing it is what keeps a replayed or forged handshake from
/// ending the live session: nobody without `client_eph` and a static private key can seal the
/// frame that would commit it.
public struct PendingHandshake: Sendable {
    public let devicePublicKey: [UInt8]
    public let handshakeEphemeralPublic: [UInt8]
    /// Its `client_ephemeral_pubkey`, refused again while it waits (HS-4-9, R3-16).
    public let clientEphemeralPublic: [UInt8]
    /// The session this handshake would start, with its empty memory.
    let session: CoreSession
    /// The code both screens show if this handshake is committed (SAS-2).
    public let sas: String
}
