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
    /// A device proved its keys with a first frame, and the user has until `deadline` (unix
    /// seconds) to confirm that both screens show the same code; nothing is delivered and no
    /// handshake accepted meanwhile (CONFIRM-1 to CONFIRM-5).
    case confirming(devicePublicKey: [UInt8], lastHandshakeEphemeral: [UInt8], deadline: Int64)
    /// Revoked by the user: no handshake is accepted (CHAN-4).
    case revoked

    /// How long the user has to compare the codes and confirm a first pairing (CONFIRM-1).
    public static let confirmationSeconds: Int64 = 120

    /// The state after a handshake of `devicePublicKey` with `handshakeEphemeral` is committed
    /// at `now` (KEYCONF-4): a first pairing waits for the user, a known device stays paired.
    func committing(devicePublicKey: [UInt8], handshakeEphemeral: [UInt8], now: Int64) -> ChannelState {
        switch self {
        case .pending:
            .confirming(
                devicePublicKey: devicePublicKey,
                lastHandshakeEphemeral: handshakeEphemeral,
                deadline: now.saturatingAdd(Self.confirmationSeconds)
            )
        // Its slot was emptied by the commit that entered it, and it refuses every handshake
        // (CONFIRM-5), so the code the user compares cannot change under them.
        case .confirming: preconditionFailure("a confirming channel holds no handshake to commit (CONFIRM-5)")
        case .paired, .revoked:
            .paired(devicePublicKey: devicePublicKey, lastHandshakeEphemeral: handshakeEphemeral)
        }
    }
}
