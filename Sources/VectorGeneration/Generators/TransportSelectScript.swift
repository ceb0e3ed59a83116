import OpenHumanTunnel
import VectorFormat

/// One `transport-select` vector as it is written: events appended in time order, each run at
/// once on the library's selection so the script can fire every timer at the due time the answer
/// before listed (ADP-134), and can check, step by step, that the vector shows what its author
/// means (`expect`), independently of the answer the builder records.
struct TransportSelectScript {
    private(set) var selection: TransportSelection
    private(set) var steps: [JSONValue] = []
    private(set) var now: Int64 = 0
    private(set) var lastActions: [TransportSelectionAction] = []
    let hasLan: Bool
    let optedIn: Bool

    init(lan: Bool = true, cloudOptIn: Bool = false) {
        hasLan = lan
        optedIn = cloudOptIn
        selection = TransportSelection(hasLan: lan, optedIn: cloudOptIn)
    }

    var input: JSONValue { ["lan": .bool(hasLan), "cloudOptIn": .bool(optedIn), "steps": .array(steps)] }

    /// `event` at `time` ms.
    mutating func at(_ time: Int64, _ event: TransportSelectionEvent) {
        now = time
        steps.append(Self.step(event, at: time))
        lastActions = selection.handle(event, now: time)
    }

    /// `event` `delay` ms after the last event.
    mutating func after(_ delay: Int64, _ event: TransportSelectionEvent) { at(now + delay, event) }

    /// `timer` at the due time the selection armed it for; generation fails when it is not armed.
    mutating func fire(_ timer: TransportSelectionTimer) throws {
        guard let due = selection.timers[timer] else { throw GenerationError("\(timer.rawValue) is not armed") }
        at(due, .timer(timer))
    }

    /// Fails generation unless the selection is in `state`, with `actions` when given.
    func expect(
        _ state: TransportSelection.State,
        actions: [String]? = nil,
        _ what: String = ""
    ) throws {
        guard selection.state == state else {
            throw GenerationError("expected \(state) \(what), the selection is \(selection.state)")
        }
        if let actions, lastActions.map(\.description) != actions {
            throw GenerationError("expected actions \(actions) \(what), got \(lastActions)")
        }
    }

    /// The due time of `timer`, for a script that checks a delay.
    func due(_ timer: TransportSelectionTimer) throws -> Int64 {
        guard let due = selection.timers[timer] else { throw GenerationError("\(timer.rawValue) is not armed") }
        return due
    }

    static func step(_ event: TransportSelectionEvent, at time: Int64) -> JSONValue {
        let (name, members): (String, [String: JSONValue]) =
            switch event {
            case .start: ("start", [:])
            case .activity: ("activity", [:])
            case .network: ("network", [:])
            case .connected(let path): ("connected", ["path": .string(path.rawValue)])
            case .closed(let path): ("closed", ["path": .string(path.rawValue)])
            case .error(let path, let code): ("error", ["path": .string(path.rawValue), "code": .string(code)])
            case .health(let path, let ok): ("health", ["path": .string(path.rawValue), "ok": .bool(ok)])
            case .timer(let timer): ("timer", ["timer": .string(timer.rawValue)])
            case .optIn: ("optIn", ["path": "cloud"])
            case .optOut: ("optOut", ["path": "cloud"])
            }
        return .object(members.merging(["at": .int(time), "event": .string(name)]) { $1 })
    }
}
