/// The two roles of a channel. Their names on the wire are those of the deployed `tunnel:connect`
/// (`"core"`, `"client"`).
public enum RelayRole: String, Sendable, Hashable {
    case core
    case device = "client"

    /// The role a frame of this role is forwarded to.
    var peer: RelayRole { self == .core ? .device : .core }
}
