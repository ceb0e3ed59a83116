/// What the relay keeps for one connection: the channels it joined, in which role, and its frame
/// count in the current second per channel (RELAY-13).
struct RelayConnection: Sendable {
    var joined: [String: RelayRole] = [:]
    var rate: [String: (second: Int64, count: Int)] = [:]

    /// True when the connection joined some channel as a device, which bars it from any other
    /// channel (RELAY-8).
    var isDevice: Bool { joined.values.contains(.device) }
}
