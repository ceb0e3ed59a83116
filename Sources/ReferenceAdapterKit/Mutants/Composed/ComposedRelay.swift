import OpenHumanTunnel

/// The reference relay with its mutants: limits one off, or an eviction the replaced connection
/// never hears of.
struct ComposedRelay {
    let mutant: Mutant?

    private var limits: RelayLimits {
        let standard = RelayLimits.standard
        return switch mutant {
        case .relayTokenExpiryOffByOne?:
            RelayLimits(pairingLifetime: standard.pairingLifetime + 1, payloadCharacters: standard.payloadCharacters,
                        framesPerSecond: standard.framesPerSecond)
        case .relayPayloadLimitOffByOne?:
            RelayLimits(pairingLifetime: standard.pairingLifetime, payloadCharacters: standard.payloadCharacters - 1,
                        framesPerSecond: standard.framesPerSecond)
        case .relayRateLimitOffByOne?:
            RelayLimits(pairingLifetime: standard.pairingLifetime, payloadCharacters: standard.payloadCharacters,
                        framesPerSecond: standard.framesPerSecond + 1)
        default: standard
        }
    }

    func run(_ steps: [RelayStep]) -> [[RelayEmission]] {
        let emitted = Relay.run(steps, limits: limits)
        guard mutant == .relayEvictionUntold else { return emitted }
        return emitted.map { step in
            step.filter { if case .evicted = $0.event { false } else { true } }
        }
    }
}
