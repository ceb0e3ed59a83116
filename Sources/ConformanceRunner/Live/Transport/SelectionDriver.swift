import AdapterOperations
import VectorFormat

/// Drives the adapter's `transport-select` in real time with what happens in the transport lab
/// (wire spec section 15.7): at every event the whole sequence so far goes to the adapter
/// (operations keep no state, ADP-9), its answer must equal the reference's, the lab's device
/// carries out the last step's actions, and the earliest armed timer fires when the lab's clock
/// reaches its due time, unless something happens first.
///
/// So every decision the adapter makes is checked the moment it is made, with events and times
/// nobody chose in advance; the checks themselves then ask what the world shows (which path
/// answered, how often the core ran a request).
struct SelectionDriver {
    struct LabAnswer: Equatable {
        var requestId: String
        var kind: String
        var code: String?
        var path: String
    }

    let lab: TransportLab
    private let context: LiveContext
    /// Every event fed so far, as ADP-134's steps.
    private(set) var steps: [JSONValue] = []
    /// The adapter's decision after each step.
    private(set) var decisions: [SelectionDecision] = []
    private(set) var answers: [String: LabAnswer] = [:]

    init(lab: TransportLab, context: LiveContext) {
        self.lab = lab
        self.context = context
    }

    var decision: SelectionDecision { decisions.last ?? .idle }
    var now: Int64 { lab.now }

    /// SELECT-3's `start`, at the lab's clock 0.
    mutating func start() throws(CheckFailure) {
        try feed(["event": "start"], at: lab.now)
    }

    /// Feeds one event at `at`: the adapter decides, the reference must agree, the lab acts.
    mutating func feed(_ event: JSONValue, at: Int64) throws(CheckFailure) {
        steps.append(event.setting("at", .int(at)))
        let input: JSONValue = ["lan": true, "cloudOptIn": false, "steps": .array(steps)]
        let output = try context.expectReference(
            "transport-select",
            input,
            context: "the selection's answer after \(Self.describe(event)) at \(at) ms"
                + " (the events so far: \(timeline))",
            describe: { [steps] index in index < steps.count ? Self.describe(steps[index]) : "step \(index)" }
        )
        guard let last = output["steps"]?.arrayValue?.last, let decision = SelectionDecision(last) else {
            throw CheckFailure("transport-select answered no decision for \(Self.describe(event))", actual: output)
        }
        decisions.append(decision)
        if !decision.actions.isEmpty {
            try lab.call(["op": "act", "actions": .array(decision.actions.map { .string($0) })])
        }
    }

    /// Waits for the next thing to happen, at the latest the earliest armed timer or `limit`: a
    /// carrier event or a due timer is fed to the selection, a request's answer is kept, and
    /// nothing happens when `limit` comes first.
    mutating func next(limit: Int64) throws(CheckFailure) {
        let timer = decision.nextTimer
        let until = min(timer?.due ?? limit, limit)
        let answer = try lab.call(["op": "wait", "until": .int(until)], seconds: lab.seconds(until: until))
        if let event = answer["event"], case .object = event {
            return try feed(event, at: lab.now)
        }
        if let reported = answer["answer"], let labAnswer = Self.labAnswer(reported) {
            answers[labAnswer.requestId] = labAnswer
            return
        }
        guard answer["timeout"] == .bool(true) else {
            throw CheckFailure("the transport lab answered wait with neither an event, an answer nor a timeout")
        }
        guard let timer, timer.due <= lab.now else { return }
        try feed(["event": "timer", "timer": .string(timer.name)], at: lab.now)
    }

    /// Runs until `goal` holds, failing when `within` ms of the selection's clock pass first.
    ///
    /// The goal is read after every happening and at least every `pollInterval` ms, so a goal on
    /// the lab's status (a request dispatched, a carrier closed) is seen soon after it holds.
    mutating func run(
        until goal: (SelectionDriver) throws(CheckFailure) -> Bool,
        within budget: Int64,
        _ what: String
    ) throws(CheckFailure) {
        let limit = now + budget
        while try !goal(self) {
            guard now < limit else {
                throw CheckFailure(
                    "\(what) did not happen within \(budget) ms of the selection's clock; the events so far: \(timeline)"
                )
            }
            try next(limit: min(limit, now + Self.pollInterval))
        }
    }

    static let pollInterval: Int64 = 1_000

    /// Sends a new request through the lab's device (TRANS-7: on the path in use, or held).
    func request(_ requestId: String, method: String = "test.echo") throws(CheckFailure) {
        try lab.call(["op": "request", "requestId": .string(requestId), "method": .string(method)])
    }

    /// The lab's view of the core and the device (`status`).
    func status() throws(CheckFailure) -> JSONValue { try lab.call(["op": "status"]) }

    /// How many times the core ran `requestId` (RPC-2: a duplicate does not run again).
    func dispatched(_ requestId: String) throws(CheckFailure) -> Int64 {
        try status()["dispatched"]?[requestId]?.intValue ?? 0
    }

    /// The last steps fed, `; ` apart: time, event, the adapter's decision.
    var timeline: String {
        let shown = zip(steps, decisions).suffix(40).map { step, decision in
            "\(step["at"]?.intValue ?? 0) ms \(Self.describe(step)) -> \(decision.summary)"
        }
        return (decisions.count > shown.count ? "...; " : "") + shown.joined(separator: "; ")
    }

    /// The event of a step as 15.5.2 writes it: `error(lan, refused)`, `timer(check.lan)`.
    static func describe(_ step: JSONValue) -> String {
        let name = step["event"]?.stringValue ?? "?"
        switch name {
        case "timer": return "timer(\(step["timer"]?.stringValue ?? "?"))"
        case "error": return "error(\(step["path"]?.stringValue ?? "?"), \(step["code"]?.stringValue ?? "?"))"
        case "health":
            return "health(\(step["path"]?.stringValue ?? "?"), \(step["ok"] == .bool(true) ? "ok" : "fail"))"
        default:
            guard let path = step["path"]?.stringValue else { return name }
            return "\(name)(\(path))"
        }
    }

    private static func labAnswer(_ value: JSONValue) -> LabAnswer? {
        guard let requestId = value["requestId"]?.stringValue, let kind = value["kind"]?.stringValue,
            let path = value["path"]?.stringValue
        else { return nil }
        return LabAnswer(requestId: requestId, kind: kind, code: value["code"]?.stringValue, path: path)
    }
}
