/// Joining a channel: the core by account, the device by pairing token once and by its relay
/// credential afterwards (RELAY-4 to RELAY-9).
extension Relay {
    enum DeviceProof {
        case pairingToken(String, newCredential: String)
        case credential(String)
    }

    /// RELAY-8's bar, checked before anything about the channel.
    private func mayJoin(_ connection: String, _ channelID: String, as role: RelayRole) -> Bool {
        guard let current = connections[connection] else { return true }
        if current.joined[channelID] != nil || current.isDevice { return false }
        return role == .core || current.joined.isEmpty
    }

    mutating func connectCore(_ outcome: inout RelayOutcome, account: String?, channelID: String) {
        guard mayJoin(outcome.connection, channelID, as: .core) else {
            return outcome.refuse(.alreadyJoined, channelID: channelID)
        }
        // An unknown channel and another account's channel look the same (RELAY-4), so a core
        // cannot probe which channel ids exist.
        guard let account, let channel = channels[channelID], channel.owner == account else {
            return outcome.refuse(.notChannelOwner, channelID: channelID)
        }
        guard !channel.revoked else { return outcome.refuse(.channelRevoked, channelID: channelID) }
        join(&outcome, channelID: channelID, as: .core, credential: nil)
    }

    mutating func connectDevice(_ outcome: inout RelayOutcome, channelID: String, now: Int64, proof: DeviceProof) {
        guard mayJoin(outcome.connection, channelID, as: .device) else {
            return outcome.refuse(.alreadyJoined, channelID: channelID)
        }
        guard let channel = channels[channelID] else { return outcome.refuse(.unknownChannel, channelID: channelID) }
        guard !channel.revoked else { return outcome.refuse(.channelRevoked, channelID: channelID) }
        switch proof {
        case .pairingToken(let token, let newCredential):
            // A used token's digest is kept until revocation only to tell "used" from "wrong".
            guard RelayChannel.matches(token, channel.pairingTokenDigest) else {
                return outcome.refuse(.badCredential, channelID: channelID)
            }
            guard !channel.pairingTokenUsed else { return outcome.refuse(.pairingTokenUsed, channelID: channelID) }
            guard now <= channel.pairingDeadline else {
                return outcome.refuse(.pairingTokenExpired, channelID: channelID)
            }
            channels[channelID]?.pairingTokenUsed = true
            channels[channelID]?.credentialDigest = RelayChannel.digest(newCredential)
            join(&outcome, channelID: channelID, as: .device, credential: newCredential)
        case .credential(let credential):
            guard RelayChannel.matches(credential, channel.credentialDigest) else {
                return outcome.refuse(.badCredential, channelID: channelID)
            }
            join(&outcome, channelID: channelID, as: .device, credential: nil)
        }
    }

    /// RELAY-8 and RELAY-9: evict the holder of the role, attach, then tell both sides.
    private mutating func join(
        _ outcome: inout RelayOutcome,
        channelID: String,
        as role: RelayRole,
        credential: String?
    ) {
        if let previous = channels[channelID]?.members[role] {
            outcome.send(.evicted(channelID: channelID), to: previous)
            detach(previous, from: channelID)
        }
        attach(outcome.connection, to: channelID, as: role)
        outcome.send(.connected(channelID: channelID, role: role, credential: credential), to: outcome.connection)
        let peer = channels[channelID]?.members[role.peer]
        outcome.send(.peerStatus(channelID: channelID, online: peer != nil), to: outcome.connection)
        if let peer { outcome.send(.peerStatus(channelID: channelID, online: true), to: peer) }
    }
}
