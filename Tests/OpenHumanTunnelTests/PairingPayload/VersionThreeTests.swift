import OpenHumanTunnel
import Testing

/// The version 3 payload (spec/08-pairing-payload.md 8.12) over seeded random values, beside the
/// vectors: what a phone that runs both versions reads, and what a version 2 phone reads of it.
@Suite("Version 3 payload")
struct VersionThreeTests {
    static let seeds: [UInt64] = [1, 2, 3]
    static let casesPerSeed = 200

    /// A random payload whose channel id the prologue carries (1 to 255 ASCII bytes).
    private static func versionThree(_ random: inout RandomPayloads, _ rng: inout SeededGenerator) -> PairingPayloadV3 {
        var fields = random.payload()
        let ascii = fields.channelID.unicodeScalars.filter(\.isASCII)
        fields.channelID = ascii.isEmpty ? "c" : String(String.UnicodeScalarView(ascii.prefix(255)))
        return PairingPayloadV3(fields: fields, pairingSecret: (0..<16).map { _ in UInt8(rng.below(256)) })
    }

    // REQ: QR3-ENC-1, QR3-ENC-2, QR3-PARSE-1, QR3-PARSE-2, QR3-PARSE-4
    @Test(arguments: seeds)
    func aVersionThreePayloadParsesBackToItsValueAndSecret(seed: UInt64) throws {
        var random = RandomPayloads(rng: SeededGenerator(seed: seed))
        var rng = SeededGenerator(seed: seed ^ 0xFF)
        for index in 0..<Self.casesPerSeed {
            let value = Self.versionThree(&random, &rng)
            let text = try PairingPayloadV3Encoder.encode(value)
            #expect(text.hasPrefix("openhuman://pair?v=3&cid="), "seed \(seed) case \(index)")
            let scanned = try PairingPayloadV3Parser.parse(bytes: Array(text.utf8), now: 0)
            #expect(scanned == .versionThree(value), "seed \(seed) case \(index): \(text)")
        }
    }

    // REQ: QR-PARSE-14, QR3-COMPAT-1
    @Test(arguments: seeds)
    func aVersionTwoConsumerReadsAVersionThreePayloadAsItsFiveFieldsWithoutTheSecret(seed: UInt64) throws {
        var random = RandomPayloads(rng: SeededGenerator(seed: seed))
        var rng = SeededGenerator(seed: seed ^ 0xFF)
        for index in 0..<Self.casesPerSeed {
            let value = Self.versionThree(&random, &rng)
            let text = try PairingPayloadV3Encoder.encode(value)
            #expect(try PairingPayloadParser.parse(text, now: 0) == value.fields, "seed \(seed) case \(index)")
        }
    }

    // REQ: QR3-PARSE-1
    @Test(arguments: seeds)
    func aPhoneThatRunsBothVersionsReadsEveryVersionTwoPayloadAsAVersionTwoPhoneDoes(seed: UInt64) throws {
        var random = RandomPayloads(rng: SeededGenerator(seed: seed))
        for index in 0..<Self.casesPerSeed {
            let value = random.payload()
            let text = try PairingPayloadEncoder.encode(value)
            let scanned = try PairingPayloadV3Parser.parse(bytes: Array(text.utf8), now: 0)
            #expect(scanned == .versionTwo(value), "seed \(seed) case \(index): \(text)")
        }
    }

    // REQ: QR3-PARSE-2
    @Test func theSecretWithoutTheVersionIsRefusedAndWithoutTheSecretTheSamePayloadIsVersionTwo() throws {
        let fields = PairingPayload(
            channelID: "ch",
            pairingToken: "t",
            corePublicKey: [9] + [UInt8](repeating: 0, count: 31),
            rpcURL: nil,
            expiresAt: 10
        )
        let text = try PairingPayloadV3Encoder.encode(PairingPayloadV3(fields: fields, pairingSecret: Array(0..<16)))
        let withoutVersion = text.replacing("?v=3&", with: "?")
        #expect(throws: PairingPayloadError.missingField("v")) {
            try PairingPayloadV3Parser.parse(bytes: Array(withoutVersion.utf8), now: 0)
        }
        let withoutEither =
            String(withoutVersion.prefix { $0 != "&" }) + "&pt=t&cpk="
            + Base64URL.encode(fields.corePublicKey) + "&exp=10"
        #expect(try PairingPayloadV3Parser.parse(bytes: Array(withoutEither.utf8), now: 0) == .versionTwo(fields))
    }
}
