import AdapterOperations

/// The sub-ids of HS-4 and ACK-4 (HS-4-1 to HS-4-11, ACK-4-1 to ACK-4-7): every vector whose
/// answer is a handshake or ack rejection also names the check that rejects it, so each check
/// is covered by its own vectors (review finding F-28).
///
/// The check follows from the error code, except `low_order_key`, which three checks of HS-4 and
/// two of ACK-4 raise; the vector's name says which key is low order. A rejection no check
/// explains stops the generation instead of leaving the vector untagged.
enum HandshakeCheckIDs {
    private static let typeCodes: Set<String> = ["empty_frame", "legacy_frame", "unexpected_type", "unsupported_type"]
    private static let jsonCodes: Set<String> = [
        "bad_handshake_json", "duplicate_field", "missing_field", "bad_field_type",
        "bad_base64url", "bad_key_length",
    ]

    /// The sub-ids the answer of vector `id` names, in step order, without repeats.
    static func derived(operation: String, id: String, outcome: OperationOutcome) throws -> [String] {
        let codes: [String]
        switch (operation, outcome) {
        case ("handshake-core", .output(let output)):
            codes = output["steps"]?.arrayValue?.compactMap { $0["error"]?.stringValue } ?? []
        case ("handshake-device-finish", .error(let code)):
            codes = [code]
        default:
            return []
        }
        var seen: Set<String> = []
        return try codes.compactMap { code in
            let check = operation == "handshake-core" ? try coreCheck(code, id: id) : try ackCheck(code, id: id)
            return check.flatMap { seen.insert($0).inserted ? $0 : nil }
        }
    }

    private static func coreCheck(_ code: String, id: String) throws -> String? {
        if typeCodes.contains(code) { return "HS-4-1" }
        if jsonCodes.contains(code) { return "HS-4-7" }
        switch code {
        case "frame_too_short": return "HS-4-2"
        case "frame_too_large": return "HS-4-3"
        case "channel_revoked", "pairing_expired": return "HS-4-4"
        case "auth_failed": return "HS-4-6"
        case "unknown_device": return "HS-4-8"
        case "handshake_replayed": return "HS-4-9"
        case "low_order_key":
            if id.contains("hs-eph") { return "HS-4-5" }
            if id.contains("device-key") { return "HS-4-10" }
            if id.contains("client-ephemeral") { return "HS-4-11" }
        default: break
        }
        throw GenerationError(
            "\(id): no check of HS-4 raises \(code) (or the name does not say which key is low order)"
        )
    }

    private static func ackCheck(_ code: String, id: String) throws -> String? {
        if code == "bad_request" { return nil }
        if typeCodes.contains(code) { return "ACK-4-1" }
        if jsonCodes.contains(code) || code == "bad_field_value" { return "ACK-4-6" }
        switch code {
        case "frame_too_short": return "ACK-4-2"
        case "frame_too_large": return "ACK-4-3"
        case "auth_failed": return "ACK-4-5"
        case "low_order_key":
            if id.contains("core-key") { return "ACK-4-4" }
            if id.contains("server-ephemeral") { return "ACK-4-7" }
        default: break
        }
        throw GenerationError(
            "\(id): no check of ACK-4 raises \(code) (or the name does not say which key is low order)"
        )
    }
}
