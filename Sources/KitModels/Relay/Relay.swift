/// The reference relay of spec/12-signalling.md as a pure value: each `step` takes one event of
/// one connection at one time and returns the events the relay sends, in order. No clock, no
/// randomness, no I/O, so the same steps give the same emissions everywhere (the adapter
/// operation `relay`, kit chapter 2) and a Socket.IO server only has to carry them.
public struct Relay: Sendable {
    let limits: RelayLimits
    var channels: [String: RelayChannel] = [:]
    var connections: [String: RelayConnection] = [:]

    public init(limits: RelayLimits = .standard) {
        self.limits = limits
    }

    /// Runs one event. `account` is what the relay's socket authentication established for the
    /// connection (12.1), nil for a device. `now` is the relay's Unix time in seconds.
    public mutating func step(
        connection: String,
        account: String?,
        event: RelayInbound,
        now: Int64
    ) -> [RelayEmission] {
        var outcome = RelayOutcome(connection: connection)
        switch event {
        case .register(let channelID, let pairingToken):
            register(&outcome, account: account, channelID: channelID, pairingToken: pairingToken, now: now)
        case .connectCore(let channelID):
            connectCore(&outcome, account: account, channelID: channelID)
        case .connectWithPairingToken(let channelID, let pairingToken, let newCredential):
            connectDevice(
                &outcome,
                channelID: channelID,
                now: now,
                proof: .pairingToken(pairingToken, newCredential: newCredential)
            )
        case .connectWithCredential(let channelID, let credential):
            connectDevice(&outcome, channelID: channelID, now: now, proof: .credential(credential))
        case .frame(let channelID, let payload):
            forward(&outcome, channelID: channelID, payload: payload, now: now)
        case .revoke(let channelID):
            revoke(&outcome, channelID: channelID)
        case .sessionLost(let channelID):
            sessionLost(&outcome, channelID: channelID)
        case .disconnect:
            disconnect(&outcome)
        case .invalid:
            outcome.refuse(.badRequest, channelID: nil)
        }
        return outcome.emissions
    }

    /// The channel `connection` joined in `role`, if it did.
    func member(_ connection: String, of channelID: String) -> RelayRole? {
        connections[connection]?.joined[channelID]
    }

    /// Attaches `connection` to `channelID` in `role`.
    mutating func attach(_ connection: String, to channelID: String, as role: RelayRole) {
        channels[channelID]?.members[role] = connection
        connections[connection, default: RelayConnection()].joined[channelID] = role
    }

    /// Detaches `connection` from `channelID` (eviction, revocation, disconnection).
    mutating func detach(_ connection: String, from channelID: String) {
        if let role = connections[connection]?.joined.removeValue(forKey: channelID),
            channels[channelID]?.members[role] == connection
        {
            channels[channelID]?.members[role] = nil
        }
        connections[connection]?.rate[channelID] = nil
    }
}

/// The emissions of one step. A refusal is sent only to the refusing connection (RELAY-17).
struct RelayOutcome {
    let connection: String
    var emissions: [RelayEmission] = []

    mutating func send(_ event: RelayOutbound, to target: String) {
        emissions.append(RelayEmission(connection: target, event: event))
    }

    mutating func refuse(_ code: RelayErrorCode, channelID: String?) {
        send(.error(code, channelID: channelID), to: connection)
    }
}
