import VectorFormat

/// The mutants of the adapter's own reading of a request (ADP-16, ADP-31), applied before the
/// operation runs: a decoder that refuses members it does not know (serde's
/// `deny_unknown_fields`, a strict JSON Schema), and one that takes an absent optional
/// `lastHandshakeEphemeral` for a missing required member.
enum RequestShapeMutant {
    /// Every member name some operation's input, step, `seal`, `open` or `channel` object defines.
    static let knownMembers: Set<String> = [
        "scalar", "u", "ikm", "salt", "info", "length", "key", "nonce", "aad", "plaintext", "ciphertext",
        "staticDh", "ephemeralDh", "clientEphemeralPublic", "serverEphemeralPublic", "role", "c2s", "s2c", "frame",
        "steps",
        "seal", "open", "corePublicKey", "deviceStaticPrivate", "handshakeEphemeralPrivate", "clientEphemeralPrivate",
        "coreStaticPrivate", "channel", "state", "expiresAt", "devicePublicKey", "lastHandshakeEphemeral", "now",
        "serverEphemeralPrivate", "ackNonce", "cid", "pt", "cpk", "rpc", "exp", "payload", "protocol",
    ]

    /// Why the mutant refuses `input`, or nil when it reads it as the reference does.
    static func refusal(_ mutant: Mutant, input: JSONValue?) -> String? {
        switch mutant {
        case .unknownInputMembersRefused:
            return unknownMember(in: input).map { "input: unknown member \($0)" }
        case .absentLastEphemeralRefused:
            guard case .object(let channel)? = input?["channel"], channel["state"] == .string("paired"),
                channel["lastHandshakeEphemeral"] == nil
            else { return nil }
            return "input.channel: lastHandshakeEphemeral is missing"
        default:
            return nil
        }
    }

    /// The first member name, at any depth, that no operation defines.
    private static func unknownMember(in value: JSONValue?) -> String? {
        switch value {
        case .object(let members)?:
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if !knownMembers.contains(name) { return name }
                if let inner = unknownMember(in: member) { return inner }
            }
            return nil
        case .array(let elements)?:
            return elements.lazy.compactMap { unknownMember(in: $0) }.first
        default:
            return nil
        }
    }
}
