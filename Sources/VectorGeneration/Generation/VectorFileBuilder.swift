import AdapterOperations
import OpenHumanTunnel
import VectorFormat

/// Collects the vectors of one file, computing each `expected` with the reference
/// implementation and checking it against the author's stated intention.
struct VectorFileBuilder {
    let area: String
    private let description: String
    private let flags: [String: Flag]
    private var vectors: [Vector] = []
    private var ids: Set<String> = []

    init(area: String, description: String, flags: [String: Flag]) {
        self.area = area
        self.description = description
        self.flags = flags
    }

    /// The id a vector named `name` gets in this file.
    func id(_ name: String) -> String { "\(area)/\(name)" }

    /// Adds the vector `<area>/<name>`.
    ///
    /// - Parameters:
    ///   - precomputed: the answer, when it is pinned instead of computed (slow vectors).
    ///   - policy: for an `acceptable` vector, the policy condition under which `expected`
    ///     holds; `replayMemory` is then the memory the reference uses to compute it.
    mutating func add(
        _ name: String,
        operation: String,
        requirements: [String],
        comment: String,
        flags vectorFlags: [String] = [],
        policy: String? = nil,
        replayMemory: Int = 128,
        sessionReplayMemory: Int = 65_536,
        source: String? = nil,
        input: JSONValue,
        precomputed: OperationOutcome? = nil,
        expect intention: Expectation
    ) throws {
        let id = id(name)
        // A requirement listed twice (a case's own ids plus its receiver's) is listed once.
        var seenRequirements: Set<String> = []
        let requirements = requirements.filter { seenRequirements.insert($0).inserted }
        guard ids.insert(id).inserted else { throw GenerationError("\(id): duplicate id") }
        guard !requirements.isEmpty else { throw GenerationError("\(id): no requirement") }
        guard !comment.isEmpty, !comment.contains("\n") else {
            throw GenerationError("\(id): comment must be one line")
        }
        for flag in vectorFlags where flags[flag] == nil {
            throw GenerationError("\(id): flag \(flag) is not described in \(area)")
        }
        // `precomputed` is for pinned slow results only (GenerationOptions.computeSlow).
        let outcome =
            precomputed
            ?? Operations.reference(
                operation,
                input: input,
                replayMemory: replayMemory,
                sessionReplayMemory: sessionReplayMemory
            )
        if let policy, Policy(policy)?.name == Policy.sessionReplayMemory {
            try checkSessionPolicy(policy, id: id, sessionReplayMemory: sessionReplayMemory)
        } else if let policy {
            try checkPolicy(
                policy,
                id: id,
                operation: operation,
                input: input,
                outcome: outcome,
                replayMemory: replayMemory
            )
        }
        let expected = outcome.expected
        try check(id: id, outcome: outcome, against: intention)
        let checks = try HandshakeCheckIDs.derived(operation: operation, id: id, outcome: outcome)
        let cited = requirements + checks.filter { !requirements.contains($0) }
        let failing = Self.expectsFailure(outcome)
        let result: VectorResult = policy != nil ? .acceptable : (failing ? .invalid : .valid)
        vectors.append(
            Vector(
                id: id,
                operation: operation,
                requirements: cited,
                comment: comment,
                flags: vectorFlags,
                result: result,
                policy: policy,
                source: source,
                input: input,
                expected: expected
            )
        )
    }

    /// An `acceptable` vector's expectation must hold for every replay memory its policy allows,
    /// not only the one it was computed with.
    private func checkPolicy(
        _ text: String,
        id: String,
        operation: String,
        input: JSONValue,
        outcome: OperationOutcome,
        replayMemory: Int
    ) throws {
        guard let policy = Policy(text), policy.description == text, policy.name == Policy.replayMemory else {
            throw GenerationError("\(id): policy \(text) is not `replayMemory op integer`")
        }
        guard policy.holds(for: [Policy.replayMemory: Int64(replayMemory)]) else {
            throw GenerationError("\(id): computed with replayMemory \(replayMemory), outside its policy \(text)")
        }
        for memory in [128, 129, 256, 1024, 8192] where policy.holds(for: [Policy.replayMemory: Int64(memory)]) {
            guard Operations.reference(operation, input: input, replayMemory: memory) == outcome else {
                throw GenerationError("\(id): the answer with replayMemory \(memory) differs, though \(text) holds")
            }
        }
    }

    /// A `sessionReplayMemory` vector names exactly one of the two allowed bounds (MEMORY-2),
    /// the one its expectation was computed with.
    private func checkSessionPolicy(_ text: String, id: String, sessionReplayMemory: Int) throws {
        guard let policy = Policy(text), policy.description == text, policy.comparison == .equal,
            CoreSession.allowedBounds.contains(Int(policy.value)), Int(policy.value) == sessionReplayMemory
        else {
            throw GenerationError("\(id): policy \(text) must be sessionReplayMemory=<the bound it was computed with>")
        }
    }

    /// Whether the answer is a failure of the request or of any step (VEC-4, VEC-5).
    private static func expectsFailure(_ outcome: OperationOutcome) -> Bool {
        switch outcome {
        case .error: return true
        case .output(let output): return output["steps"]?.arrayValue?.contains { $0["error"] != nil } ?? false
        }
    }

    /// Checks the reference's answer against the intention.
    private func check(id: String, outcome: OperationOutcome, against intention: Expectation) throws {
        switch (intention, outcome) {
        case (.valid, .output):
            return
        case (.output(let known), .output(let actual)):
            guard known == actual else {
                throw GenerationError("\(id): reference answers \(actual), the known answer is \(known)")
            }
        case (.error(let code), .error(let actual)):
            guard code == actual else {
                throw GenerationError("\(id): expected error \(code), reference gives \(actual)")
            }
        case (.steps(let codes), .output(let output)):
            guard let steps = output["steps"]?.arrayValue, steps.count == codes.count else {
                throw GenerationError("\(id): expected \(codes.count) steps, reference answers \(output)")
            }
            for (index, (code, step)) in zip(codes, steps).enumerated() where step["error"]?.stringValue != code {
                throw GenerationError("\(id): step \(index) expected \(code ?? "success"), reference answers \(step)")
            }
        default:
            throw GenerationError("\(id): intention \(intention), reference answers \(outcome)")
        }
    }

    func build() throws -> VectorFile {
        let used = Set(vectors.flatMap(\.flags))
        if let unused = Set(flags.keys).subtracting(used).sorted().first {
            throw GenerationError("\(area): flag \(unused) is described but no vector uses it")
        }
        return VectorFile(
            schema: "\(area).schema.json",
            area: area,
            description: description,
            flags: flags,
            vectors: vectors
        )
    }
}
