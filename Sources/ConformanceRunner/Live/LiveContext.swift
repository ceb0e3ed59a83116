import AdapterOperations
import Foundation
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Why a runner-driven check (a live check, an accumulated vector) failed: a message, and when
/// it is about one answer, what was expected and what came back.
struct CheckFailure: Error {
    var message: String
    var expected: JSONValue?
    var actual: JSONValue?
    var incident: AdapterIncident?
    /// The adapter answered `unsupported`: the check is skipped, not failed (ADP-20).
    var unsupported = false

    init(_ message: String, expected: JSONValue? = nil, actual: JSONValue? = nil, incident: AdapterIncident? = nil) {
        self.message = message
        self.expected = expected
        self.actual = actual
        self.incident = incident
    }
}

extension CaseResult {
    /// Fills in a failed (or, on `unsupported`, skipped) runner-driven check.
    mutating func record(_ failure: CheckFailure) {
        outcome = failure.unsupported ? .skipped : .failed
        message = failure.message
        expected = failure.expected ?? expected
        actual = failure.actual
        if let incident = failure.incident {
            fault = incident.fault.kind
            stderrTail = incident.stderrTail
            stderrNote = incident.stderrNote
        }
        boundRetained()
    }
}

/// What a live check works with: the adapter, and the runner's CSPRNG for fresh keys and nonces.
///
/// The runner may use system randomness (the parsers and generators may not): live checks exist
/// precisely to test with values nobody chose in advance.
struct LiveContext {
    let driver: AdapterDriver
    var random = LiveRandom()
    /// Where the check records the messages it passes (saved with `--save-traces`).
    let recorder: TraceRecorder
    /// `--slow`: a check with a long form runs it.
    var slow = false
    /// The transport lab of the checks of wire spec 15.7; nil skips them.
    var transportLab: TransportLabSetting?

    init(driver: AdapterDriver, recorder: TraceRecorder = TraceRecorder(clock: Date.init)) {
        self.driver = driver
        self.recorder = recorder
    }

    mutating func bytes(_ count: Int) -> [UInt8] { random.bytes(count) }

    /// A fixed Unix time for channel expiry: live checks test the handshake, not the clock.
    static let now: Int64 = 1_790_000_000

    /// Sends `operation` and returns the output, failing on any adapter fault or error answer.
    func output(_ operation: String, _ input: JSONValue) throws(CheckFailure) -> JSONValue {
        try Self.unwrap(driver.call(AdapterRequest(operation: operation, input: input)), operation: operation)
    }

    /// Sends `operation` and checks the whole answer against what the reference answers to the
    /// same input: the expectation comes from the interpreter the vectors are generated with.
    /// `describe` names a differing step of a step list, for the message. `record` sees the
    /// adapter's output (nil for an error answer) before it is judged, so that the messages it
    /// sent reach the trace even when the check fails on them.
    func expectReference(
        _ operation: String,
        _ input: JSONValue,
        context what: String,
        describe: (Int) -> String = { "step \($0)" },
        record: (JSONValue?) -> Void = { _ in }
    ) throws(CheckFailure) -> JSONValue {
        let expected = Operations.reference(operation, input: input).expected
        let answer: AdapterResponse
        switch driver.call(AdapterRequest(operation: operation, input: input)) {
        case .failure(let incident):
            record(nil)
            throw CheckFailure("\(what): \(incident.fault.description)", incident: incident)
        case .success(let response):
            answer = response
        }
        if case .ok(let output) = answer { record(output) } else { record(nil) }
        try Self.rejectUnsupported(.success(answer), operation: operation)
        if let mismatch = ResponseComparison.mismatch(expected: expected, response: answer) {
            throw CheckFailure(
                "\(what): \(Self.annotate(mismatch, describe: describe))",
                expected: VectorRunner.responseJSON(expected: expected),
                actual: answer.json
            )
        }
        guard case .ok(let output) = answer else { return .object([:]) }
        return output
    }

    static func unwrap(
        _ result: Result<AdapterResponse, AdapterIncident>,
        operation: String
    ) throws(CheckFailure) -> JSONValue {
        try rejectUnsupported(result, operation: operation)
        switch result {
        case .failure(let incident):
            throw CheckFailure("\(operation): \(incident.fault.description)", incident: incident)
        case .success(.error(let code)):
            throw CheckFailure("\(operation) answered error \(code)", actual: AdapterResponse.error(code).json)
        case .success(.ok(let output)):
            return output
        }
    }

    private static func rejectUnsupported(
        _ result: Result<AdapterResponse, AdapterIncident>,
        operation: String
    ) throws(CheckFailure) {
        guard case .success(.error(OperationOutcome.unsupported)) = result else { return }
        var failure = CheckFailure("the adapter answered unsupported to \(operation)")
        failure.unsupported = true
        throw failure
    }

    /// Adds what a step was for to a message that names `steps[i]`.
    private static func annotate(_ message: String, describe: (Int) -> String) -> String {
        guard let open = message.range(of: "steps["),
            let close = message[open.upperBound...].firstIndex(of: "]"),
            let index = Int(message[open.upperBound..<close])
        else { return message }
        return message + " (\(describe(index)))"
    }

    /// A hex member of an output, decoded.
    static func hexMember(_ name: String, of output: JSONValue, operation: String) throws(CheckFailure) -> [UInt8] {
        guard let text = output[name]?.stringValue, let bytes = Hex.decode(text) else {
            throw CheckFailure("\(operation): output member \(name) is missing or not lowercase hex", actual: output)
        }
        return bytes
    }
}
