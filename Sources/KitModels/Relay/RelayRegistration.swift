/// Registration of a channel by a core (RELAY-1), up to RELAY-20's pending channels.
extension Relay {
    mutating func register(
        _ outcome: inout RelayOutcome,
        account: String?,
        channelID: String,
        pairingToken: String,
        now: Int64
    ) {
        guard let account else {
            // Only an authenticated core owns channels; a device connection cannot mint one.
            outcome.send(.registerRefused(.notChannelOwner), to: outcome.connection)
            return
        }
        let pending = channels.values.count { channel in
            channel.owner == account && !channel.pairingTokenUsed && !channel.revoked && now <= channel.pairingDeadline
        }
        guard pending < limits.pendingChannels else {
            // Creates nothing: registration alone cannot grow the relay's records (RELAY-20).
            outcome.send(.registerRefused(.tunnelLimitReached), to: outcome.connection)
            return
        }
        let deadline = now + limits.pairingLifetime
        channels[channelID] = RelayChannel(owner: account, pairingToken: pairingToken, pairingDeadline: deadline)
        outcome.send(
            .registered(
                channelID: channelID,
                pairingToken: pairingToken,
                pairingExpiresAtMilliseconds: deadline * 1000
            ),
            to: outcome.connection
        )
    }
}
