import AdapterOperations
import OpenHumanTunnel

/// The device between sending its handshake and running its session (ACK-4 to ACK-6), with the
/// two mutants of its state: a device that drops its handshake state on a bad ack, and one that
/// never closes its ack opener.
struct ComposedDeviceReceiver {
    let implementation: ComposedImplementation

    func receive(
        _ messages: [[UInt8]],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) -> [DeviceReceipt] {
        let mutant = implementation.mutant
        var session: (any SessionEndpoint)?
        var discarded = false
        return messages.map { message in
            do throws(TunnelError) {
                let isAck = message.first == ComposedMessageType.handshakeAck
                if var current = session, !(mutant == .secondAckAccepted && isAck) {
                    defer { session = current }
                    return .opened(try current.open(message))
                }
                // The mutant forgot client_eph with its first failure: no ack can authenticate.
                if discarded { throw TunnelError.authFailed }
                let keys = try implementation.deviceFinish(
                    ack: message,
                    corePublicKey: corePublicKey,
                    deviceStaticPrivate: deviceStaticPrivate,
                    clientEphemeralPrivate: clientEphemeralPrivate
                )
                session = implementation.session(role: .device, keys: keys)
                return .accepted(keys)
            } catch {
                if mutant == .ackStateDiscardedOnError, session == nil { discarded = true }
                return .rejected(error)
            }
        }
    }
}
