/// What flows through a joined channel: frames under the size and rate limits, revocation, the
/// session-lost signal, and disconnection (RELAY-10 to RELAY-16).
extension Relay {
    mutating func forward(_ outcome: inout RelayOutcome, channelID: String, payload: String, now: Int64) {
        guard let role = member(outcome.connection, of: channelID) else {
            return outcome.refuse(.notJoined, channelID: channelID)
        }
        // The length in characters is all the relay reads of a payload (RELAY-11, RELAY-12).
        guard payload.unicodeScalars.count <= limits.payloadCharacters else {
            return outcome.refuse(.frameTooLarge, channelID: channelID)
        }
        var window = connections[outcome.connection]?.rate[channelID] ?? (second: now, count: 0)
        if window.second != now { window = (second: now, count: 0) }
        guard window.count < limits.framesPerSecond else {
            return outcome.refuse(.rateLimited, channelID: channelID)
        }
        window.count += 1
        connections[outcome.connection]?.rate[channelID] = window
        guard let peer = channels[channelID]?.members[role.peer] else {
            // Never stored for later: a frame is delivered now or not at all (RELAY-14).
            return outcome.refuse(.peerOffline, channelID: channelID)
        }
        outcome.send(.frame(channelID: channelID, payload: payload), to: peer)
    }

    mutating func revoke(_ outcome: inout RelayOutcome, channelID: String) {
        guard member(outcome.connection, of: channelID) != nil, var channel = channels[channelID] else {
            return outcome.refuse(.notJoined, channelID: channelID)
        }
        channel.pairingTokenDigest = nil
        channel.credentialDigest = nil
        channel.revoked = true
        let members = channel.members
        channels[channelID] = channel
        for role in [RelayRole.device, .core] {
            guard let target = members[role] else { continue }
            outcome.send(.revoked(channelID: channelID), to: target)
            detach(target, from: channelID)
        }
    }

    mutating func sessionLost(_ outcome: inout RelayOutcome, channelID: String) {
        guard member(outcome.connection, of: channelID) == .core else {
            return outcome.refuse(.notJoined, channelID: channelID)
        }
        if let device = channels[channelID]?.members[.device] {
            outcome.send(.sessionLost(channelID: channelID), to: device)
        }
    }

    mutating func disconnect(_ outcome: inout RelayOutcome) {
        guard let connection = connections.removeValue(forKey: outcome.connection) else { return }
        for (channelID, role) in connection.joined.sorted(by: { $0.key < $1.key }) {
            guard channels[channelID]?.members[role] == outcome.connection else { continue }
            channels[channelID]?.members[role] = nil
            if let peer = channels[channelID]?.members[role.peer] {
                outcome.send(.peerStatus(channelID: channelID, online: false), to: peer)
            }
        }
    }
}
