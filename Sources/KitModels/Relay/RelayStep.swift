/// One input of the relay's state machine: which connection sent what, as which account, when.
public struct RelayStep: Sendable, Equatable {
    public let connection: String
    public let account: String?
    public let event: RelayInbound
    public let now: Int64

    public init(connection: String, account: String?, event: RelayInbound, now: Int64) {
        self.connection = connection
        self.account = account
        self.event = event
        self.now = now
    }
}

extension Relay {
    /// Runs `steps` in order on a new relay and returns each step's emissions.
    public static func run(_ steps: [RelayStep], limits: RelayLimits = .standard) -> [[RelayEmission]] {
        var relay = Relay(limits: limits)
        return steps.map { relay.step(connection: $0.connection, account: $0.account, event: $0.event, now: $0.now) }
    }
}
