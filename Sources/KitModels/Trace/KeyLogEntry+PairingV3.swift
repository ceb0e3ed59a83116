import OpenHumanTunnel

/// The key log lines of one version 3 pairing attempt (KEYLOG-13), each named by `e_D`, the
/// device's ephemeral public key, which message 1 carries in clear (bytes 1 to 32).
///
/// Four secrets suffice: `h` up to the encrypted `s` follows from public bytes, the `psk` token
/// makes it secret (hence `h` after `psk` is logged with its key), and after that every `h`
/// follows again by `MixHash` of the ciphertexts (kit section 3.1). None of them is a standing
/// credential: each comes from a chaining key that `e_D` made fresh (KEYLOG-11).
extension KeyLogEntry {
    /// The lines a side's handshake state gives, kept with `keepsKeyLogSecrets`: message 1's two
    /// once message 1 is written or read, message 2's once message 2 is, and `V3_TRANSPORT`
    /// when the `Split()` keys are given (device to core, then core to device).
    package static func pairingV3(
        deviceEphemeralPublic: [UInt8],
        secrets: [NoiseTokenSecrets],
        transport: (deviceToCore: [UInt8], coreToDevice: [UInt8])?
    ) -> [KeyLogEntry] {
        var lines: [KeyLogEntry] = []
        for secret in secrets {
            switch (secret.message, secret.token) {
            case (0, .es):
                lines.append(KeyLogEntry(label: .pairingV3StaticKey, id: deviceEphemeralPublic, secret: secret.key))
            case (0, .psk):
                lines.append(
                    KeyLogEntry(
                        label: .pairingV3CommitmentKey,
                        id: deviceEphemeralPublic,
                        secret: secret.key + secret.handshakeHash
                    )
                )
            case (1, .se):
                lines.append(KeyLogEntry(label: .pairingV3CoreNonceKey, id: deviceEphemeralPublic, secret: secret.key))
            default: break
            }
        }
        if let transport {
            lines.append(
                KeyLogEntry(
                    label: .pairingV3Transport,
                    id: deviceEphemeralPublic,
                    secret: transport.deviceToCore + transport.coreToDevice
                )
            )
        }
        return lines
    }
}
