import OpenHumanTunnel

/// A core channel driven by a script the input chooses: handshakes of two devices in several
/// rounds, frames under their keys, arbitrary bytes as frames, the user's answers and the
/// passing of time (KEYCONF-*, CONFIRM-*).
///
/// Each script byte picks an action; the byte after it is its argument. The invariants: a
/// failed action changes nothing beyond what the clock alone does (CONFIRM-3's timeout); a
/// plaintext is delivered only on a paired channel; a revoked channel stays revoked, and a
/// channel never returns to pending.
enum CoreChannelFuzz {
    static func run(_ script: [UInt8]) {
        var channel = CoreChannel(
            coreStaticPrivate: FuzzKeys.coreStaticPrivate,
            state: .pending(expiresAt: HandshakeFuzz.now),
            sessionBound: 64
        )
        var now = HandshakeFuzz.now - 30
        var keys: [UInt8: SessionKeys] = [:]
        var index = 0
        while index + 1 < script.count {
            let (action, argument) = (script[index], script[index + 1])
            index += 2
            now += Int64(argument & 0x0f)
            var timed = channel
            timed.advance(to: now)
            let before = snapshot(timed)
            let wasPending = if case .pending = channel.state { true } else { false }
            do {
                switch action % 6 {
                case 0: keys[argument] = try handshake(&channel, round: argument, now: now)
                case 1:
                    let frame = try SessionCipher(role: .device, keys: keys[argument] ?? FuzzKeys.session)
                        .seal([argument], nonce: [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 24))
                    _ = try channel.open(frame, now: now)
                    precondition(isPaired(channel.state), "a plaintext was delivered on a channel that is not paired")
                case 2:
                    let end = min(script.count, index + Int(argument))
                    _ = try channel.open(Array(script[index..<end]), now: now)
                    precondition(isPaired(channel.state), "a plaintext was delivered on a channel that is not paired")
                case 3:
                    // Odd arguments name the committed handshake, even ones another (CONFIRM-4).
                    let committed: [UInt8]? =
                        if case .confirming(_, let last, _) = channel.state, argument & 1 == 1 { last } else { nil }
                    try channel.confirm(
                        now: now,
                        handshakeEphemeral: committed ?? [UInt8](repeating: argument, count: 32)
                    )
                case 4: try channel.reject(now: now)
                default: channel.advance(to: now)
                }
            } catch {
                precondition(error != .replayed || snapshot(channel) == before, "a refused replay changed the channel")
                if error != .pairingUnconfirmed {
                    precondition(snapshot(channel) == before, "a failed action changed the channel: \(error)")
                }
            }
            if case .revoked = before.state { precondition(channel.state == .revoked, "a revoked channel came back") }
            if !wasPending { precondition(!isPending(channel.state), "a channel went back to pending") }
        }
    }

    /// The device's handshake of `round` (its own ephemeral keys and nonce), the core's answer
    /// with a round-specific server key, and the device's session keys from the ack.
    private static func handshake(
        _ channel: inout CoreChannel,
        round: UInt8,
        now: Int64
    ) throws(TunnelError) -> SessionKeys {
        let device = round & 1 == 0 ? FuzzKeys.deviceStaticPrivate : [UInt8](repeating: 0x99, count: 32)
        let clientEphemeral = [UInt8](repeating: round | 0x01, count: 32)
        let frame = try DeviceHandshake.start(
            corePublicKey: FuzzKeys.corePublic,
            deviceStaticPrivate: device,
            handshakeEphemeralPrivate: [UInt8](repeating: round ^ 0xa5, count: 32),
            clientEphemeralPrivate: clientEphemeral,
            nonce: FuzzKeys.nonce
        )
        let accepted = try channel.receiveHandshake(
            frame,
            now: now,
            serverEphemeralPrivate: [UInt8](repeating: round ^ 0x3c, count: 32),
            ackNonce: FuzzKeys.nonce
        )
        return try DeviceHandshake.finish(
            ack: accepted.ack,
            corePublicKey: FuzzKeys.corePublic,
            deviceStaticPrivate: device,
            clientEphemeralPrivate: clientEphemeral
        )
    }

    private struct Snapshot: Equatable {
        let state: ChannelState
        let pending: [UInt8]?
        let remembered: SessionNonceMemory?
    }

    private static func snapshot(_ channel: CoreChannel) -> Snapshot {
        Snapshot(
            state: channel.state,
            pending: channel.pending?.handshakeEphemeralPublic,
            remembered: channel.session?.memory
        )
    }

    private static func isPaired(_ state: ChannelState) -> Bool { if case .paired = state { true } else { false } }
    private static func isPending(_ state: ChannelState) -> Bool { if case .pending = state { true } else { false } }
}
