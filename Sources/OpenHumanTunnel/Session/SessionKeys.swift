import TunnelCrypto

/// The two direction keys of a session (KDF-2).
public struct SessionKeys: Equatable, Sendable {
    /// Device to core.
    public let c2s: [UInt8]
    /// Core to device.
    public let s2c: [UInt8]

    public init(c2s: [UInt8], s2c: [UInt8]) {
        precondition(c2s.count == 32 && s2c.count == 32, "direction keys are 32 bytes")
        self.c2s = c2s
        self.s2c = s2c
    }

    /// ikm = static_dh || eph_dh, salt = client_eph_pub || server_eph_pub.
    ///
    /// Mixing the static DH authenticates both parties (only the holders of the two static keys
    /// compute it); mixing the ephemeral DH makes every session's keys fresh even between the
    /// same two devices. The salt binds the keys to the exact ephemeral keys exchanged.
    public static func derive(
        staticDH: [UInt8],
        ephemeralDH: [UInt8],
        clientEphemeralPublic: [UInt8],
        serverEphemeralPublic: [UInt8]
    ) -> SessionKeys {
        var ikm = staticDH + ephemeralDH
        defer { SecretMemory.wipe(&ikm) }
        let salt = clientEphemeralPublic + serverEphemeralPublic
        return SessionKeys(
            c2s: KeySchedule.derive(ikm: ikm, salt: salt, info: KeySchedule.clientToServerInfo),
            s2c: KeySchedule.derive(ikm: ikm, salt: salt, info: KeySchedule.serverToClientInfo)
        )
    }

    /// The key `role` seals with.
    public func sealingKey(for role: Role) -> [UInt8] { role == .device ? c2s : s2c }

    /// The key `role` opens with: the other direction, so a frame reflected back to its sender
    /// fails authentication.
    public func openingKey(for role: Role) -> [UInt8] { role == .device ? s2c : c2s }
}
