/// The core's cap on how long a pairing payload stays valid (CLOCK-1).
///
/// The relay supplies the expiry; a relay that sent year 9999 would keep a QR code valid for
/// ever and make the core's expiry check void. The core bounds it by its own clock instead:
/// the cap depends only on two readings of the same clock, so even a wrong clock keeps it.
public enum PairingWindow {
    /// The longest pairing window a core accepts, in seconds from issue.
    public static let maximumSeconds: Int64 = 600

    /// `min(floor(relayExpiresAtMilliseconds / 1000), issuedAt + 600)`: the channel's
    /// `expiresAt` and the payload's `exp`.
    public static func expiresAt(issuedAt: Int64, relayExpiresAtMilliseconds: Int64) -> Int64 {
        precondition(issuedAt >= 0 && relayExpiresAtMilliseconds >= 0, "Unix times are not negative")
        // Saturating: an issue time within 600 s of Int64.max caps nothing and must not trap.
        return min(relayExpiresAtMilliseconds / 1000, issuedAt.saturatingAdd(maximumSeconds))
    }
}
