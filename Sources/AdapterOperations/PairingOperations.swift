import OpenHumanTunnel
import VectorFormat

/// qr-encode and qr-parse (spec/08-pairing-payload.md, section 8.8).
extension Operations {
    /// `exp` and `now`, 0 to 2^53 - 1 (ADP-30).
    private func safeNatural(_ input: RequestInput, _ name: String) throws(BadRequest) -> UInt64 {
        UInt64(try input.safeNatural(name, maximum: implementation.largestInputInteger))
    }

    func qrEncode(_ input: RequestInput) throws -> JSONValue {
        let payload = PairingPayload(
            channelID: try input.string("cid"),
            pairingToken: try input.string("pt"),
            corePublicKey: try input.bytes("cpk"),
            rpcURL: input.isAbsent("rpc") ? nil : try input.string("rpc"),
            expiresAt: try safeNatural(input, "exp")
        )
        return .object(["payload": .string(try implementation.pairingEncode(payload))])
    }

    func qrParse(_ input: RequestInput) throws -> JSONValue {
        let text = try input.string("payload")
        let parsed = try implementation.pairingParse(Array(text.utf8), now: try safeNatural(input, "now"))
        return .object([
            "cid": .string(parsed.channelID), "pt": .string(parsed.pairingToken), "cpk": .hex(parsed.corePublicKey),
            "rpc": parsed.rpcURL.map(JSONValue.string) ?? .null, "exp": .int(Int64(parsed.expiresAt)),
        ])
    }
}
