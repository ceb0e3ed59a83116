import KitModels
import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Version 3's key log lines (kit chapter 3, KEYLOG-13) on the worked example of wire spec
/// 13.5: each secret is the example's intermediate value, device and core log the same lines,
/// and none is a secret the sides were given (KEYLOG-11).
@Suite struct PairingV3KeyLogTests {
    static func hex(_ text: String) -> [UInt8] { Hex.decode(text)! }

    static let channelID = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    static let pairingSecret = hex("892487b18f2a2af64d999d71097e2ef7")
    static let deviceStatic = hex("7128c3aa4030d089713fd6f8f23ee45178bd12a8b13eb173122a4684ccacc0ef")
    static let coreStatic = hex("048d0d4c540a787e0aac9f63c2f102ab576f7a64aef5585928257d6a100dc06d")
    static let deviceEphemeral = hex("2f60eb9142d8ef1a3a4dbbdc733770545b0dd710d328b146ec5e0fcaf53ceffd")
    static let coreEphemeral = hex("2915355fc897480bf8dbf8cefed779ca8961f5a93d4b5a3b2396303a88506d8c")
    static let deviceNonce = hex("d7bf228d27eb8071885142b05cd215ec57d26a58762f3c7145d7777933bc2a92")
    static let coreNonce = hex("6c3cdd8dc416e8998fe527c3bc655aad76ad5cce6be8eca7f6a0f1bfe980b898")

    /// 13.5.2's message 1 and message 2, each with its type octet.
    static func messages() throws -> (one: [UInt8], two: [UInt8]) {
        var core = CorePairingV3(
            coreStaticPrivate: coreStatic,
            channelID: channelID,
            pairingSecret: pairingSecret,
            expiresAt: 1_000
        )
        let device = try DevicePairingV3(
            corePublicKey: X25519.publicKey(privateKey: coreStatic),
            channelID: channelID,
            pairingSecret: pairingSecret,
            deviceStaticPrivate: deviceStatic,
            deviceEphemeralPrivate: deviceEphemeral,
            deviceNonce: deviceNonce
        )
        let two = try core.receive(device.messageOne, now: 0, coreEphemeralPrivate: coreEphemeral, coreNonce: coreNonce)
        return (device.messageOne, try #require(two.reply))
    }

    /// The lines 13.5's values give: m1_es_k, m1_psk_k ‖ m1_psk_h, m2_se_k, k_device_to_core ‖
    /// k_core_to_device, each named by device_ephemeral_public.
    static let expected = [
        "V3_M1_STATIC_KEY", "V3_M1_PAYLOAD", "V3_M2_PAYLOAD", "V3_TRANSPORT",
    ].map { "\($0) 4678131a3a977c452f748f86093b400631cd8e1da417b54002d5b71823d3195c " }
    static let secrets = [
        "85966e8c9b1987a8df0ab72441264cbaa7a28f1874a720e1a11dd7907ac64fd5",
        "5ef5fe6ea1de7481585651a36e2029521192a0de907ea1ac6723ff04798d3286"
            + "a86212991ae2212440b261cde517279719f1df657f426d173fdb658974ec3ed6",
        "d2a5cb6d15229e996c13cefefb4125cc4b8da54a7b75ba6d3d5f79e27dde08db",
        "db19c00370db98b579d947bfb2958318dd2621c43f08dde2b2d85f867d41dfe0"
            + "9795154a035e46429a9c1e46e0007b88bc812817af6eaeb0372214f1a0945375",
    ]

    static func deviceLines(acceptedMessageTwo: [UInt8]?) -> [KeyLogEntry] {
        PairingV3KeyLogLines.device(
            corePublic: X25519.publicKey(privateKey: coreStatic),
            channelID: channelID,
            pairingSecret: pairingSecret,
            deviceStaticPrivate: deviceStatic,
            deviceEphemeralPrivate: deviceEphemeral,
            deviceNonce: deviceNonce,
            acceptedMessageTwo: acceptedMessageTwo
        )
    }

    // REQ: KEYLOG-13
    @Test func theDevicesFourLinesAreTheWorkedExamplesIntermediateValues() throws {
        let lines = Self.deviceLines(acceptedMessageTwo: try Self.messages().two).map(\.line)
        #expect(lines == zip(Self.expected, Self.secrets).map { $0 + $1 + "\n" })
    }

    // REQ: KEYLOG-13, KEYLOG-4
    @Test func theCoreLogsTheSameLinesAsTheDevice() throws {
        let (one, two) = try Self.messages()
        let core = PairingV3KeyLogLines.core(
            coreStaticPrivate: Self.coreStatic,
            channelID: Self.channelID,
            pairingSecret: Self.pairingSecret,
            messageOne: one,
            messageTwo: two,
            coreEphemeralPrivate: Self.coreEphemeral
        )
        #expect(core == Self.deviceLines(acceptedMessageTwo: two))
        // Without its ephemeral key the core gives message 1's two lines only.
        let withoutEphemeral = PairingV3KeyLogLines.core(
            coreStaticPrivate: Self.coreStatic,
            channelID: Self.channelID,
            pairingSecret: Self.pairingSecret,
            messageOne: one,
            messageTwo: two,
            coreEphemeralPrivate: nil
        )
        #expect(withoutEphemeral.map(\.label) == [.pairingV3StaticKey, .pairingV3CommitmentKey])
    }

    // REQ: KEYLOG-13
    @Test func aDeviceWhoseMessageTwoWasNotAcceptedLogsMessageOnesLinesOnly() throws {
        var forged = try Self.messages().two
        forged[50] ^= 1
        #expect(
            Self.deviceLines(acceptedMessageTwo: forged).map(\.label) == [.pairingV3StaticKey, .pairingV3CommitmentKey]
        )
        #expect(Self.deviceLines(acceptedMessageTwo: nil).count == 2)
    }

    // REQ: KEYLOG-11
    @Test func noLineHoldsAKeyTheSidesWereGivenTheQRSecretOrThePsk() throws {
        let (one, two) = try Self.messages()
        let text = PairingV3KeyLogLines.core(
            coreStaticPrivate: Self.coreStatic,
            channelID: Self.channelID,
            pairingSecret: Self.pairingSecret,
            messageOne: one,
            messageTwo: two,
            coreEphemeralPrivate: Self.coreEphemeral
        ).map(\.line).joined()
        let psk = PairingV3.psk(pairingSecret: Self.pairingSecret, channelID: Self.channelID)
        let reconnect = PairingV3.reconnectPsk(
            handshakeHash: Self.hex("03f4f15f160b237a543272d1f088491f3b7156fefec2a41958759103b6b9d36a"),
            deviceNonce: Self.deviceNonce,
            coreNonce: Self.coreNonce
        )
        for secret in [
            Self.deviceStatic, Self.coreStatic, Self.deviceEphemeral, Self.coreEphemeral, Self.pairingSecret, psk,
            reconnect,
        ] {
            #expect(!text.contains(Hex.encode(secret)))
        }
        // Positive control: the search finds a secret that is there.
        #expect(text.contains(Self.secrets[2]))
    }
}
