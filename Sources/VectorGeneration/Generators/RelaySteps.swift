import VectorFormat

/// Builders of `relay` steps (kit chapter 2, ADP-70) for the relay vectors: one function per
/// event, with the fixed account, channel ids, tokens and credentials the vectors use.
enum RelaySteps {
    static let account = "alice"
    static let otherAccount = "mallory"
    static let start: Int64 = 1_790_000_000

    /// A channel id and its pairing token and device credential, all well formed (12.1).
    struct Channel {
        let id: String
        let token: String
        let credential: String

        static let a = Channel(
            id: "chA",
            token: "ptAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            credential: "dcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        )
        static let b = Channel(
            id: "chB",
            token: "ptBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            credential: "dcBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
        )
    }

    private static func step(
        _ connection: String,
        _ event: String,
        _ data: JSONValue?,
        now: Int64,
        account: String? = nil,
        mint: JSONValue? = nil
    ) -> JSONValue {
        var members: [String: JSONValue] = [
            "connection": .string(connection), "event": .string(event), "now": .int(now),
        ]
        if let data { members["data"] = data }
        if let account { members["account"] = .string(account) }
        if let mint { members["mint"] = mint }
        return .object(members)
    }

    static func register(_ connection: String, _ channel: Channel, now: Int64, account: String? = account) -> JSONValue
    {
        step(
            connection,
            "tunnel:register",
            ["role": "core"],
            now: now,
            account: account,
            mint: ["channelId": .string(channel.id), "pairingToken": .string(channel.token)]
        )
    }

    static func connectCore(
        _ connection: String,
        _ channelID: String,
        now: Int64,
        account: String? = account
    ) -> JSONValue {
        step(
            connection,
            "tunnel:connect",
            ["channelId": .string(channelID), "role": "core"],
            now: now,
            account: account
        )
    }

    /// The device's first connect; `mintFor` is the channel whose credential the relay mints.
    static func pair(
        _ connection: String,
        _ channelID: String,
        token: String,
        mintFor channel: Channel,
        now: Int64
    ) -> JSONValue {
        step(
            connection,
            "tunnel:connect",
            ["channelId": .string(channelID), "role": "client", "pairingToken": .string(token)],
            now: now,
            mint: ["deviceCredential": .string(channel.credential)]
        )
    }

    static func pair(_ connection: String, _ channel: Channel, now: Int64) -> JSONValue {
        pair(connection, channel.id, token: channel.token, mintFor: channel, now: now)
    }

    static func reconnect(_ connection: String, _ channelID: String, credential: String, now: Int64) -> JSONValue {
        step(
            connection,
            "tunnel:connect",
            ["channelId": .string(channelID), "role": "client", "deviceCredential": .string(credential)],
            now: now
        )
    }

    static func frame(_ connection: String, _ channelID: String, _ payload: String, now: Int64) -> JSONValue {
        step(connection, "tunnel:frame", ["channelId": .string(channelID), "payload": .string(payload)], now: now)
    }

    static func revoke(_ connection: String, _ channelID: String, now: Int64) -> JSONValue {
        step(connection, "tunnel:revoke", ["channelId": .string(channelID)], now: now)
    }

    static func sessionLost(_ connection: String, _ channelID: String, now: Int64) -> JSONValue {
        step(connection, "tunnel:session-lost", ["channelId": .string(channelID)], now: now)
    }

    static func disconnect(_ connection: String, now: Int64) -> JSONValue {
        step(connection, "disconnect", nil, now: now)
    }

    static func raw(_ connection: String, _ event: String, _ data: JSONValue, now: Int64) -> JSONValue {
        step(connection, event, data, now: now)
    }

    /// Channel a registered and joined by `core` and paired by `device` at `start + 1`.
    static func paired(_ channel: Channel = .a, core: String = "core", device: String = "phone") -> [JSONValue] {
        [
            register(core, channel, now: start), connectCore(core, channel.id, now: start),
            pair(device, channel, now: start + 1),
        ]
    }
}
