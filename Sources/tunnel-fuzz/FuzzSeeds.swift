import OpenHumanTunnel
import TunnelCrypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One valid input per target, written by `tunnel-fuzz --write-seeds DIR` to start a corpus.
///
/// The raw handshake and ack frames and the session frame must carry tags under the harness's
/// keys, which mutation alone never forges; starting from valid ones puts the success paths and
/// their invariants (replay refusal, channel pairing, device and core agreeing on keys) in reach.
enum FuzzSeeds {
    static func all() -> [[UInt8]] {
        let device = SessionCipher(role: .device, keys: FuzzKeys.session)
        var v3Device = SessionV3(
            role: .device,
            start: .reconnection,
            deviceToCore: SessionV3Fuzz.deviceToCore,
            coreToDevice: SessionV3Fuzz.coreToDevice,
            startedAt: 0
        )
        let handshake = try! DeviceHandshake.start(
            corePublicKey: FuzzKeys.corePublic,
            deviceStaticPrivate: FuzzKeys.deviceStaticPrivate,
            handshakeEphemeralPrivate: FuzzKeys.handshakeEphemeralPrivate,
            clientEphemeralPrivate: FuzzKeys.clientEphemeralPrivate,
            nonce: FuzzKeys.nonce
        )
        var channel = ChannelState.pending(expiresAt: HandshakeFuzz.now)
        let acceptance = try! CoreHandshake.accept(
            frame: handshake,
            coreStaticPrivate: FuzzKeys.coreStaticPrivate,
            channel: &channel,
            now: HandshakeFuzz.now,
            serverEphemeralPrivate: FuzzKeys.serverEphemeralPrivate,
            ackNonce: FuzzKeys.nonce
        )
        let devicePublic = Base64URL.encode(FuzzKeys.devicePublic)
        let clientEphemeralPublic = Base64URL.encode(FuzzKeys.clientEphemeralPublic)
        let serverEphemeralPublic = Base64URL.encode(X25519.publicKey(privateKey: FuzzKeys.serverEphemeralPrivate))
        let handshakeJSON =
            #"{"device_pubkey":"\#(devicePublic)","client_ephemeral_pubkey":"\#(clientEphemeralPublic)"}"#
        let ackJSON = #"{"kind":"handshake_ack","server_ephemeral_pubkey":"\#(serverEphemeralPublic)"}"#
        let payloads = ["http://192.168.1.5:7788/rpc", "http://[fe80::1:2.3.4.5]:7788/rpc"].map {
            PairingPayload(
                channelID: "ch_123",
                pairingToken: "tok+abc/é",
                corePublicKey: FuzzKeys.corePublic,
                rpcURL: $0,
                expiresAt: 1_790_000_000
            )
        }
        return [
            [0x00] + (try! device.seal(Array("hello".utf8), nonce: FuzzKeys.nonce)),
            [0x80] + (0..<30).map { UInt8($0 % 7) },
            [0x01] + handshake,
            [0x81] + Array(handshakeJSON.utf8),
            [0x02] + acceptance.ack,
            [0x82] + Array(ackJSON.utf8),
            [0x04] + Array(Base64URL.encode(FuzzKeys.corePublic).utf8),
            // A first pairing (handshake of round 2, its frame, the user's yes, a request), then
            // a reconnection (round 4) and a rejection attempt on the paired channel.
            [0x05, 0, 2, 1, 2, 3, 1, 1, 2, 0, 4, 1, 4, 4, 1],
            [0x06]
                + Array(
                    #"{"requestId":"a","kind":"request","seq":0,"payload":{"method":"openhuman.ping","params":{}}}"#
                        .utf8
                )
                + [0x00]
                + Array(#"{"requestId":"b","kind":"chunk","seq":0,"total":1,"data":"eyJyZXF1ZXN0SWQiOiJiIn0="}"#.utf8),
            [0x08] + (try! v3Device.send(Array("hello".utf8), now: 0))[0],
            // Forward, back, a repeat, fragments of two ids and a whole record between them.
            [0x88, 0, 1, 0x00, 7, 0, 2, 0x40, 0, 0, 3, 0x41, 0, 2, 0x80, 0x00, 0, 0, 4, 0x40, 1, 0, 1, 0x00, 9],
        ] + payloads.map { [0x03] + Array(try! PairingPayloadEncoder.encode($0).utf8) }
            + payloads.map {
                [0x07]
                    + Array(
                        try! PairingPayloadV3Encoder.encode(
                            PairingPayloadV3(fields: $0, pairingSecret: Array(0..<16))
                        ).utf8
                    )
            }
    }

    /// Writes the seeds as `DIR/seed-N`; false when a file cannot be written.
    static func write(to directory: String) -> Bool {
        for (index, seed) in all().enumerated() {
            guard let file = fopen("\(directory)/seed-\(index)", "wb") else { return false }
            let written = fwrite(seed, 1, seed.count, file)
            guard fclose(file) == 0, written == seed.count else { return false }
        }
        return true
    }
}
