#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an adapter gave no usable answer to a request. Each fault fails the request's vector with
/// a message naming what happened; the runner then restarts the adapter and goes on (ADP-12).
public enum AdapterFault: Error, Equatable, Sendable, CustomStringConvertible {
    /// No response within the per-request timeout; the adapter was killed.
    case timedOut(milliseconds: Int)
    /// The adapter was killed by a signal before answering.
    case crashed(signal: Int32)
    /// The adapter exited with a status before answering.
    case exited(status: Int32)
    /// The adapter closed stdout before answering but did not exit.
    case closedOutput
    /// A stdout line is not JSON.
    case notJSON(reason: String, line: String)
    /// A stdout line is JSON but not a response object.
    case malformedResponse(reason: String, line: String)
    /// A response carries another request's id: the adapter skipped, repeated or reordered answers.
    case wrongID(expected: Int64, received: String)
    /// A stdout line exceeds the runner's line cap.
    case oversizedLine(limit: Int)
    /// The adapter could not be (re)started or its `hello` failed; nothing more was sent.
    case unavailable(reason: String)
    /// `count` requests in a row timed out: the adapter is taken to be stuck and the run stops
    /// (ADP-23) rather than spend a timeout on each of thousands of requests.
    case stuck(count: Int, milliseconds: Int)
    /// The run's overall `--deadline` passed before this request was answered (ADP-23).
    case deadlineReached(seconds: Int)

    public var description: String {
        switch self {
        case .timedOut(let ms):
            "no response within \(ms) ms (the adapter hung, or needs longer: raise --timeout-ms); it was killed"
        case .crashed(let signal):
            "the adapter crashed before answering: killed by signal \(signal) (\(Self.signalName(signal)))"
        case .exited(let status):
            "the adapter exited with status \(status) before answering"
        case .closedOutput:
            "the adapter closed its stdout before answering"
        case .notJSON(let reason, let line):
            "the adapter wrote a line that is not JSON (\(reason)): \(line)"
        case .malformedResponse(let reason, let line):
            "the adapter wrote a malformed response (\(reason)): \(line)"
        case .wrongID(let expected, let received):
            "the response has id \(received), expected \(expected) (one response per request, in order)"
        case .oversizedLine(let limit):
            "the adapter wrote a line longer than \(limit) bytes (the runner's cap)"
        case .unavailable(let reason):
            "the adapter is unavailable: \(reason)"
        case .stuck(let count, let ms):
            "the adapter is stuck: \(count) requests in a row got no response within \(ms) ms; the run stopped "
                + "and the cases not yet answered were not run (check that the adapter flushes stdout after each response)"
        case .deadlineReached(let seconds):
            "the run's deadline of \(seconds) s was reached; the cases not yet answered were not run"
        }
    }

    /// A short machine-readable kind for reports.
    public var kind: String {
        switch self {
        case .timedOut: "timeout"
        case .crashed: "crash"
        case .exited: "exit"
        case .closedOutput: "closed-output"
        case .notJSON: "not-json"
        case .malformedResponse: "malformed-response"
        case .wrongID: "wrong-id"
        case .oversizedLine: "oversized-line"
        case .unavailable: "unavailable"
        case .stuck: "stuck"
        case .deadlineReached: "deadline"
        }
    }

    /// The start of an offending line, printable, for messages.
    static func excerpt(_ line: [UInt8], limit: Int = 200) -> String {
        let text = String(decoding: line.prefix(limit), as: UTF8.self)
        let printable = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : String($0) }
            .joined()
        return line.count > limit ? printable + " [... \(line.count) bytes]" : printable
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGTRAP: "SIGTRAP"
        case SIGPIPE: "SIGPIPE"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        default: "unnamed"
        }
    }
}
