import TunnelCrypto
import VectorFormat

/// `vectors/channel-keys.json`: one core key per channel (CHAN-KEY-1, CHAN-KEY-2, operation
/// `channel-keys`): a new channel with a key in use is refused; channels found sharing a key
/// are all revoked.
enum ChannelKeysVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "channel-keys",
            description:
                "A core creates no channel with a core key another channel uses, and revokes every channel of a key "
                + "it finds on more than one channel.",
            flags: [
                "Duplicate": Flag(
                    description: "Two channels share a core key.",
                    bug: "A shared key accepted, or only some of its channels revoked."
                ),
                "Valid": Flag(description: "Distinct keys: nothing refused or revoked.", bug: "False alarms."),
            ]
        )
        let id = file.id("keys")
        let keys = (0..<4).map {
            X25519.publicKey(privateKey: LabelDerived.privateKey(id: id, name: "core_static/\($0)"))
        }
        func channels(_ list: [(String, Int)]) -> JSONValue {
            .array(list.map { ["id": .string($0.0), "corePublicKey": .hex(keys[$0.1])] })
        }
        try file.add(
            "fresh-key-accepted",
            operation: "channel-keys",
            requirements: ["CHAN-KEY-1"],
            comment: "A candidate key no channel uses is accepted, and distinct keys revoke nothing.",
            flags: ["Valid"],
            input: ["channels": channels([("a", 0), ("b", 1)]), "candidate": .hex(keys[2])],
            expect: .output(["revoke": []])
        )
        try file.add(
            "candidate-in-use-refused",
            operation: "channel-keys",
            requirements: ["CHAN-KEY-1"],
            comment: "A candidate equal to the key of channel b is refused with duplicate_core_key.",
            flags: ["Duplicate"],
            input: ["channels": channels([("a", 0), ("b", 1)]), "candidate": .hex(keys[1])],
            expect: .error("duplicate_core_key")
        )
        try file.add(
            "candidate-of-revoked-channel-refused",
            operation: "channel-keys",
            requirements: ["CHAN-KEY-1"],
            comment: "The key of a revoked channel the core still holds is also in use: duplicate_core_key.",
            flags: ["Duplicate"],
            input: ["channels": channels([("revoked-a", 3)]), "candidate": .hex(keys[3])],
            expect: .error("duplicate_core_key")
        )
        try file.add(
            "shared-key-revokes-all",
            operation: "channel-keys",
            requirements: ["CHAN-KEY-2"],
            comment: "Channels a and c share a key: both are revoked, in input order; b is kept.",
            flags: ["Duplicate"],
            input: ["channels": channels([("a", 0), ("b", 1), ("c", 0)])],
            expect: .output(["revoke": ["a", "c"]])
        )
        try file.add(
            "three-sharing-revoked",
            operation: "channel-keys",
            requirements: ["CHAN-KEY-2"],
            comment: "Three channels share one key and a fourth another: the three are revoked, the first included.",
            flags: ["Duplicate"],
            input: ["channels": channels([("x", 2), ("y", 2), ("z", 1), ("w", 2)])],
            expect: .output(["revoke": ["x", "y", "w"]])
        )
        return try file.build()
    }
}
