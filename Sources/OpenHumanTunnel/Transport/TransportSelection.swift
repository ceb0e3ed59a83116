/// The phone's choice among the LAN, the relay and the cloud for one paired pairing
/// (spec/15-transports.md 15.5, SELECT-1 to SELECT-27): a deterministic state machine that reads
/// no clock. Every event carries its time in milliseconds; the answer is the actions the device
/// carries out, and the state and timers are read from the value afterwards.
///
/// The deployed manager raced the LAN and the tunnel and took the first outcome to *settle*, so a
/// fast LAN refusal ended the attempt; here the first *healthy* path wins (SELECT-8, SELECT-9).
public struct TransportSelection: Sendable {
    public enum State: String, Sendable {
        case idle, racing, lan, relay, cloud, offline
    }

    /// The values of 15.5.1, in milliseconds.
    public enum Values {
        public static func deadline(_ path: TransportPath) -> Int64 {
            switch path {
            case .lan: 2_000
            case .relay: 10_000
            case .cloud: 5_000
            }
        }
        public static let base: Int64 = 10_000
        public static let cap: Int64 = 300_000
        public static let promotion = 3
        public static let keepaliveInterval: Int64 = 25_000
        public static let idleTimeout: Int64 = 300_000
    }

    public private(set) var state = State.idle
    public private(set) var status: [TransportPath: TransportPathStatus] = [.lan: .off, .relay: .off, .cloud: .off]
    /// Consecutive healthy LAN checks while the relay is in use (SELECT-15).
    public private(set) var lanHealthy = 0
    /// The cloud opt-in (CLOUD-2).
    public private(set) var optedIn: Bool
    /// The armed timers and their due times.
    public private(set) var timers: [TransportSelectionTimer: Int64] = [:]
    /// Whether the pairing's QR code had `rpc`: without it the LAN is never tried (SELECT-1).
    public let hasLan: Bool
    private var interval: [TransportPath: Int64] = [.lan: Values.base, .relay: Values.base]
    private var retryInterval = Values.base
    private var now: Int64 = 0
    private var actions: [TransportSelectionAction] = []

    public init(hasLan: Bool, optedIn: Bool) {
        self.hasLan = hasLan
        self.optedIn = optedIn
    }

    /// Runs `event` at time `now` (ms) and returns the device's actions, in SELECT-2's order.
    public mutating func handle(_ event: TransportSelectionEvent, now: Int64) -> [TransportSelectionAction] {
        self.now = now
        actions = []
        if case .timer(let timer) = event {
            guard timers[timer] != nil else { return [] }  // SELECT-7: a timer not armed
            timers[timer] = nil
        }
        if state == .idle {
            handleIdle(event)
        } else {
            handleActive(event)
        }
        return actions.sorted()
    }

    private var tunnelPaths: [TransportPath] { hasLan ? [.lan, .relay] : [.relay] }

    private func exists(_ path: TransportPath) -> Bool { path != .lan || hasLan }

    // MARK: - Events

    /// SELECT-3, SELECT-24, SELECT-25 and SELECT-7 in `idle`, where every path is `off`.
    private mutating func handleIdle(_ event: TransportSelectionEvent) {
        switch event {
        case .start, .activity:
            arm(.idle, for: Values.idleTimeout)
            interval = [.lan: Values.base, .relay: Values.base]
            retryInterval = Values.base
            lanHealthy = 0
            attempt(tunnelPaths, lost: nil)
        case .optIn: optedIn = true
        case .optOut: optedIn = false
        default: break
        }
    }

    private mutating func handleActive(_ event: TransportSelectionEvent) {
        if let path = event.failedPath {
            // SELECT-6: a health report is due only from a path probing; a failure of the
            // carrier or a deadline from any path not off.
            let due = if case .health = event { status[path] == .probing } else { status[path] != .off }
            guard exists(path), due else { return }
            drop(path)
            failed(path)
            return
        }
        switch event {
        case .start where state == .offline, .network where state == .offline:
            timers[.retry] = nil
            retryInterval = Values.base
            attempt(tunnelPaths, lost: nil)
        case .network: recheck()
        case .activity: arm(.idle, for: Values.idleTimeout)
        case .optIn where state == .offline:
            optedIn = true
            timers[.retry] = nil
            state = .racing
            check(.cloud)
        case .optIn: optedIn = true
        case .optOut:
            optedIn = false
            if status[.cloud] != .off {
                drop(.cloud)
                failed(.cloud)
            }
        case .connected(let path) where path.isTunnel && exists(path) && status[path] == .connecting:
            status[path] = .probing
            actions.append(.probe(path))
        case .health(let path, ok: true) where exists(path) && status[path] == .probing:
            status[path] = .up
            timers[.deadline(path)] = nil
            if path.isTunnel { interval[path] = Values.base }
            healthy(path)
        case .timer(let timer): fired(timer)
        default: break  // SELECT-7: a late report of what the device already gave up
        }
    }

    /// A due timer other than a deadline (deadlines are failures, SELECT-6).
    private mutating func fired(_ timer: TransportSelectionTimer) {
        switch (timer, state) {
        case (.keepalive, .lan), (.keepalive, .relay):  // SELECT-12
            check(inUse!)
            arm(.keepalive, for: Values.keepaliveInterval)
        case (.checkLan, .relay), (.checkLan, .cloud), (.checkRelay, .cloud):  // SELECT-18
            check(timer.path!)
        case (.retry, .offline):  // SELECT-20
            attempt(tunnelPaths, lost: nil)
        case (.idle, _):  // SELECT-27
            for path in TransportPath.allCases where status[path] != .off { drop(path) }
            timers = [:]
            lanHealthy = 0
            state = .idle
        default: break
        }
    }

    /// SELECT-23: look again at once for a better path than the one in use, and at that one.
    private mutating func recheck() {
        for path in tunnelPaths where inUse.map({ path < $0 }) ?? true {
            guard status[path] == .off || status[path] == .up else { continue }
            timers[.check(path)] = nil
            interval[path] = Values.base
            check(path)
        }
        lanHealthy = 0
        if let inUse, inUse.isTunnel {
            check(inUse)
            arm(.keepalive, for: Values.keepaliveInterval)
        }
    }

    // MARK: - Healthy and failed paths

    /// The path in use, when the state is one.
    private var inUse: TransportPath? { TransportPath(rawValue: state.rawValue) }

    /// The state's rule for a healthy `path` (SELECT-8, SELECT-13, SELECT-15, SELECT-16, SELECT-19).
    private mutating func healthy(_ path: TransportPath) {
        switch (state, inUse) {
        case (.racing, _): use(path)
        case (_, let current?) where current == path: break  // SELECT-13: the keepalive probe was answered
        case (.relay, _) where path == .lan:
            if lanHealthy + 1 < Values.promotion {  // SELECT-15
                lanHealthy += 1
                arm(.checkLan, for: Values.base)
            } else {  // SELECT-16: the relay's requests finish there
                actions += [.drain(.relay), .use(.lan)]
                status[.relay] = .off
                timers[.deadlineRelay] = nil
                lanHealthy = 0
                arm(.keepalive, for: Values.keepaliveInterval)
                state = .lan
            }
        case (.cloud, _) where path.isTunnel:  // SELECT-19
            actions += [.use(path), .resend(path)]
            drop(.cloud)
            if path == .lan {
                if status[.relay] != .off { drop(.relay) }
                timers[.checkRelay] = nil
            }
            lanHealthy = 0
            arm(.keepalive, for: Values.keepaliveInterval)
            state = path == .lan ? .lan : .relay
        default: break
        }
    }

    /// SELECT-8: the first healthy path of an attempt is used.
    private mutating func use(_ path: TransportPath) {
        actions += [.use(path), .resend(path)]
        for other in TransportPath.allCases where path < other && status[other] != .off { drop(other) }
        for other in tunnelPaths where other < path && status[other] == .off { backoff(other) }
        lanHealthy = 0
        retryInterval = Values.base
        if path.isTunnel { arm(.keepalive, for: Values.keepaliveInterval) }
        state = State(rawValue: path.rawValue)!
    }

    /// The state's rule for a failed `path`, already dropped (SELECT-9 to SELECT-11, SELECT-14,
    /// SELECT-17).
    private mutating func failed(_ path: TransportPath) {
        switch (state, inUse) {
        case (.racing, _): racingFailed(path)
        case (_, let current?) where current == path:  // SELECT-14
            timers[.keepalive] = nil
            attempt(tunnelPaths.filter { $0 != path }, lost: path)
        case (.relay, let inUse?), (.cloud, let inUse?):
            guard path < inUse, path.isTunnel else { return }
            if path == .lan { lanHealthy = 0 }  // SELECT-17
            backoff(path)
        default: break
        }
    }

    /// SELECT-9 to SELECT-11: a failure ends the attempt only when nothing else is in flight.
    private mutating func racingFailed(_ path: TransportPath) {
        guard !TransportPath.allCases.contains(where: { status[$0]!.isInFlight }) else { return }
        if path.isTunnel && optedIn {
            check(.cloud)
        } else {
            goOffline()
        }
    }

    // MARK: - The steps of SELECT-2

    private mutating func arm(_ timer: TransportSelectionTimer, for delay: Int64) {
        timers[timer] = now + delay
    }

    /// Step 1: connect an `off` tunnel path, probe an `up` one or the cloud; nothing in flight.
    private mutating func check(_ path: TransportPath) {
        switch (status[path]!, path.isTunnel) {
        case (.off, true):
            status[path] = .connecting
            actions.append(.connect(path))
        case (.up, true), (.off, false), (.up, false):
            status[path] = .probing
            actions.append(.probe(path))
        default: return
        }
        arm(.deadline(path), for: Values.deadline(path))
    }

    /// Step 2.
    private mutating func drop(_ path: TransportPath) {
        if path.isTunnel { actions.append(.close(path)) }
        timers[.deadline(path)] = nil
        status[path] = .off
    }

    /// Step 3: the next background check, each failure doubling the delay up to `cap`.
    private mutating func backoff(_ path: TransportPath) {
        arm(.check(path), for: interval[path]!)
        interval[path] = min(2 * interval[path]!, Values.cap)
    }

    /// Step 4, with `lost` the path whose failure started it (SELECT-14), if any.
    private mutating func attempt(_ paths: [TransportPath], lost: TransportPath?) {
        state = .racing
        for path in paths where status[path] == .off || status[path] == .up {
            timers[.check(path)] = nil
            check(path)
        }
        if let lost, !TransportPath.allCases.contains(where: { status[$0]!.isInFlight }) {
            racingFailed(lost)
        }
    }

    /// Step 5.
    private mutating func goOffline() {
        for path in TransportPath.allCases where status[path] != .off { drop(path) }
        timers = timers.filter { $0.key == .idle }
        arm(.retry, for: retryInterval)
        retryInterval = min(2 * retryInterval, Values.cap)
        state = .offline
    }
}
