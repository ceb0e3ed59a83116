import OpenHumanTunnel
import VectorFormat

/// qr-encode and qr-parse (spec/08-pairing-payload.md, section 8.8), and their version 3 forms
/// qr-encode-v3 and qr-parse-v3 (section 8.12.6).
extension Operations {
    /// `exp` and `now`, 0 to 2^53 - 1 (ADP-30).
    private func safeNatural(_ input: RequestInput, _ name: String) throws(BadRequest) -> UInt64 {
        UInt64(try input.safeNatural(name, maximum: implementation.largestInputInteger))
    }

    func qrEncode(_ input: RequestInput) throws -> JSONValue {
        .object(["payload": .string(try implementation.pairingEncode(try payloadFields(input)))])
    }

    func qrEncodeV3(_ input: RequestInput) throws -> JSONValue {
        let payload = PairingPayloadV3(fields: try payloadFields(input), pairingSecret: try input.bytes("ps"))
        return .object(["payload": .string(try implementation.pairingEncodeV3(payload))])
    }

    /// The five fields both producers take; `cpk` of any length is a protocol input (QR-ENC-7).
    private func payloadFields(_ input: RequestInput) throws -> PairingPayload {
        PairingPayload(
            channelID: try input.string("cid"),
            pairingToken: try input.string("pt"),
            corePublicKey: try input.bytes("cpk"),
            rpcURL: input.isAbsent("rpc") ? nil : try input.string("rpc"),
            expiresAt: try safeNatural(input, "exp")
        )
    }

    func qrParse(_ input: RequestInput) throws -> JSONValue {
        let text = try input.string("payload")
        let parsed = try implementation.pairingParse(Array(text.utf8), now: try safeNatural(input, "now"))
        return .object(Self.members(of: parsed))
    }

    /// The version read and the values; `ps` is `null` for version 2 (ADP-127).
    func qrParseV3(_ input: RequestInput) throws -> JSONValue {
        let text = try input.string("payload")
        switch try implementation.pairingParseV3(Array(text.utf8), now: try safeNatural(input, "now")) {
        case .versionTwo(let fields):
            return .object(Self.members(of: fields).merging(["v": .int(2), "ps": .null]) { $1 })
        case .versionThree(let payload):
            return .object(
                Self.members(of: payload.fields).merging(["v": .int(3), "ps": .hex(payload.pairingSecret)]) { $1 }
            )
        }
    }

    private static func members(of parsed: PairingPayload) -> [String: JSONValue] {
        [
            "cid": .string(parsed.channelID), "pt": .string(parsed.pairingToken), "cpk": .hex(parsed.corePublicKey),
            "rpc": parsed.rpcURL.map(JSONValue.string) ?? .null, "exp": .int(Int64(parsed.expiresAt)),
        ]
    }
}
