/// What a core knows about one pairing channel, and so which handshakes it accepts (CHAN-1).
///
/// The deployed core re-paired on any later handshake for a channel, replacing the stored device:
/// anyone who learnt the channel id could take the channel over. Here a channel accepts exactly
/// one new device, once, before its pairing expires; after that only the device it paired with.
public enum ChannelState: Equatable, Sendable {
    /// Waiting for the first handshake; `expiresAt` in unix seconds (CHAN-2).
    case pending(expiresAt: Int64)
    /// Paired with `devicePublicKey`; `lastHandshakeEphemeral` is the hs_eph_pub of the last
    /// accepted handshake, refused if it comes again (CHAN-3, CHAN-5).
    case paired(devicePublicKey: [UInt8], lastHandshakeEphemeral: [UInt8]?)
    /// Revoked by the user: no handshake is accepted (CHAN-4).
    case revoked
}
