import OpenHumanTunnel
import VectorFormat

/// The one loop of every stateful operation: read every step first (a malformed step makes the
/// whole request a bad request, before any step runs), then run them in order on one state.
/// A step that fails with the operation's protocol error (`Failure`) is answered
/// `{"error": code}` and the next step runs; any other error ends the request.
enum StepRunner {
    /// Runs the steps of `input.steps`, each read by `parse` and answered by `apply`; `finish`
    /// adds what every answer carries, failed or not (the channel after the step, for example).
    static func run<Step, Failure: ProtocolFailure>(
        _ input: RequestInput,
        catching _: Failure.Type,
        parse: (JSONValue, String) throws -> Step,
        apply: (Step) throws -> [String: JSONValue],
        finish: (inout [String: JSONValue]) -> Void = { _ in }
    ) throws -> JSONValue {
        try run(
            input,
            catching: Failure.self,
            parse: parse,
            before: { _ in () },
            apply: apply,
            finish: { _, answer in finish(&answer) }
        )
    }

    /// As above, with `before` run ahead of each step (expiring what the step's time ends) and
    /// its result handed to `finish`.
    static func run<Step, Context, Failure: ProtocolFailure>(
        _ input: RequestInput,
        catching _: Failure.Type,
        parse: (JSONValue, String) throws -> Step,
        before: (Step) -> Context,
        apply: (Step) throws -> [String: JSONValue],
        finish: (Context, inout [String: JSONValue]) -> Void
    ) throws -> JSONValue {
        let steps = try input.array("steps").map { element in try parse(element.value, element.path) }
        var answers: [JSONValue] = []
        answers.reserveCapacity(steps.count)
        for step in steps {
            let context = before(step)
            var answer: [String: JSONValue]
            do {
                answer = try apply(step)
            } catch let error as Failure {
                answer = ["error": .string(error.code)]
            }
            finish(context, &answer)
            answers.append(.object(answer))
        }
        return .object(["steps": .array(answers)])
    }
}
