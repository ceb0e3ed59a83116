import OpenHumanTunnel

/// The requirement a handshake or ack plaintext breaks, from the library reader's error
/// (JSON-1 to JSON-7, ACK-2).
enum PlaintextRules {
    static func requirement(for error: TunnelError) -> String {
        switch error {
        case .badHandshakeJSON: "JSON-1"
        case .duplicateField: "JSON-2"
        case .missingField: "JSON-3"
        case .badFieldType: "JSON-4"
        case .badBase64URL, .badKeyLength: "JSON-6"
        default: "ACK-2"
        }
    }
}
