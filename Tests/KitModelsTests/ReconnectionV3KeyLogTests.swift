import KitModels
import OpenHumanTunnel
import Testing
import TunnelCrypto

/// A version 3 reconnection's key log line (kit chapter 3, KEYLOG-13) on the worked example of
/// wire spec 13.5.4: one `V3_TRANSPORT` named by `r_device_ephemeral_public`, the Split() keys,
/// the same from the device and the core, and none for a message the side refused.
@Suite struct ReconnectionV3KeyLogTests {
    static func hex(_ text: String) -> [UInt8] { Hex.decode(text)! }

    static let channelID = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    static let deviceStatic = hex("7128c3aa4030d089713fd6f8f23ee45178bd12a8b13eb173122a4684ccacc0ef")
    static let coreStatic = hex("048d0d4c540a787e0aac9f63c2f102ab576f7a64aef5585928257d6a100dc06d")
    static let reconnectPsk = hex("524078993072efb2e2540c7cc3df04866d210defa982394c63abcc7b8eca1151")
    static let deviceEphemeral = hex("cd44293af3a004ecc54bc690bce0b5c72500b0362611f33a8f5e9c1e2d167385")
    static let coreEphemeral = hex("5f9e7769beb7b614cdc50a6305e7ccf9217bef8549d2d16727d3f852fabe2331")
    static let messageOne = hex(
        "13604bd6fb6d7a3e6a937d960da41a93cf55f7bb6e86a1a2a9af42fa7222ecd931bca2dfe39bc9319bb14eda90de5a017a"
    )
    static let messageTwo = hex(
        "14071744f4d26986567c5ea94284773dfc08df9ee60ffa080f11aa199b02f06d09d6a4620d3159d0c509267e4784beccfa"
    )
    /// `V3_TRANSPORT r_device_ephemeral_public r_k_device_to_core ‖ r_k_core_to_device`.
    static let expected =
        "V3_TRANSPORT 604bd6fb6d7a3e6a937d960da41a93cf55f7bb6e86a1a2a9af42fa7222ecd931 "
        + "7ee78e6503dffed2c372205646f008c2b8e0b595028d39778329704ace0d03d4"
        + "cab7c6c7091f0d481d1609c617989b35772a6b3b1ff6fc5d8b6f3fbd5685c2fe\n"

    static func device(_ messageTwo: [UInt8]) -> [KeyLogEntry] {
        ReconnectionV3KeyLogLines.device(
            corePublic: X25519.publicKey(privateKey: coreStatic),
            channelID: channelID,
            deviceStaticPrivate: deviceStatic,
            deviceEphemeralPrivate: deviceEphemeral,
            reconnectPsk: reconnectPsk,
            acceptedMessageTwo: messageTwo
        )
    }

    static func core(_ messageOne: [UInt8]) -> [KeyLogEntry] {
        ReconnectionV3KeyLogLines.core(
            coreStaticPrivate: coreStatic,
            channelID: channelID,
            devicePublic: X25519.publicKey(privateKey: deviceStatic),
            reconnectPsk: reconnectPsk,
            messageOne: messageOne,
            coreEphemeralPrivate: coreEphemeral
        )
    }

    static func flipped(_ message: [UInt8]) -> [UInt8] {
        var copy = message
        copy[copy.count - 1] ^= 0x01
        return copy
    }

    // REQ: KEYLOG-13
    @Test func theDeviceAndTheCoreLogTheWorkedExamplesSplitKeysNamedByItsE() throws {
        #expect(Self.device(Self.messageTwo).map(\.line) == [Self.expected])
        #expect(Self.core(Self.messageOne).map(\.line) == [Self.expected])
    }

    // REQ: KEYLOG-13, KEYLOG-2
    @Test func aSideLogsNothingForAMessageItRefuses() throws {
        #expect(Self.device(Self.flipped(Self.messageTwo)) == [])
        #expect(Self.core(Self.flipped(Self.messageOne)) == [])
        // Positive control: the genuine messages log their line.
        #expect(Self.device(Self.messageTwo).count == 1)
        #expect(Self.core(Self.messageOne).count == 1)
    }

    // REQ: KEYLOG-11
    @Test func theLineHoldsNoPrivateKeyAndNotThePsk() throws {
        let line = Self.expected
        for secret in [Self.deviceStatic, Self.coreStatic, Self.deviceEphemeral, Self.coreEphemeral, Self.reconnectPsk]
        {
            #expect(!line.contains(Hex.encode(secret)))
        }
        // Positive control: the search finds what the line does hold.
        #expect(line.contains(Hex.encode(Array(Self.messageOne[1..<33]))))
    }
}
