import Foundation
import VectorFormat

/// One running transport lab: a child process that answers one JSON line per command line
/// (tools/lan-endpoint/README.md, "The transport lab"). One lab serves one live check, so no
/// server, channel or device state is carried from one check to the next.
///
/// Every call is bounded in real time, and the lab's stderr tail goes into the failure message of
/// any call that does not come back, so a broken lab costs the check a clear failure, not a hang.
final class TransportLab {
    let timeScale: Int
    private let process: AdapterProcess
    /// The selection time of the last answer: `at` never goes back.
    private(set) var now: Int64 = 0

    /// Real seconds a command other than `wait` may take (`setup` starts a relay and pairs a phone).
    static let commandSeconds = 60.0
    /// Real seconds the lab has to stop its servers and exit once its input is closed.
    static let stopSeconds = 10.0

    init(_ setting: TransportLabSetting) throws(CheckFailure) {
        timeScale = setting.timeScale
        do {
            process = try AdapterProcess(
                command: setting.command + ["--time-scale", String(setting.timeScale)],
                maximumLineLength: 1 << 20
            )
        } catch {
            throw CheckFailure("the transport lab did not start: \(error.description)")
        }
    }

    deinit {
        process.closeInput()
        _ = process.exitStatus(grace: Monotonic.milliseconds(Int(Self.stopSeconds * 1000)))
        process.terminate()
    }

    /// Sends `command` and returns the lab's answer, failing on `"ok": false`, a malformed line,
    /// the lab's exit, or no answer within `seconds`.
    @discardableResult
    func call(_ command: JSONValue, seconds: Double = commandSeconds) throws(CheckFailure) -> JSONValue {
        let name = command["op"]?.stringValue ?? "?"
        process.send(JSONWriter.compact(command))
        let deadline = Monotonic.now() + UInt64(seconds * 1e9)
        let answer: JSONValue
        switch process.nextLine(deadline: deadline) {
        case .line(let bytes):
            guard let value = try? JSONReader.value(bytes), case .object = value else {
                throw failure("answered \(name) with a line that is not a JSON object")
            }
            answer = value
        case .timedOut: throw failure("did not answer \(name) within \(Int(seconds)) s")
        case .endOfOutput: throw failure("exited during \(name)")
        case .oversized: throw failure("answered \(name) with a line over 1 MiB")
        }
        guard answer["ok"] == .bool(true) else {
            throw failure("refused \(name): \(answer["error"]?.stringValue ?? JSONWriter.compactString(answer))")
        }
        if let at = answer["at"]?.intValue { now = max(now, at) }
        return answer
    }

    /// Real seconds until the selection's clock reaches `until`, with room for a loaded machine.
    func seconds(until: Int64) -> Double {
        Double(max(until - now, 0)) / 1000 / Double(timeScale) + 10
    }

    private func failure(_ what: String) -> CheckFailure {
        let tail = process.stderrTail.lines(after: 0).lines.suffix(12)
        let note = tail.isEmpty ? "" : "; its stderr ends: " + tail.joined(separator: " | ")
        return CheckFailure("the transport lab \(what)\(note)")
    }
}
