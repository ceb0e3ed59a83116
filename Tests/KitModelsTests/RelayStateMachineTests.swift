import Testing

@testable import KitModels
@testable import TunnelCrypto

/// The reference relay (spec/12-signalling.md) attacked directly: stolen pairing tokens, a
/// credential from elsewhere, revocation and refusals that must change nothing.
@Suite struct RelayStateMachineTests {
    static let now: Int64 = 1_790_000_000
    static let token = "ptAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", credential = "dcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

    /// A relay with channel chA registered by alice's core, which joined it.
    static func registered() -> Relay {
        var relay = Relay()
        _ = relay.step(
            connection: "core",
            account: "alice",
            event: .register(channelID: "chA", pairingToken: token),
            now: now
        )
        _ = relay.step(connection: "core", account: "alice", event: .connectCore(channelID: "chA"), now: now)
        return relay
    }

    static func pair(
        _ relay: inout Relay,
        _ connection: String,
        token: String = token,
        at time: Int64 = now + 1
    ) -> [RelayEmission] {
        relay.step(
            connection: connection,
            account: nil,
            event: .connectWithPairingToken(channelID: "chA", pairingToken: token, newCredential: credential),
            now: time
        )
    }

    /// The first device to use a token wins; a second, with the same token a moment later, gets
    /// pairing_token_used and is not joined: the frames still go to the first.
    // REQ: RELAY-2, RELAY-17
    @Test func aStolenPairingTokenIsRefusedAfterTheFirstUse() {
        var relay = Self.registered()
        let first = Self.pair(&relay, "phone")
        #expect(
            first.first
                == RelayEmission(
                    connection: "phone",
                    event: .connected(channelID: "chA", role: .device, credential: Self.credential)
                )
        )
        let second = Self.pair(&relay, "thief")
        #expect(second == [RelayEmission(connection: "thief", event: .error(.pairingTokenUsed, channelID: "chA"))])
        let frame = relay.step(
            connection: "core",
            account: "alice",
            event: .frame(channelID: "chA", payload: "AQ"),
            now: Self.now + 2
        )
        #expect(frame == [RelayEmission(connection: "phone", event: .frame(channelID: "chA", payload: "AQ"))])
    }

    /// The relay keeps digests of the token and the credential, never the values (RELAY-3), and
    /// revocation erases both.
    // REQ: RELAY-3, RELAY-15
    @Test func secretsAreKeptAsDigestsAndErasedOnRevocation() {
        var relay = Self.registered()
        _ = Self.pair(&relay, "phone")
        let channel = relay.channels["chA"]
        #expect(channel?.pairingTokenDigest == SHA256.hash(Array(Self.token.utf8)))
        #expect(channel?.credentialDigest == SHA256.hash(Array(Self.credential.utf8)))
        _ = relay.step(connection: "core", account: "alice", event: .revoke(channelID: "chA"), now: Self.now + 2)
        #expect(relay.channels["chA"]?.pairingTokenDigest == nil)
        #expect(relay.channels["chA"]?.credentialDigest == nil)
        #expect(relay.channels["chA"]?.members.isEmpty == true)
    }

    /// A wrong token, an expired one and an unknown channel change nothing: the right token
    /// still pairs at the expiry second afterwards.
    // REQ: RELAY-2, RELAY-5, RELAY-17
    @Test func refusedConnectsChangeNoState() {
        var relay = Self.registered()
        #expect(
            Self.pair(&relay, "x", token: "ptBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB").map(\.event) == [
                .error(.badCredential, channelID: "chA")
            ]
        )
        #expect(
            Self.pair(&relay, "x", at: Self.now + 601).map(\.event) == [.error(.pairingTokenExpired, channelID: "chA")]
        )
        #expect(relay.channels["chA"]?.pairingTokenUsed == false)
        #expect(relay.connections["x"] == nil)
        // Control: the right token at the expiry second itself.
        #expect(
            Self.pair(&relay, "phone", at: Self.now + 600).first?.event
                == .connected(channelID: "chA", role: .device, credential: Self.credential)
        )
    }

    /// A payload is counted in characters, not UTF-8 bytes: 65,536 two-byte characters are
    /// forwarded unread, one more is frame_too_large.
    // REQ: RELAY-11, RELAY-12
    @Test func thePayloadLimitCountsCharacters() {
        var relay = Self.registered()
        _ = Self.pair(&relay, "phone")
        let wide = String(repeating: "é", count: 65_536)
        #expect(
            relay.step(
                connection: "phone",
                account: nil,
                event: .frame(channelID: "chA", payload: wide),
                now: Self.now + 2
            )
                == [RelayEmission(connection: "core", event: .frame(channelID: "chA", payload: wide))]
        )
        #expect(
            relay.step(
                connection: "phone",
                account: nil,
                event: .frame(channelID: "chA", payload: wide + "é"),
                now: Self.now + 2
            )
                == [RelayEmission(connection: "phone", event: .error(.frameTooLarge, channelID: "chA"))]
        )
    }
}
