import AdapterOperations
import VectorFormat

/// Runs static vectors through an adapter: plan, pipeline, compare.
public struct VectorRunner {
    public var includeSlow: Bool
    /// Called after each vector with (cases finished, total, id).
    public var progress: ((Int, Int, String) -> Void)?

    public init(includeSlow: Bool = false, progress: ((Int, Int, String) -> Void)? = nil) {
        self.includeSlow = includeSlow
        self.progress = progress
    }

    /// One result per vector, in the order given.
    public func run(_ vectors: [Vector], driver: AdapterDriver) -> [CaseResult] {
        var results = vectors.map(Self.pendingResult)
        var toRun: [Int] = []
        var finished = 0
        for index in vectors.indices {
            switch CasePlanning.decide(vectors[index], hello: driver.hello, includeSlow: includeSlow) {
            case .run:
                toRun.append(index)
                continue
            case .skip(let reason):
                results[index].outcome = .skipped
                results[index].message = reason
            case .invalid(let problem):
                results[index].outcome = .failed
                results[index].message = problem
            }
            finished += 1
        }
        let accumulated = toRun.filter { vectors[$0].operation == AccumulatedRun.operation }
        let plain = toRun.filter { vectors[$0].operation != AccumulatedRun.operation }
        var last = Monotonic.now()
        driver.exchange(
            count: plain.count,
            request: { position in
                let vector = vectors[plain[position]]
                return AdapterRequest(
                    operation: vector.operation,
                    input: vector.input,
                    timeoutMilliseconds: vector.isSlow ? CasePlanning.slowTimeoutMilliseconds : nil
                )
            },
            result: { position, response in
                let index = plain[position]
                let now = Monotonic.now()
                results[index].durationNanoseconds = now - last
                last = now
                Self.judge(&results[index], expected: vectors[index].expected, response: response)
                finished += 1
                progress?(finished, vectors.count, vectors[index].id)
            }
        )
        for index in accumulated {
            let start = Monotonic.now()
            AccumulatedRun.run(vectors[index], driver: driver, into: &results[index])
            results[index].durationNanoseconds = Monotonic.now() - start
            finished += 1
            progress?(finished, vectors.count, vectors[index].id)
        }
        return results
    }

    static func pendingResult(_ vector: Vector) -> CaseResult {
        .unreported(
            id: vector.id,
            operation: vector.operation,
            requirements: vector.requirements,
            comment: vector.comment,
            expected: responseJSON(expected: vector.expected)
        )
    }

    /// A vector's `expected` in the response form reports use.
    static func responseJSON(expected: JSONValue) -> JSONValue {
        if let code = ResponseComparison.errorCode(of: expected) { return AdapterResponse.error(code).json }
        return AdapterResponse.ok(expected).json
    }

    /// Sets the outcome of `result` from the adapter's answer.
    static func judge(
        _ result: inout CaseResult,
        expected: JSONValue,
        response: Result<AdapterResponse, AdapterIncident>
    ) {
        switch response {
        case .failure(let incident):
            result.record(incident)
        case .success(let answer):
            result.actual = answer.json
            if answer == .error(OperationOutcome.unsupported) {
                result.outcome = .skipped
                result.message = "the adapter answered unsupported"
            } else if let mismatch = ResponseComparison.mismatch(expected: expected, response: answer) {
                result.outcome = .failed
                result.message = mismatch
            } else {
                result.pass()
            }
            result.boundRetained()
        }
    }
}
