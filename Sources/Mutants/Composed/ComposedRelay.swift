import KitModels

/// The reference relay with its mutants: limits one off, an eviction the replaced connection
/// never hears of, a pairing token that lets in every device that shows it, or frames to an
/// absent peer that are never counted.
struct ComposedRelay {
    let mutant: Mutant?

    private var limits: RelayLimits {
        let standard = RelayLimits.standard
        return switch mutant {
        case .relayTokenExpiryOffByOne?:
            RelayLimits(
                pairingLifetime: standard.pairingLifetime + 1,
                payloadCharacters: standard.payloadCharacters,
                framesPerSecond: standard.framesPerSecond,
                pendingChannels: standard.pendingChannels
            )
        case .relayPayloadLimitOffByOne?:
            RelayLimits(
                pairingLifetime: standard.pairingLifetime,
                payloadCharacters: standard.payloadCharacters - 1,
                framesPerSecond: standard.framesPerSecond,
                pendingChannels: standard.pendingChannels
            )
        case .relayRateLimitOffByOne?:
            RelayLimits(
                pairingLifetime: standard.pairingLifetime,
                payloadCharacters: standard.payloadCharacters,
                framesPerSecond: standard.framesPerSecond + 1,
                pendingChannels: standard.pendingChannels
            )
        case .relayPendingLimitOffByOne?:
            RelayLimits(
                pairingLifetime: standard.pairingLifetime,
                payloadCharacters: standard.payloadCharacters,
                framesPerSecond: standard.framesPerSecond,
                pendingChannels: standard.pendingChannels + 1
            )
        default: standard
        }
    }

    func run(_ steps: [RelayStep]) -> [[RelayEmission]] {
        switch mutant {
        case .relayEvictionUntold?:
            Relay.run(steps).map { step in step.filter { if case .evicted = $0.event { false } else { true } } }
        case .relayPairingTokenReusable?: runWithReusableTokens(steps)
        case .relayPeerOfflineUncounted?: runWithPeerOfflineUncounted(steps)
        default: Relay.run(steps, limits: limits)
        }
    }

    /// A relay that treats a frame answered `peer_offline` as a refusal that changes nothing: the
    /// relay is a value, so running the step on a copy and keeping the old state when the answer
    /// is `peer_offline` is exactly a relay that never counts those frames.
    private func runWithPeerOfflineUncounted(_ steps: [RelayStep]) -> [[RelayEmission]] {
        var relay = Relay()
        return steps.map { step in
            var trial = relay
            let emitted = trial.step(
                connection: step.connection,
                account: step.account,
                event: step.event,
                now: step.now
            )
            let peerOffline = emitted.contains { emission in
                if case .error(.peerOffline, _) = emission.event { true } else { false }
            }
            if !peerOffline { relay = trial }
            return emitted
        }
    }

    /// A relay that checks the token but not its single use: a device that shows a used token
    /// joins as the paired device did. A refusal changes nothing (RELAY-17), so letting the
    /// device in with the credential the first use minted is exactly that relay.
    private func runWithReusableTokens(_ steps: [RelayStep]) -> [[RelayEmission]] {
        var relay = Relay()
        var credentials: [String: String] = [:]
        return steps.map { step in
            var emitted = relay.step(
                connection: step.connection,
                account: step.account,
                event: step.event,
                now: step.now
            )
            if case .connectWithPairingToken(let channelID, _, _) = step.event,
                emitted.map(\.event) == [.error(.pairingTokenUsed, channelID: channelID)],
                let credential = credentials[channelID]
            {
                emitted = relay.step(
                    connection: step.connection,
                    account: nil,
                    event: .connectWithCredential(channelID: channelID, credential: credential),
                    now: step.now
                )
            }
            for emission in emitted {
                if case .connected(let channelID, _, let credential?) = emission.event {
                    credentials[channelID] = credential
                }
            }
            return emitted
        }
    }
}
