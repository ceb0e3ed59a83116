import OpenHumanTunnel

/// Both ends of the bootstrap handshake: the core accepting a 0x03, the device opening a 0x04.
enum HandshakeFuzz {
    static let now: Int64 = 1_700_000_000

    /// Every kind of channel state a core can hold when a 0x03 arrives (CHAN-1 to CHAN-5).
    static let channelStates: [ChannelState] = [
        .pending(expiresAt: now + 60),
        .pending(expiresAt: now - 1),
        .paired(devicePublicKey: FuzzKeys.devicePublic, lastHandshakeEphemeral: nil),
        .paired(devicePublicKey: FuzzKeys.devicePublic, lastHandshakeEphemeral: FuzzKeys.handshakeEphemeralPublic),
        .paired(devicePublicKey: FuzzKeys.corePublic, lastHandshakeEphemeral: nil),
        .revoked,
    ]

    /// Accepts `frame` under each channel state.
    ///
    /// On every error the state must be unchanged (CHAN-6). A success must be allowed by the
    /// state it started from, must pair the channel with the handshake's device and ephemeral
    /// key, must be refused as `handshakeReplayed` when delivered again (CHAN-5), and, when it
    /// names the harness's own device, must give an ack the device accepts with the same keys.
    static func accept(_ frame: [UInt8]) {
        for initial in channelStates {
            var channel = initial
            do {
                let acceptance = try accept(frame, channel: &channel)
                let handshakeEphemeral = Array(frame[HandshakeMessage.ephemeralKeyRange])
                precondition(
                    channel
                        == .paired(
                            devicePublicKey: acceptance.devicePublicKey,
                            lastHandshakeEphemeral: handshakeEphemeral
                        ),
                    "an accepted handshake did not pair the channel with its device"
                )
                switch initial {
                case .revoked:
                    preconditionFailure("a revoked channel accepted a handshake")
                case .pending(let expiresAt):
                    precondition(now <= expiresAt, "an expired pairing accepted a handshake")
                case .paired(let stored, let last):
                    precondition(stored == acceptance.devicePublicKey, "a paired channel accepted another device")
                    precondition(last != handshakeEphemeral, "a paired channel accepted its last handshake again")
                case .confirming:
                    preconditionFailure("the fuzzer starts no channel in the confirming state")
                }
                var again = channel
                do {
                    _ = try accept(frame, channel: &again)
                    preconditionFailure("one handshake was accepted twice")
                } catch {
                    precondition(error == .handshakeReplayed, "a replayed handshake was refused with \(error)")
                    precondition(again == channel, "a refused replay changed the channel")
                }
                if acceptance.devicePublicKey == FuzzKeys.devicePublic,
                    acceptance.clientEphemeralPublic == FuzzKeys.clientEphemeralPublic
                {
                    let keys = try? DeviceHandshake.finish(
                        ack: acceptance.ack,
                        corePublicKey: FuzzKeys.corePublic,
                        deviceStaticPrivate: FuzzKeys.deviceStaticPrivate,
                        clientEphemeralPrivate: FuzzKeys.clientEphemeralPrivate
                    )
                    precondition(keys == acceptance.keys, "the device and the core derived different keys")
                }
            } catch {
                precondition(channel == initial, "a refused handshake changed the channel state")
            }
        }
    }

    /// Opens `ack` twice with the same inputs: both results must be equal, which would fail if
    /// `finish` wiped or changed any buffer its caller still holds (it wipes its secrets).
    static func finish(_ ack: [UInt8]) {
        let finish = { () throws(TunnelError) -> SessionKeys in
            try DeviceHandshake.finish(
                ack: ack,
                corePublicKey: FuzzKeys.corePublic,
                deviceStaticPrivate: FuzzKeys.deviceStaticPrivate,
                clientEphemeralPrivate: FuzzKeys.clientEphemeralPrivate
            )
        }
        precondition(Result(catching: finish) == Result(catching: finish), "finish is not deterministic")
    }

    private static func accept(
        _ frame: [UInt8],
        channel: inout ChannelState
    ) throws(TunnelError) -> CoreHandshake.Acceptance {
        try CoreHandshake.accept(
            frame: frame,
            coreStaticPrivate: FuzzKeys.coreStaticPrivate,
            channel: &channel,
            now: now,
            serverEphemeralPrivate: FuzzKeys.serverEphemeralPrivate,
            ackNonce: FuzzKeys.nonce
        )
    }
}
