import VectorFormat

/// Runs the selected live checks against an adapter, one result per check.
public struct LiveCheckRunner {
    /// `--slow`: the checks with a long form run it (the party in the middle's 10,002 attempts).
    let slow: Bool
    /// A fixed seed for the checks' keys and nonces instead of the system's CSPRNG: only for the
    /// kit's own mutant table, which must be the same on every regeneration (`LiveRandom`).
    let seed: [UInt8]?
    /// The transport lab of the checks of wire spec 15.7; nil skips them, saying what they need.
    let transportLab: TransportLabSetting?

    public init(slow: Bool = false, seed: [UInt8]? = nil, transportLab: TransportLabSetting? = nil) {
        self.slow = slow
        self.seed = seed
        self.transportLab = transportLab
    }

    public func run(
        _ checks: [LiveCheck],
        driver: AdapterDriver,
        progress: ((LiveCheck) -> Void)? = nil
    ) -> [CaseResult] {
        run(checks, driver: driver, capture: nil, progress: progress)
    }

    /// The same, saving each check's trace and key log through `capture` (`--save-traces`).
    func run(
        _ checks: [LiveCheck],
        driver: AdapterDriver,
        capture: TraceCapture?,
        progress: ((LiveCheck) -> Void)? = nil
    ) -> [CaseResult] {
        var context = capture.map { LiveContext(driver: driver, recorder: $0.recorder) } ?? LiveContext(driver: driver)
        context.slow = slow
        context.transportLab = transportLab
        if let seed { context.random = LiveRandom(seed: seed) }
        return checks.map { check in
            let operations = LiveChecks.operations(for: check.id)
            var result = CaseResult.unreported(
                id: check.id,
                operation: operations.joined(separator: ", "),
                requirements: check.requirements,
                comment: check.description
            )
            defer { progress?(check) }
            if let missing = operations.first(where: { !driver.hello.operations.contains($0) }) {
                result.outcome = .skipped
                result.message = "unsupported by adapter (operation \(missing))"
                return result
            }
            let start = Monotonic.now()
            capture?.begin(check.id)
            do throws(CheckFailure) {
                try LiveChecks.perform(check.id, context: &context)
                result.pass()
            } catch {
                result.record(error)
            }
            capture?.end(check.id, failed: result.outcome == .failed)
            result.durationNanoseconds = Monotonic.now() - start
            return result
        }
    }
}
