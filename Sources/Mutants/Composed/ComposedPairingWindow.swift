/// CLOCK-1's cap on the relay's expiry, with its mutants.
struct ComposedPairingWindow {
    let mutant: Mutant?

    func expiresAt(issuedAt: Int64, relayExpiresAtMilliseconds: Int64) -> Int64 {
        let relay = relayExpiresAtMilliseconds / 1000
        switch mutant {
        case .relayExpiryTrusted?: return relay
        case .pairingWindowCapOffByOne?: return min(relay, issuedAt + 601)
        default: return min(relay, issuedAt + 600)
        }
    }
}
