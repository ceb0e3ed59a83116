import OpenHumanTunnel
import Testing

/// The worked example's paired channel at the core (13.5), and phones that reconnect to it, each
/// with an ephemeral key drawn from its label: what the session tests run frames through.
extension CoreReconnectionV3 {
    static func workedExample(_ pairing: NoiseTrace) -> CoreReconnectionV3 {
        CoreReconnectionV3(
            coreStaticPrivate: NoiseWorkedExample.core.staticPrivate,
            channelID: NoiseWorkedExample.channelID,
            devicePublicKey: NoiseWorkedExample.device.staticPublic,
            reconnectPsk: NoiseWorkedExample.reconnectPsk(pairing)
        )
    }

    /// A phone labelled `label` reconnects: the core answers its message 1 at `now`, and the phone,
    /// connected, is returned with the key confirmation the core has not yet received.
    mutating func answerPhone(
        _ pairing: NoiseTrace,
        label: String,
        now: Int64 = 0
    ) throws -> (phone: DeviceReconnectionV3, confirmation: [UInt8]) {
        var phone = try DeviceReconnectionV3(
            corePublicKey: NoiseWorkedExample.core.staticPublic,
            channelID: NoiseWorkedExample.channelID,
            deviceStaticPrivate: NoiseWorkedExample.device.staticPrivate,
            deviceEphemeralPrivate: testPrivateKey("device \(label)"),
            reconnectPsk: NoiseWorkedExample.reconnectPsk(pairing)
        )
        let two = try #require(
            try receive(phone.messageOne, now: now, coreEphemeralPrivate: testPrivateKey("core \(label)")).reply
        )
        let confirmation = try #require(try phone.receive(two, now: now).reply)
        return (phone, confirmation)
    }
}
