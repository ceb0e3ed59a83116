import OpenHumanTunnel

/// The argument rules of the events of wire spec 12.2 (SIG-1), over the trace's JSON tree: the
/// required members and their types; members not named are ignored, as SIG-1 asks of receivers.
enum RelayEventSchema {
    /// Nil when `data` fits the event's schema or the event is not one of 12.2's; otherwise the
    /// first member that does not fit.
    static func problem(event: String, data: JSONNode) -> String? {
        guard let members = required[event] else { return nil }
        guard case .object = data else { return "the argument is not an object" }
        for (name, rule) in members {
            guard let value = data.member(name) else { return "\(name) is missing" }
            guard rule.accepts(value) else { return "\(name) does not fit its schema" }
        }
        // tunnel:error's one optional member.
        if event == "tunnel:error", let channel = data.member("channelId"), !Rule.string.accepts(channel) {
            return "channelId does not fit its schema"
        }
        return nil
    }

    static func isKnown(_ event: String) -> Bool { required[event] != nil }

    private enum Rule {
        case channelID, string, bool
        case oneOf([String])

        func accepts(_ node: JSONNode) -> Bool {
            switch (self, node) {
            case (.channelID, .string(let text)):
                (1...128).contains(text.count) && text.allSatisfy(Self.isBase64URLCharacter)
            case (.string, .string): true
            case (.bool, .bool): true
            case (.oneOf(let words), .string(let text)): words.contains { Array($0.utf8) == text }
            default: false
            }
        }

        static func isBase64URLCharacter(_ c: UInt8) -> Bool {
            (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || (0x30...0x39).contains(c) || c == 0x2D
                || c == 0x5F
        }
    }

    private static let errorCodes = [
        "bad_request", "not_channel_owner", "unknown_channel", "channel_revoked", "bad_credential",
        "pairing_token_used",
        "pairing_token_expired", "already_joined", "not_joined", "frame_too_large", "rate_limited", "peer_offline",
        "peer_congested", "relay_unavailable",
    ]

    /// The members each event requires, in the order they are checked.
    private static let required: [String: [(String, Rule)]] = [
        "tunnel:register": [("role", .oneOf(["core"]))],
        "tunnel:connect": [("channelId", .channelID), ("role", .oneOf(["core", "client"]))],
        "tunnel:connected": [("channelId", .channelID), ("role", .oneOf(["core", "client"]))],
        "tunnel:frame": [("channelId", .channelID), ("payload", .string)],
        "tunnel:peer-status": [("channelId", .channelID), ("online", .bool)],
        "tunnel:evicted": [("channelId", .channelID), ("reason", .oneOf(["replaced"]))],
        "tunnel:revoke": [("channelId", .channelID)],
        "tunnel:revoked": [("channelId", .channelID)],
        "tunnel:session-lost": [("channelId", .channelID)],
        "tunnel:error": [("code", .oneOf(errorCodes))],
    ]
}
