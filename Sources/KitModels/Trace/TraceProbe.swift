import OpenHumanTunnel

/// A record the capture made on purpose to break a rule (TRACE-6): a runner's replay, tampered
/// or truncated message, sent to see the other side refuse it. The verifier holds it to what it
/// announces instead of reporting it as a departure of the trace (VERIFY-12).
public struct TraceProbe: Equatable, Hashable, Sendable {
    /// The requirement id the message breaks, as the verifier names it.
    public let breaks: String
    /// What the receiver must do with it: refuse it (the one value of this version).
    public let expect: Expectation
    /// What the receiver did, when the capture saw its answer (a runner sees the adapter's).
    public let answer: Answer?

    public enum Expectation: String, Sendable { case refused }
    public enum Answer: String, Sendable { case refused, accepted }

    public init(breaks: String, expect: Expectation = .refused, answer: Answer? = nil) {
        self.breaks = breaks
        self.expect = expect
        self.answer = answer
    }

    /// The `probe` member: `{"answer":…,"breaks":…,"expect":…}`.
    var node: JSONNode {
        var members = [
            JSONMember(name: Array("breaks".utf8), value: .string(Array(breaks.utf8))),
            JSONMember(name: Array("expect".utf8), value: .string(Array(expect.rawValue.utf8))),
        ]
        if let answer {
            members.append(JSONMember(name: Array("answer".utf8), value: .string(Array(answer.rawValue.utf8))))
        }
        return .object(members)
    }

    /// Reads the `probe` member strictly: `breaks` a requirement id, `expect` and `answer` from
    /// their lists; other members are ignored (TRACE-3).
    static func decode(_ node: JSONNode) throws(TraceError) -> TraceProbe {
        guard case .object = node else { throw .badMemberType("probe") }
        guard case .string(let breaks)? = node.member("breaks") else { throw .badMemberValue("probe") }
        guard isRequirementID(breaks) else { throw .badMemberValue("probe") }
        guard case .string(let expect)? = node.member("expect"),
            let expectation = Expectation(rawValue: String(decoding: expect, as: UTF8.self))
        else { throw .badMemberValue("probe") }
        var answer: Answer?
        if let node = node.member("answer") {
            guard case .string(let text) = node, let value = Answer(rawValue: String(decoding: text, as: UTF8.self))
            else { throw .badMemberValue("probe") }
            answer = value
        }
        return TraceProbe(breaks: String(decoding: breaks, as: UTF8.self), expect: expectation, answer: answer)
    }

    /// `LETTERS(-LETTERS)*-DIGITS`, at most 32 bytes: the form of the spec's requirement ids.
    private static func isRequirementID(_ text: [UInt8]) -> Bool {
        guard (3...32).contains(text.count), let last = text.last, (0x30...0x39).contains(last) else { return false }
        return text.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
