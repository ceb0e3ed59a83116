import OpenHumanTunnel
import VectorFormat

extension Operations {
    /// The answer of `operation` on `input` in the form a vector records it: an output, or a
    /// protocol, `bad_request` or `unsupported` code.
    public func outcome(_ operation: String, input: JSONValue) -> OperationOutcome {
        do {
            guard let output = try run(operation, RequestInput(input, path: "input")) else {
                return .error(OperationOutcome.unsupported)
            }
            return .output(output)
        } catch let error as any ProtocolFailure {
            return .error(error.code)
        } catch is UnrepresentableOutput {
            return .error(OperationOutcome.unsupported)
        } catch {
            return .error(OperationOutcome.badRequest)
        }
    }

    /// The reference library's answer, which `vectorgen` records as a vector's `expected` and
    /// the live checks compare against. `replayMemory` is the window of the session ciphers: 128
    /// for the reference, larger to compute the expectation of a `replayMemory>128` vector.
    /// Besides the adapter operations it answers the runner-driven pseudo-operation
    /// `accumulated`, which no adapter implements.
    public static func reference(
        _ operation: String,
        input: JSONValue,
        replayMemory: Int = ReplayWindow.standardCapacity,
        sessionReplayMemory: Int = 65_536
    ) -> OperationOutcome {
        if operation == "accumulated" { return accumulated(input) }
        let implementation = LibraryImplementation(replayMemory: replayMemory, sessionReplayMemory: sessionReplayMemory)
        return Operations(implementation: implementation).outcome(operation, input: input)
    }

    /// `{seed, cases}` -> `{sha256}`: the accumulated test run on the reference itself.
    private static func accumulated(_ value: JSONValue) -> OperationOutcome {
        do throws(BadRequest) {
            let input = try RequestInput(value, path: "input")
            let seed = try input.string("seed"), count = try input.natural("cases")
            guard count <= Int64(Int32.max) else { throw BadRequest(reason: "input.cases: out of range") }
            do {
                return .output(["sha256": .string(try AccumulatedTest.referenceHash(seed: seed, count: Int(count)))])
            } catch {
                return .error(error.code)
            }
        } catch {
            return .error(OperationOutcome.badRequest)
        }
    }
}
