import OpenHumanTunnel
import TunnelCrypto

/// Part two of spec/10-worked-example.md (sections 10.8 and 10.9): the paired device of part one
/// reconnects with new ephemeral keys and the same static keys. Every value is computed here by
/// the reference implementation, never copied; `WorkedExampleTests` checks that the chapter
/// prints exactly these values.
struct WorkedExampleReconnection {
    static let handshakeEphemeralPrivate = [UInt8](repeating: 0x06, count: 32)
    static let clientEphemeralPrivate = [UInt8](repeating: 0x07, count: 32)
    static let serverEphemeralPrivate = [UInt8](repeating: 0x08, count: 32)
    static let handshakeNonce = [UInt8](repeating: 0x50, count: 24)
    static let ackNonce = [UInt8](repeating: 0x60, count: 24)
    static let requestNonce = [UInt8](repeating: 0x70, count: 24)
    static let responseNonce = [UInt8](repeating: 0x80, count: 24)
    /// One day after part one's expiry: a paired channel does not expire (CHAN-3).
    static let now: Int64 = 1_790_086_400
    static let requestPlaintext = Array(
        #"{"requestId":"00000000-0000-4000-8000-000000000002","kind":"request","seq":0,"payload":{"method":"openhuman.ping","params":{}}}"#
            .utf8
    )
    static let responsePlaintext = Array(
        #"{"requestId":"00000000-0000-4000-8000-000000000002","kind":"response","seq":0,"payload":{"ok":true}}"#.utf8
    )

    let coreStaticPrivate: [UInt8]
    let coreStaticPublic: [UInt8]
    let deviceStaticPrivate: [UInt8]
    let devicePublic: [UInt8]
    /// The channel as part one left it: paired to the device, last handshake part one's.
    let channelBefore: ChannelState
    let handshakeFrame: [UInt8]
    let acceptance: CoreHandshake.Acceptance
    let channelAfter: ChannelState
    let deviceKeys: SessionKeys
    let requestFrame: [UInt8]
    let responseFrame: [UInt8]

    init() throws {
        coreStaticPrivate = try WorkedExample.bytes("core_static_private")
        coreStaticPublic = X25519.publicKey(privateKey: coreStaticPrivate)
        deviceStaticPrivate = try WorkedExample.bytes("device_static_private")
        devicePublic = X25519.publicKey(privateKey: deviceStaticPrivate)
        channelBefore = .paired(
            devicePublicKey: devicePublic,
            lastHandshakeEphemeral: try WorkedExample.bytes("hs_eph_public")
        )
        handshakeFrame = try DeviceHandshake.start(
            corePublicKey: coreStaticPublic,
            deviceStaticPrivate: deviceStaticPrivate,
            handshakeEphemeralPrivate: Self.handshakeEphemeralPrivate,
            clientEphemeralPrivate: Self.clientEphemeralPrivate,
            nonce: Self.handshakeNonce
        )
        var channel = channelBefore
        acceptance = try CoreHandshake.accept(
            frame: handshakeFrame,
            coreStaticPrivate: coreStaticPrivate,
            channel: &channel,
            now: Self.now,
            serverEphemeralPrivate: Self.serverEphemeralPrivate,
            ackNonce: Self.ackNonce
        )
        channelAfter = channel
        deviceKeys = try DeviceHandshake.finish(
            ack: acceptance.ack,
            corePublicKey: coreStaticPublic,
            deviceStaticPrivate: deviceStaticPrivate,
            clientEphemeralPrivate: Self.clientEphemeralPrivate
        )
        guard deviceKeys == acceptance.keys else {
            throw GenerationError("reconnection: device and core derived different keys")
        }
        requestFrame = try SessionCipher(role: .device, keys: deviceKeys).seal(
            Self.requestPlaintext,
            nonce: Self.requestNonce
        )
        responseFrame = try SessionCipher(role: .core, keys: acceptance.keys).seal(
            Self.responsePlaintext,
            nonce: Self.responseNonce
        )
    }
}
