import TunnelVerifier
import VectorFormat

/// verify (kit chapter 3, ADP-90): the implementation's verifier on a trace given inline.
extension Operations {
    func verify(_ input: RequestInput) throws -> JSONValue {
        let trace = try input.string("trace")
        let keyLog = input.isAbsent("keyLog") ? nil : try input.string("keyLog")
        let payload = input.isAbsent("pairingPayload") ? nil : try input.string("pairingPayload")
        let continuing = try input.optionalBool("continue") ?? false
        let result = implementation.verify(
            VerifierInput(
                trace: Array(trace.utf8),
                keyLog: keyLog,
                pairingPayload: payload,
                continuePastDepartures: continuing
            )
        )
        return .object([
            "status": .string(result.status.rawValue),
            "departures": .array(
                result.departures.map { ["requirement": .string($0.requirement), "step": .int(Int64($0.step))] }
            ),
        ])
    }
}
