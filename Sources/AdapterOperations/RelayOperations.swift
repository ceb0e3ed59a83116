import KitModels
import VectorFormat

/// relay: one relay driven by steps of (connection, event, time), answering each step with the
/// events the relay sends (spec/12-signalling.md, ADP-70).
extension Operations {
    func relay(_ input: RequestInput) throws -> JSONValue {
        let steps = try input.array("steps").map { element throws(BadRequest) -> RelayStep in
            let step = try RequestInput(element.value, path: element.path)
            let connection = try step.string("connection")
            guard !connection.isEmpty else {
                throw BadRequest(reason: "\(element.path).connection: expected a non-empty string")
            }
            let account = step.isAbsent("account") ? nil : try step.string("account")
            let mint = step.isAbsent("mint") ? nil : try step.object("mint")
            let event = try RelayEventJSON.read(name: try step.string("event"), data: element.value["data"], mint: mint)
            return RelayStep(connection: connection, account: account, event: event, now: try step.safeNatural("now"))
        }
        let emitted = implementation.relay(steps)
        return .object(["steps": .array(emitted.map { .object(["emit": .array($0.map(RelayEventJSON.write))]) })])
    }
}
