import Foundation
import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Version 3's reconnection (spec/13-handshake-v3.md 13.8) through the library's two parties:
/// the worked example's values are its messages, the session commits on the confirmation and not
/// before, and no replay of an old message 1 ever commits or ends the live session.
@Suite struct ReconnectionV3Tests {
    private typealias E = NoiseWorkedExample
    /// The key confirmation 13.5.4 prints.
    private static let printedConfirmation = "70d7a768c271c1691c5b07d3aa44f9e5"

    private static func core(_ pairing: NoiseTrace) -> CoreReconnectionV3 {
        CoreReconnectionV3(
            coreStaticPrivate: E.core.staticPrivate,
            channelID: E.channelID,
            devicePublicKey: E.device.staticPublic,
            reconnectPsk: E.reconnectPsk(pairing)
        )
    }

    private static func device(_ pairing: NoiseTrace, ephemeral: [UInt8]) throws -> DeviceReconnectionV3 {
        try DeviceReconnectionV3(
            corePublicKey: E.core.staticPublic,
            channelID: E.channelID,
            deviceStaticPrivate: E.device.staticPrivate,
            deviceEphemeralPrivate: ephemeral,
            reconnectPsk: E.reconnectPsk(pairing)
        )
    }

    // REQ: V3-RECON-1, V3-RECON-2, V3-RECON-4, V3-NOISE-1
    @Test func theWorkedExampleIsAReconnectionOfThirteenFourteenAndItsConfirmation() throws {
        let pairing = try E.pairing()
        let trace = try E.reconnection(pairing)
        var device = try Self.device(pairing, ephemeral: E.reconnectingDevice.ephemeralPrivate)
        var core = Self.core(pairing)
        #expect(device.messageOne == [0x13] + trace.messages[0])
        let two = try #require(
            try core.receive(device.messageOne, now: 0, coreEphemeralPrivate: E.reconnectingCore.ephemeralPrivate).reply
        )
        #expect(two == [0x14] + trace.messages[1])
        let confirmation = try device.receive(two)
        #expect(confirmation == [0x15] + Hex.decode(Self.printedConfirmation)!)
        // The phone's session runs on the trace's transport keys: its first frame opens under them.
        var opener = SessionV3(
            role: .core,
            start: .reconnection,
            deviceToCore: trace.transportKeys.initiatorToResponder,
            coreToDevice: trace.transportKeys.responderToInitiator,
            startedAt: 0
        )
        #expect(try opener.receive(try device.send([7], now: 0)[0]) == [7])
        let chapter = try String(contentsOf: NoiseWorkedExampleChapter.url, encoding: .utf8)
        #expect(chapter.contains("`0x15 || \(Self.printedConfirmation)`"), "13.5.4 prints the confirmation")
        #expect(core.current == nil && core.pending?.handshakeHash == trace.handshakeHash)
        #expect(try core.receive(confirmation, now: 0, coreEphemeralPrivate: []) == .answered(nil))
        #expect(core.current?.handshakeHash == trace.handshakeHash && core.pending == nil)
    }

    /// The attack of 13.8: the relay keeps every message 1 it saw and sends each again later. The
    /// replays are refused or answered, but none commits and the live session stays; a positive
    /// control beside it shows that a fresh reconnection does commit.
    // REQ: V3-RECON-2, V3-RECON-3
    @Test func noReplayedMessageOneEverCommitsOrEndsTheLiveSession() throws {
        let pairing = try E.pairing()
        var core = Self.core(pairing)
        var recorded: [(one: [UInt8], confirmation: [UInt8])] = []
        for round in 0..<5 {
            var device = try Self.device(pairing, ephemeral: E.derived("replay-device-\(round)"))
            let two = try #require(
                try core.receive(
                    device.messageOne,
                    now: Int64(round) * 12,
                    coreEphemeralPrivate: E.derived("replay-core-\(round)")
                ).reply
            )
            let confirmation = try device.receive(two)
            _ = try core.receive(confirmation, now: Int64(round) * 12, coreEphemeralPrivate: [])
            recorded.append((device.messageOne, confirmation))
        }
        let live = try #require(core.current?.handshakeHash)
        var now: Int64 = 100
        for (index, old) in recorded.enumerated() {
            now += 12
            do {
                _ = try core.receive(old.one, now: now, coreEphemeralPrivate: E.derived("answer-\(index)"))
            } catch {
                #expect(error == .handshakeReplayed, "replay \(index)")
            }
            #expect(throws: TunnelError.authFailed) {
                try core.receive(old.confirmation, now: now, coreEphemeralPrivate: [])
            }
            #expect(core.current?.handshakeHash == live, "replay \(index) changed the session")
        }
        // Positive control: a genuine reconnection after the replays commits.
        now += 12
        var device = try Self.device(pairing, ephemeral: E.derived("after-replays"))
        let two = try #require(
            try core.receive(device.messageOne, now: now, coreEphemeralPrivate: E.derived("fresh")).reply
        )
        _ = try core.receive(try device.receive(two), now: now, coreEphemeralPrivate: [])
        #expect(core.current?.handshakeHash != live)
        #expect(core.pending == nil)
    }
}
