import OpenHumanTunnel

/// The deployed producer's own example values, and helpers that build payload variants from them.
enum Fixtures {
    static let channelID = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    static let pairingToken = "tok_abc123"
    /// RFC 7748 section 6.1, Alice's public key (X25519 of Alice's private key
    /// 77076d0a...1db92c2a; checked with PyNaCl).
    static let alicePublicKey = Hex.decode("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")!
    static let alicePublicKeyText = "hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"
    static let rpcURL = "http://192.168.1.5:7788/rpc"
    static let expiresAt: UInt64 = 1_790_000_000
    /// A time before the example expires (2026-09-21T13:56:40Z, 1,000 s before `exp`).
    static let now: UInt64 = 1_789_999_000

    static let example = PairingPayload(
        channelID: channelID,
        pairingToken: pairingToken,
        corePublicKey: alicePublicKey,
        rpcURL: rpcURL,
        expiresAt: expiresAt
    )

    /// The example as the deployed producer serializes it (checked with Node 20's
    /// `"openhuman://pair?" + new URLSearchParams(...).toString()`): 172 octets.
    static let canonical =
        "openhuman://pair?cid=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&pt=tok_abc123"
        + "&cpk=hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"
        + "&rpc=http%3A%2F%2F192.168.1.5%3A7788%2Frpc&exp=1790000000"

    static let rawCID = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    static let rawPT = "tok_abc123"
    static let rawCPK = alicePublicKeyText
    static let rawRPC = "http%3A%2F%2F192.168.1.5%3A7788%2Frpc"
    static let rawExp = "1790000000"

    /// A payload with the example's raw (already encoded) values in canonical order; a nil
    /// argument leaves that parameter out. `extra` is appended verbatim after `&`.
    static func payload(
        prefix: String = "openhuman://pair?",
        cid: String? = rawCID,
        pt: String? = rawPT,
        cpk: String? = rawCPK,
        rpc: String? = rawRPC,
        exp: String? = rawExp,
        extra: String? = nil
    ) -> String {
        let fields: [(String, String?)] = [("cid", cid), ("pt", pt), ("cpk", cpk), ("rpc", rpc), ("exp", exp)]
        var parts = fields.compactMap { name, value in value.map { "\(name)=\($0)" } }
        if let extra { parts.append(extra) }
        return prefix + parts.joined(separator: "&")
    }

    /// The error that parsing `payload` at `now` raises, or nil when it is accepted.
    static func parseError(_ payload: String, now: UInt64 = now) -> PairingPayloadError? {
        do {
            _ = try PairingPayloadParser.parse(payload, now: now)
            return nil
        } catch {
            return error
        }
    }

    /// The error that encoding `value` raises, or nil when it is accepted.
    static func encodeError(_ value: PairingPayload) -> PairingPayloadError? {
        do {
            _ = try PairingPayloadEncoder.encode(value)
            return nil
        } catch {
            return error
        }
    }

    /// The example with one field changed.
    static func example(_ change: (inout PairingPayload) -> Void) -> PairingPayload {
        var value = example
        change(&value)
        return value
    }

    /// X25519 public keys that give an all-zero shared secret with every private key (libsodium's
    /// list; each checked with an RFC 7748 ladder in Python).
    static let lowOrderKeys: [String] = [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ]
}
