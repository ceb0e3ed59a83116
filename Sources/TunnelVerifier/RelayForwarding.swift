import KitModels

/// Pairs what a relay sent with what it received, so that a capture made at the relay checks
/// each message once, and a message the relay made up or sent twice is a departure (RELAY-11).
struct RelayForwarding {
    private struct Route: Hashable {
        let channel: String
        let sender: TracePeer
    }

    /// Payloads received from each sender, not yet forwarded, with their steps.
    private var pending: [Route: [(payload: String, step: Int)]] = [:]
    /// Routes on which the trace recorded the relay's input at all.
    private var inputSeen: Set<Route> = []

    mutating func received(from sender: TracePeer, channel: String, payload: String, step: Int) {
        let route = Route(channel: channel, sender: sender)
        inputSeen.insert(route)
        pending[route, default: []].append((payload, step))
    }

    enum Forwarding: Equatable {
        /// A copy of the message received at `step`.
        case copy(of: Int)
        /// The trace records the relay's input from this sender, and this was not in it.
        case unmatched
        /// The trace does not record the relay's input from this sender: the message is new here.
        case firstSight
    }

    mutating func sent(originally sender: TracePeer, channel: String, payload: String) -> Forwarding {
        let route = Route(channel: channel, sender: sender)
        if let index = pending[route]?.firstIndex(where: { $0.payload == payload }) {
            return .copy(of: pending[route]!.remove(at: index).step)
        }
        return inputSeen.contains(route) ? .unmatched : .firstSight
    }
}
