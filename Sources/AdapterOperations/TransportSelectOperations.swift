import OpenHumanTunnel
import VectorFormat

/// transport-select (ADP-134): the phone's selection of spec/15-transports.md 15.5 run on a
/// sequence of timed events, answering after each its state, the paths' statuses, the count of
/// healthy LAN checks, the actions and the armed timers. Every step is read before the first
/// runs, so a malformed event is `bad_request` for the whole request; there is no error per step.
extension Operations {
    /// At most this many events in one request.
    static let maximumSelectionSteps = 10_000
    /// The latest event time: every due time (at most `idleTimeout` later) stays an exact JSON
    /// integer (ADP-30).
    public static let latestSelectionTime = RequestInput.largestSafeInteger - TransportSelection.Values.cap

    private struct SelectionStep {
        let at: Int64
        let event: TransportSelectionEvent

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            at = try step.safeNatural("at", maximum: Operations.latestSelectionTime)
            func pathMember(_ allowed: [TransportPath]) throws(BadRequest) -> TransportPath {
                guard let member = TransportPath(rawValue: try step.string("path")), allowed.contains(member) else {
                    throw BadRequest(reason: "\(path).path: expected one of \(allowed.map(\.rawValue))")
                }
                return member
            }
            switch try step.string("event") {
            case "start": event = .start
            case "activity": event = .activity
            case "network": event = .network
            case "connected": event = .connected(try pathMember([.lan, .relay]))
            case "closed": event = .closed(try pathMember([.lan, .relay]))
            case "error": event = .error(try pathMember(TransportPath.allCases), code: try step.string("code"))
            case "health": event = .health(try pathMember(TransportPath.allCases), ok: try step.bool("ok"))
            case "timer":
                guard let timer = TransportSelectionTimer(rawValue: try step.string("timer")) else {
                    throw BadRequest(reason: "\(path).timer: expected one of the eight timers of SELECT-2")
                }
                event = .timer(timer)
            case "optIn":
                _ = try pathMember([.cloud])
                event = .optIn
            case "optOut":
                _ = try pathMember([.cloud])
                event = .optOut
            default: throw BadRequest(reason: "\(path).event: expected an event of ADP-134")
            }
        }
    }

    func transportSelect(_ input: RequestInput) throws -> JSONValue {
        let hasLan = try input.bool("lan"), optedIn = try input.bool("cloudOptIn")
        let elements = try input.array("steps")
        guard elements.count <= Self.maximumSelectionSteps else {
            throw BadRequest(reason: "input.steps: at most \(Self.maximumSelectionSteps) events")
        }
        var steps: [SelectionStep] = []
        for element in elements {
            let step = try SelectionStep(element.value, path: element.path)
            guard step.at >= steps.last?.at ?? 0 else {
                throw BadRequest(reason: "\(element.path).at: below the previous step's")
            }
            steps.append(step)
        }
        var selection = implementation.transportSelection(hasLan: hasLan, optedIn: optedIn)
        let answers = steps.map { step in
            let actions = selection.handle(step.event, now: step.at)
            return Self.decision(of: selection, actions: actions)
        }
        return ["steps": .array(answers)]
    }

    private static func decision(
        of selection: any TransportSelectionEndpoint,
        actions: [TransportSelectionAction]
    ) -> JSONValue {
        var paths: [String: JSONValue] = [:]
        for path in TransportPath.allCases { paths[path.rawValue] = .string(selection.status(of: path).rawValue) }
        // Every timer is named, `null` when not armed: a runner ignores members a vector does not
        // mention (ADP-13), so an armed timer must be a value the vector pins, not an extra member.
        var timers: [String: JSONValue] = [:]
        for timer in TransportSelectionTimer.allCases {
            timers[timer.rawValue] = selection.timers[timer].map(JSONValue.int) ?? .null
        }
        return [
            "state": .string(selection.state.rawValue), "paths": .object(paths),
            "lanHealthy": .int(Int64(selection.lanHealthy)), "actions": .array(actions.map { .string($0.description) }),
            "timers": .object(timers),
        ]
    }
}

/// The phone's selection, as `transport-select` drives it.
public protocol TransportSelectionEndpoint {
    var state: TransportSelection.State { get }
    var lanHealthy: Int { get }
    var timers: [TransportSelectionTimer: Int64] { get }
    func status(of path: TransportPath) -> TransportPathStatus
    mutating func handle(_ event: TransportSelectionEvent, now: Int64) -> [TransportSelectionAction]
}

extension TransportSelection: TransportSelectionEndpoint {
    public func status(of path: TransportPath) -> TransportPathStatus { status[path] ?? .off }
}
