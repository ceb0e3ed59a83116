/// What the device tells its selection (15.5.2): the app's wishes, the carriers' reports
/// (TRANS-4), the probes' results (TRANS-5), a timer that is due, and the user's cloud setting.
public enum TransportSelectionEvent: Sendable, Equatable {
    /// The app wants its desktop: launched, brought to the foreground, a retry button.
    case start
    /// A request sent or an answer received.
    case activity
    /// The operating system reports that the phone's network changed.
    case network
    case connected(TransportPath)
    /// `code` names the cause for logs and the user; the selection does not read it.
    case error(TransportPath, code: String)
    case closed(TransportPath)
    case health(TransportPath, ok: Bool)
    case timer(TransportSelectionTimer)
    case optIn
    case optOut

    /// The path a failure event reports on (SELECT-6), if this is one.
    var failedPath: TransportPath? {
        switch self {
        case .error(let path, _), .closed(let path), .health(let path, ok: false): path
        case .timer(let timer): timer.deadlinePath
        default: nil
        }
    }
}

/// What the device carries out (TRANS-5, TRANS-7). The cases are declared in the order an
/// answer lists them (SELECT-2), and within a kind by path preference.
public enum TransportSelectionAction: Sendable, Hashable, Comparable, CustomStringConvertible {
    case close(TransportPath)
    case drain(TransportPath)
    case connect(TransportPath)
    case probe(TransportPath)
    case use(TransportPath)
    case resend(TransportPath)

    private var rank: (kind: Int, path: TransportPath) {
        switch self {
        case .close(let path): (0, path)
        case .drain(let path): (1, path)
        case .connect(let path): (2, path)
        case .probe(let path): (3, path)
        case .use(let path): (4, path)
        case .resend(let path): (5, path)
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.rank.kind, a.rank.path) < (b.rank.kind, b.rank.path)
    }

    /// `kind(path)`, the adapter protocol's form (ADP-134).
    public var description: String {
        let kind = ["close", "drain", "connect", "probe", "use", "resend"][rank.kind]
        return "\(kind)(\(rank.path.rawValue))"
    }
}
