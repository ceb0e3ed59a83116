import Foundation
import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Section 13.5 of spec/13-handshake-v3.md, the worked example of version 3's Noise pairing
/// and reconnection, is true: every value it prints is the from-the-spec trace's
/// (`NoiseWorkedExample`), the trace's messages, hashes and keys are the library's, and its inputs
/// and messages are those of the vectors the section names. A changed digit is reported.
@Suite struct NoiseWorkedExampleTests {
    static func section() throws -> String {
        NoiseWorkedExampleChapter.section(of: try String(contentsOf: NoiseWorkedExampleChapter.url, encoding: .utf8))
    }

    // REQ: V3-NOISE-1, V3-PRO-1, V3-PSK-1, V3-COMMIT-1, V3-SAS-1, V3-PSK-2
    @Test func section13_5PrintsTheTracedValues() throws {
        let discrepancies = try NoiseWorkedExampleChapter().discrepancies(in: try Self.section())
        for discrepancy in discrepancies { Issue.record("spec 13.5: \(discrepancy)") }
        #expect(discrepancies.isEmpty)
    }

    /// Positive control: one digit changed in a printed value, in a table row or in the code is
    /// reported, naming what changed, and nothing else is.
    // REQ: V3-NOISE-1, V3-SAS-1
    @Test func oneChangedDigitIsReported() throws {
        let chapter = try NoiseWorkedExampleChapter()
        let section = try Self.section()
        // Each marker is followed by a digit: of the value, of the row's `h`, of the code.
        for (marker, reported) in [
            ("m1_ss_ck  (32 bytes)\n", "m1_ss_ck"), ("| 1 | `ss` | `MixKey(DH(s_D, s_C))` | `", "these rows differ"),
            ("that is **", "print: "),
        ] {
            let digit = try #require(section.range(of: marker)).upperBound
            var changed = section
            changed.replaceSubrange(digit...digit, with: section[digit] == "0" ? "1" : "0")
            let found = chapter.discrepancies(in: changed)
            #expect(found.count == 1 && found.first?.contains(reported) == true, "after \(marker): \(found)")
        }
        let withoutHeader = section.replacingOccurrences(of: "m1_ss_ck  (32 bytes)\n", with: "")
        #expect(chapter.discrepancies(in: withoutHeader).contains { $0.contains("m1_ss_ck") })
    }

    /// The library's parties, run on the example's inputs, write the trace's messages and end
    /// with its `h` and transport keys; `PairingV3` derives its prologue, psks, commitment and code.
    // REQ: V3-NOISE-1, V3-PRO-1, V3-PSK-1, V3-COMMIT-1, V3-SAS-1, V3-PSK-2
    @Test func theLibraryComputesWhatTheTraceComputes() throws {
        let e = NoiseWorkedExample.self
        let pairing = try e.pairing()
        let h = pairing.handshakeHash
        #expect(PairingV3.prologue(channelID: e.channelID) == e.prologue)
        #expect(PairingV3.psk(pairingSecret: e.pairingSecret, channelID: e.channelID) == e.psk)
        #expect(PairingV3.commitment(deviceNonce: e.deviceNonce) == e.commitment)
        #expect(
            PairingV3.code(handshakeHash: h, deviceNonce: e.deviceNonce, coreNonce: e.coreNonce)
                == e.code(e.codeKeyMaterial(pairing))
        )
        #expect(
            PairingV3.reconnectPsk(handshakeHash: h, deviceNonce: e.deviceNonce, coreNonce: e.coreNonce)
                == e.reconnectPsk(pairing)
        )
        try Self.expectTheLibraryRuns(
            .ikpsk1,
            like: pairing,
            device: e.device,
            core: e.core,
            psk: e.psk,
            payloads: [e.commitment, e.coreNonce, e.deviceNonce]
        )
        try Self.expectTheLibraryRuns(
            .kkpsk2,
            like: try e.reconnection(pairing),
            device: e.reconnectingDevice,
            core: e.reconnectingCore,
            psk: e.reconnectPsk(pairing),
            payloads: e.reconnectionPayloads
        )
    }

    /// The section's vectors: their inputs are the example's, derived from its label, and their
    /// messages, `h` and keys the trace's.
    // REQ: V3-NOISE-1, V3-PRO-1, V3-PSK-1, V3-COMMIT-1, V3-SAS-1, V3-PSK-2
    @Test func theVectorsAreTheExample() throws {
        let e = NoiseWorkedExample.self
        let pairing = try e.pairing()
        let reconnection = try e.reconnection(pairing)
        for (id, trace, device, core, psk, payloads) in [
            ("ikpsk1-pairing", pairing, e.device, e.core, e.psk, [e.commitment, e.coreNonce, e.deviceNonce]),
            (
                "kkpsk2-reconnection", reconnection, e.reconnectingDevice, e.reconnectingCore, e.reconnectPsk(pairing),
                e.reconnectionPayloads
            ),
        ] {
            let vector = try VectorFileEntry(file: "noise-handshake.json", id: "noise-handshake/" + id)
            #expect(vector.input["prologue"] as? String == Hex.encode(e.prologue), "\(id)")
            #expect(vector.input["psk"] as? String == Hex.encode(psk), "\(id)")
            #expect(vector.input["initiatorStatic"] as? String == Hex.encode(device.staticPrivate), "\(id)")
            #expect(vector.input["initiatorEphemeral"] as? String == Hex.encode(device.ephemeralPrivate), "\(id)")
            #expect(vector.input["responderStatic"] as? String == Hex.encode(core.staticPrivate), "\(id)")
            #expect(vector.input["responderEphemeral"] as? String == Hex.encode(core.ephemeralPrivate), "\(id)")
            #expect(vector.input["payloads"] as? [String] == payloads.map(Hex.encode), "\(id)")
            #expect(vector.expected["messages"] as? [String] == trace.messages.map(Hex.encode), "\(id)")
            #expect(vector.expected["handshakeHash"] as? String == Hex.encode(trace.handshakeHash), "\(id)")
            let keys = vector.expected["transportKeys"] as? [String: String]
            #expect(keys?["initiatorToResponder"] == Hex.encode(trace.transportKeys.initiatorToResponder), "\(id)")
            #expect(keys?["responderToInitiator"] == Hex.encode(trace.transportKeys.responderToInitiator), "\(id)")
        }
        let values = try VectorFileEntry(file: "pairing-v3.json", id: "pairing-v3/worked-example")
        #expect(values.input["cid"] as? String == e.channelID)
        #expect(values.input["pairingSecret"] as? String == Hex.encode(e.pairingSecret))
        #expect(values.input["deviceNonce"] as? String == Hex.encode(e.deviceNonce))
        #expect(values.input["coreNonce"] as? String == Hex.encode(e.coreNonce))
        #expect(values.input["handshakeHash"] as? String == Hex.encode(pairing.handshakeHash))
        #expect(values.expected["commitment"] as? String == Hex.encode(e.commitment))
        #expect(values.expected["code"] as? String == e.code(e.codeKeyMaterial(pairing)))
        #expect(values.expected["reconnectPsk"] as? String == Hex.encode(e.reconnectPsk(pairing)))
    }

    /// Both library parties through both messages and the transport messages, each compared
    /// with the trace as it is written; each reader gets the payload back.
    static func expectTheLibraryRuns(
        _ pattern: NoisePattern,
        like trace: NoiseTrace,
        device: NoiseTrace.Party,
        core: NoiseTrace.Party,
        psk: [UInt8],
        payloads: [[UInt8]]
    ) throws {
        var initiator = NoiseHandshakeState(
            pattern: pattern,
            role: .initiator,
            prologue: NoiseWorkedExample.prologue,
            staticPrivate: device.staticPrivate,
            ephemeralPrivate: device.ephemeralPrivate,
            remoteStatic: core.staticPublic,
            psk: psk
        )
        var responder = NoiseHandshakeState(
            pattern: pattern,
            role: .responder,
            prologue: NoiseWorkedExample.prologue,
            staticPrivate: core.staticPrivate,
            ephemeralPrivate: core.ephemeralPrivate,
            remoteStatic: pattern == .kkpsk2 ? device.staticPublic : nil,
            psk: psk
        )
        let first = try initiator.writeMessage(payload: payloads[0])
        #expect(first == trace.messages[0])
        #expect(try responder.readMessage(first) == payloads[0])
        let second = try responder.writeMessage(payload: payloads[1])
        #expect(second == trace.messages[1])
        #expect(try initiator.readMessage(second) == payloads[1])
        #expect(initiator.handshakeHash == trace.handshakeHash && responder.handshakeHash == trace.handshakeHash)
        var deviceTransport = initiator.split(), coreTransport = responder.split()
        #expect(deviceTransport.sendingKey == trace.transportKeys.initiatorToResponder)
        #expect(deviceTransport.receivingKey == trace.transportKeys.responderToInitiator)
        for (index, payload) in payloads.enumerated().dropFirst(2) {
            let message = try index % 2 == 0 ? deviceTransport.seal(payload) : coreTransport.seal(payload)
            #expect(message == trace.messages[index])
            #expect(try (index % 2 == 0 ? coreTransport.open(message) : deviceTransport.open(message)) == payload)
        }
    }

}
