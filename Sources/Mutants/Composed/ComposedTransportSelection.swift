import AdapterOperations
import OpenHumanTunnel

/// The phone's selection of a path (`transport-select`, ADP-134; spec/15-transports.md 15.5),
/// rebuilt from its public types alone, with the selection mutants (among them the deployed
/// race, `select-first-settled`).
///
/// Written as the transition table of 15.5.4 reads, one function per row group, so that each
/// mutant is one visible change to one row.
struct ComposedTransportSelection: TransportSelectionEndpoint {
    typealias Timer = TransportSelectionTimer
    private typealias V = TransportSelection.Values

    private let mutant: Mutant?
    private let paths: [TransportPath]
    private(set) var state = TransportSelection.State.idle
    private var statuses: [TransportPath: TransportPathStatus] = [.lan: .off, .relay: .off, .cloud: .off]
    private(set) var lanHealthy = 0
    private var optedIn: Bool
    private(set) var timers: [TransportSelectionTimer: Int64] = [:]
    private var intervals: [TransportPath: Int64] = [.lan: V.base, .relay: V.base]
    private var retryInterval = V.base
    private var now: Int64 = 0
    private var actions: [TransportSelectionAction] = []

    init(hasLan: Bool, optedIn: Bool, mutant: Mutant?) {
        self.mutant = mutant
        paths = hasLan ? [.lan, .relay] : [.relay]
        self.optedIn = optedIn
    }

    func status(of path: TransportPath) -> TransportPathStatus { statuses[path]! }

    private var promotion: Int {
        switch mutant {
        case .selectPromoteAtFirstCheck: 1
        case .selectPromotionOffByOne: V.promotion + 1
        default: V.promotion
        }
    }

    private func deadline(_ path: TransportPath) -> Int64 {
        path == .lan && mutant == .selectLanDeadlineTenSeconds ? 10_000 : V.deadline(path)
    }

    private var pathInUse: TransportPath? { TransportPath(rawValue: state.rawValue) }
    private var anyInFlight: Bool { statuses.values.contains { $0 == .connecting || $0 == .probing } }

    mutating func handle(_ event: TransportSelectionEvent, now: Int64) -> [TransportSelectionAction] {
        self.now = now
        actions = []
        if case .timer(let timer) = event {
            guard timers[timer] != nil else { return [] }
            if mutant != .selectFiredTimerKept { timers[timer] = nil }
        }
        switch (state, event) {
        case (.idle, .start), (.idle, .activity): begin()
        case (.idle, .optIn): optedIn = true
        case (.idle, .optOut): optedIn = false
        case (.idle, _): break
        case (_, .connected(let path)): connected(path)
        case (_, .health(let path, ok: true)): healthy(path)
        case (_, .health(let path, ok: false)):
            if statuses[path] == .probing || mutant == .selectHealthFailFromAnyPath { fail(path) }
        case (_, .error(let path, _)), (_, .closed(let path)): fail(path)
        case (_, .timer(let timer)): fired(timer)
        case (.offline, .start), (.offline, .network):
            timers[.retry] = nil
            retryInterval = V.base
            attempt(paths, lost: nil)
        case (_, .network): network()
        case (_, .activity): if mutant != .selectIdleNotRearmed { arm(.idle, V.idleTimeout) }
        case (.offline, .optIn):
            optedIn = true
            timers[.retry] = nil
            state = .racing
            check(.cloud)
        case (_, .optIn): optedIn = true
        case (_, .optOut):
            optedIn = false
            if mutant != .selectOptOutIgnored { fail(.cloud) }
        case (_, .start): break
        }
        return actions.sorted()
    }

    // MARK: - Rows

    /// SELECT-3.
    private mutating func begin() {
        arm(.idle, V.idleTimeout)
        intervals = [.lan: V.base, .relay: V.base]
        retryInterval = V.base
        lanHealthy = 0
        attempt(paths, lost: nil)
    }

    /// SELECT-4.
    private mutating func connected(_ path: TransportPath) {
        guard paths.contains(path), statuses[path] == .connecting else { return }
        statuses[path] = .probing
        actions.append(.probe(path))
        if mutant == .selectDeadlineRestartedOnConnect { arm(.deadline(path), deadline(path)) }
    }

    /// SELECT-5, then the state's row for a healthy path.
    private mutating func healthy(_ path: TransportPath) {
        guard path == .cloud || paths.contains(path) else { return }
        guard statuses[path] == .probing || (mutant == .selectLateHealthAccepted && statuses[path] == .off) else {
            return
        }
        statuses[path] = .up
        timers[.deadline(path)] = nil
        if path != .cloud, mutant != .selectIntervalKeptAfterSuccess { intervals[path] = V.base }
        if state == .racing {
            use(path, resend: mutant != .selectNoResendOnFallback)
        } else if path == pathInUse {
            return
        } else if state == .relay, path == .lan {
            lanHealthy += 1
            if lanHealthy < promotion {
                arm(.checkLan, V.base)
            } else {
                actions.append(.use(.lan))
                actions.append(mutant == .selectResendOnPromotion ? .resend(.lan) : .drain(.relay))
                if mutant == .selectResendOnPromotion { actions.append(.close(.relay)) }
                statuses[.relay] = .off
                timers[.deadlineRelay] = nil
                lanHealthy = 0
                arm(.keepalive, V.keepaliveInterval)
                state = .lan
            }
        } else if state == .cloud, path != .cloud, mutant != .selectCloudSticky {
            actions += [.use(path), .resend(path)]
            drop(.cloud)
            if path == .lan {
                if statuses[.relay] != .off { drop(.relay) }
                timers[.checkRelay] = nil
            }
            lanHealthy = 0
            arm(.keepalive, V.keepaliveInterval)
            state = path == .lan ? .lan : .relay
        }
    }

    /// SELECT-8.
    private mutating func use(_ path: TransportPath, resend: Bool) {
        actions.append(.use(path))
        if resend { actions.append(.resend(path)) }
        for other in TransportPath.allCases where other > path && statuses[other] != .off { drop(other) }
        for other in paths where other < path && statuses[other] == .off { backoff(other) }
        lanHealthy = 0
        if mutant != .selectRetryNotReset { retryInterval = V.base }
        if path != .cloud { arm(.keepalive, V.keepaliveInterval) }
        state = TransportSelection.State(rawValue: path.rawValue)!
    }

    /// SELECT-6, then the state's row for a failed path.
    private mutating func fail(_ path: TransportPath) {
        guard path == .cloud || paths.contains(path), statuses[path] != .off else { return }
        drop(path)
        if state == .racing {
            lostDuringRace(path)
        } else if path == pathInUse {
            timers[.keepalive] = nil
            let others = mutant == .selectLostPathReraced ? paths : paths.filter { $0 != path }
            attempt(others, lost: path)
        } else if let inUse = pathInUse, state != .lan, path < inUse, path != .cloud {
            if path == .lan, mutant != .selectStreakKeptOnFailure { lanHealthy = 0 }
            backoff(path)
        }
    }

    /// SELECT-9 to SELECT-11.
    private mutating func lostDuringRace(_ path: TransportPath) {
        if anyInFlight, mutant != .selectFirstSettled { return }
        if path != .cloud && (optedIn || mutant == .selectCloudWithoutOptIn) {
            check(.cloud)
        } else {
            goOffline()
        }
    }

    /// A due timer: a deadline is a failure; SELECT-12, SELECT-18, SELECT-20, SELECT-27.
    private mutating func fired(_ timer: Timer) {
        switch timer {
        case .deadlineLan: fail(.lan)
        case .deadlineRelay: fail(.relay)
        case .deadlineCloud: fail(.cloud)
        case .keepalive:
            guard let inUse = pathInUse, inUse != .cloud else { return }
            check(inUse)
            if mutant != .selectKeepaliveOnce { arm(.keepalive, V.keepaliveInterval) }
        case .checkLan, .checkRelay:
            guard state == .relay || state == .cloud else { return }
            check(timer == .checkLan ? .lan : .relay)
        case .retry:
            if state == .offline { attempt(paths, lost: nil) }
        case .idle:
            for path in TransportPath.allCases where statuses[path] != .off { drop(path) }
            timers = [:]
            lanHealthy = 0
            state = .idle
        }
    }

    /// SELECT-23.
    private mutating func network() {
        let inUse = pathInUse
        for path in paths where inUse == nil || path < inUse! {
            guard statuses[path] == .off || statuses[path] == .up else { continue }
            timers[.check(path)] = nil
            intervals[path] = V.base
            check(path)
        }
        lanHealthy = 0
        if let inUse, inUse != .cloud {
            check(inUse)
            arm(.keepalive, V.keepaliveInterval)
        }
    }

    // MARK: - Steps (SELECT-2)

    private mutating func arm(_ timer: Timer, _ delay: Int64) { timers[timer] = now + delay }

    private mutating func check(_ path: TransportPath) {
        switch statuses[path]! {
        case .off where path != .cloud:
            statuses[path] = .connecting
            actions.append(.connect(path))
        case .off, .up:
            statuses[path] = .probing
            actions.append(.probe(path))
        case .connecting, .probing: return
        }
        arm(.deadline(path), deadline(path))
    }

    private mutating func drop(_ path: TransportPath) {
        if path != .cloud { actions.append(.close(path)) }
        timers[.deadline(path)] = nil
        statuses[path] = .off
    }

    private mutating func backoff(_ path: TransportPath) {
        arm(path == .lan ? .checkLan : .checkRelay, intervals[path]!)
        switch mutant {
        case .selectBackoffNotDoubled: break
        case .selectBackoffUncapped: intervals[path]! *= 2
        default: intervals[path] = min(2 * intervals[path]!, V.cap)
        }
    }

    private mutating func attempt(_ chosen: [TransportPath], lost: TransportPath?) {
        state = .racing
        for path in chosen where statuses[path] == .off || statuses[path] == .up {
            timers[path == .lan ? .checkLan : .checkRelay] = nil
            check(path)
        }
        if let lost, !anyInFlight { lostDuringRace(lost) }
    }

    private mutating func goOffline() {
        for path in TransportPath.allCases where statuses[path] != .off { drop(path) }
        timers = timers.filter { $0.key == .idle }
        arm(.retry, retryInterval)
        retryInterval = min(2 * retryInterval, V.cap)
        state = .offline
    }
}
