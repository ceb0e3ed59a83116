import VectorFormat

/// sas, core-key-fingerprint, pairing-window and channel-keys: the pure functions of safe
/// pairing (SAS-1, SAS-2, QR-SRC-3, CLOCK-1, CHAN-KEY-1, CHAN-KEY-2).
extension Operations {
    func sas(_ input: RequestInput) throws -> JSONValue {
        let code = implementation.sas(
            staticDH: try input.key("staticDh"),
            ephemeralDH: try input.key("ephemeralDh"),
            handshake: try input.bytes("handshake"),
            ack: try input.bytes("ack")
        )
        return .object(["sas": .string(code)])
    }

    func coreKeyFingerprint(_ input: RequestInput) throws -> JSONValue {
        .object([
            "fingerprint": .string(implementation.coreKeyFingerprint(corePublicKey: try input.key("corePublicKey")))
        ])
    }

    func pairingWindow(_ input: RequestInput) throws -> JSONValue {
        let expiresAt = implementation.pairingWindow(
            issuedAt: try input.safeNatural("issuedAt", maximum: implementation.largestInputInteger),
            relayExpiresAtMilliseconds: try input.safeNatural(
                "relayExpiresAtMs",
                maximum: implementation.largestInputInteger
            )
        )
        return .object(["expiresAt": .int(expiresAt)])
    }

    func channelKeys(_ input: RequestInput) throws -> JSONValue {
        let channels = try input.array("channels").map { element throws(BadRequest) in
            let channel = try RequestInput(element.value, path: element.path)
            return (id: try channel.string("id"), key: try channel.key("corePublicKey"))
        }
        let revoke = try implementation.channelKeys(
            channels.map(\.key),
            candidate: try input.optionalBytes("candidate", count: 32)
        )
        return .object(["revoke": .array(revoke.map { .string(channels[$0].id) })])
    }
}
