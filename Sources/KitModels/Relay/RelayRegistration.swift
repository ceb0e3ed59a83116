/// Registration of a channel by a core (RELAY-1).
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
