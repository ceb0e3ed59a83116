import AdapterOperations
import OpenHumanTunnel

/// The session a composed version 3 channel hands its frames to (V3-CHAN-1 to V3-CHAN-3): the
/// composed session frames (`ComposedSessionV3`) on the keys a handshake's `Split()` gave, with
/// the mutants of where the session starts.
struct ComposedChannelSession {
    private let mutant: Mutant?
    private var setup: SessionV3Setup
    private var session: ComposedSessionV3
    private var hasSent = false

    /// The session `role` holds after `start` committed at `now`, on `transport`'s keys.
    init(role: Role, start: SessionV3.Start, transport: ComposedNoiseTransport, now: Int64, mutant: Mutant?) {
        self.mutant = mutant
        let sending = transport.sending.key ?? [], receiving = transport.receiving.key ?? []
        let (deviceToCore, coreToDevice) = role == .device ? (sending, receiving) : (receiving, sending)
        let counters = mutant == .v3ChannelPairingSessionAtReconnectionCounters ? SessionV3.Start.reconnection : start
        setup = SessionV3Setup(
            role: role,
            start: counters,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: now
        )
        session = ComposedSessionV3(setup: setup, mutant: mutant)
    }

    mutating func receive(_ frame: [UInt8]) throws(TunnelError) -> [UInt8]? {
        try session.receive(frame)
    }

    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        if mutant == .v3ChannelSessionClockFromFirstSend, !hasSent {
            setup = SessionV3Setup(
                role: setup.role,
                start: setup.start,
                deviceToCore: setup.deviceToCore,
                coreToDevice: setup.coreToDevice,
                startedAt: now
            )
            session = ComposedSessionV3(setup: setup, mutant: mutant)
        }
        hasSent = true
        return try session.send(message, now: now)
    }
}
