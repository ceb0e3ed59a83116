import AdapterOperations
import OpenHumanTunnel
import VectorFormat

/// `vectors/pairing-v3.json`: the values version 3 derives around its Noise handshakes
/// (spec/13-handshake-v3.md): prologue, psk, commitment, code and reconnection psk.
enum PairingV3Vectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "pairing-v3",
            description: "The values of a version 3 pairing (pairing-v3-values): the prologue of the channel, the psk "
                + "from the QR secret, the device's commitment, the six-digit code and the reconnection psk, for the "
                + "worked example, the shortest and longest channel ids, and codes with leading zeros.",
            flags: [
                "Boundary": Flag(
                    description: "A channel id of 1 or 255 bytes, the bounds of its one-octet length.",
                    bug: "A length prefix of another width, or none, so two channels can share a prologue."
                ),
                "LeadingZeros": Flag(
                    description: "A code whose first digits are zeros.",
                    bug: "The code formatted as a number, losing its leading zeros."
                ),
            ]
        )
        let requirements = ["ADP-59", "V3-PRO-1", "V3-PSK-1", "V3-COMMIT-1", "V3-SAS-1", "V3-PSK-2"]
        let fixture = NoiseFixture(id: "noise-handshake/pairing")
        try file.add(
            "worked-example",
            operation: "pairing-v3-values",
            requirements: requirements,
            comment:
                "The values of noise-handshake/ikpsk1-pairing, chapter 13's worked example: its h, nonces and QR secret.",
            input: input(
                channelID: NoiseFixture.channelID,
                pairingSecret: fixture.pairingSecret,
                handshakeHash: try fixture.pairingHash(),
                deviceNonce: fixture.deviceNonce,
                coreNonce: fixture.coreNonce
            ),
            expect: .valid
        )
        for (name, channelID) in [("cid-1-byte", "A"), ("cid-255-bytes", String(repeating: "Z", count: 255))] {
            try file.add(
                name,
                operation: "pairing-v3-values",
                requirements: requirements,
                comment:
                    "A channel id of \(channelID.count) byte\(channelID.count == 1 ? "" : "s"): its length octet is \(channelID.count).",
                flags: ["Boundary"],
                input: derivedInput(id: file.id(name), channelID: channelID),
                expect: .valid
            )
        }
        for zeros in 1...2 {
            let name = "code-\(zeros)-leading-zero\(zeros == 1 ? "" : "s")"
            let (id, probe) = try firstInput(file: file, name: name) {
                $0.hasPrefix(String(repeating: "0", count: zeros))
            }
            try file.add(
                name,
                operation: "pairing-v3-values",
                requirements: ["ADP-59", "V3-SAS-1"],
                comment:
                    "The code \(probe.code) keeps its \(zeros) leading zero\(zeros == 1 ? "" : "s"): six ASCII digits, not a number.",
                flags: ["LeadingZeros"],
                input: derivedInput(id: id, channelID: NoiseFixture.channelID),
                expect: .valid
            )
        }
        return try file.build()
    }

    private static func input(
        channelID: String,
        pairingSecret: [UInt8],
        handshakeHash: [UInt8],
        deviceNonce: [UInt8],
        coreNonce: [UInt8]
    ) -> JSONValue {
        [
            "cid": .string(channelID), "pairingSecret": .hex(pairingSecret), "handshakeHash": .hex(handshakeHash),
            "deviceNonce": .hex(deviceNonce), "coreNonce": .hex(coreNonce),
        ]
    }

    private static func derivedValues(id: String, channelID: String) -> PairingV3Values {
        PairingV3Values(
            channelID: channelID,
            pairingSecret: LabelDerived.bytes(16, id: id, name: "ps"),
            handshakeHash: LabelDerived.bytes(32, id: id, name: "h"),
            deviceNonce: LabelDerived.bytes(32, id: id, name: "device-nonce"),
            coreNonce: LabelDerived.bytes(32, id: id, name: "core-nonce")
        )
    }

    private static func derivedInput(id: String, channelID: String) -> JSONValue {
        input(
            channelID: channelID,
            pairingSecret: LabelDerived.bytes(16, id: id, name: "ps"),
            handshakeHash: LabelDerived.bytes(32, id: id, name: "h"),
            deviceNonce: LabelDerived.bytes(32, id: id, name: "device-nonce"),
            coreNonce: LabelDerived.bytes(32, id: id, name: "core-nonce")
        )
    }

    /// The first label `<name>/<k>` whose code satisfies `accept`: a search over labels, so the
    /// vector's inputs stay label-derived and the same on every machine.
    private static func firstInput(
        file: VectorFileBuilder,
        name: String,
        accept: (String) -> Bool
    ) throws -> (String, PairingV3Values) {
        for attempt in 0..<100_000 {
            let id = file.id(name) + "/\(attempt)"
            let values = derivedValues(id: id, channelID: NoiseFixture.channelID)
            if accept(values.code) { return (id, values) }
        }
        throw GenerationError("\(name): no label gives such a code")
    }
}
