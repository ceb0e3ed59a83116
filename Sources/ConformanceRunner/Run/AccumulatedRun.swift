import AdapterOperations
import OpenHumanTunnel
import VectorFormat

/// Runs an `accumulated` vector (spec/kit/01-vectors.md): `{seed, cases}` expands into one
/// `frame-seal` and one `frame-open` request per case, and one SHA-256 over every sealed frame
/// and every open result must equal the vector's `sha256`.
///
/// A bare hash mismatch says nothing about where to look, so the runner also replays every case
/// on the reference library and stops at the first case where the adapter's answer differs,
/// naming the case's role, length and damage. The hash stays the verdict; the per-case
/// comparison is the explanation.
///
/// Each open depends on its seal's answer, yet the adapter must never wait for the runner: the
/// requests go out as `S0 ... S(L-1), O0, S(L), O1, S(L+1), ...` (S = seal, O = open), so the
/// seals run `L` cases ahead and the runner checks case `k` while the adapter works on later ones.
enum AccumulatedRun {
    static let operation = "accumulated"
    /// The adapter operations an accumulated vector drives.
    static let operations = ["frame-seal", "frame-open"]

    static func run(_ vector: Vector, driver: AdapterDriver, into result: inout CaseResult) {
        do throws(CheckFailure) {
            try check(vector, driver: driver)
            result.pass()
        } catch {
            result.record(error)
        }
    }

    /// Which request goes out at each position: `L` seals first, then opens and seals in turn,
    /// then the last `L` opens.
    struct Schedule {
        let cases: Int
        let lead: Int

        init(cases: Int, window: Int) {
            self.cases = cases
            lead = min(max(window / 2, 1), cases)
        }

        var requests: Int { 2 * cases }

        /// (is a seal, case index) at `position`.
        func slot(_ position: Int) -> (seal: Bool, index: Int) {
            if position < lead { return (true, position) }
            let interleaved = 2 * (cases - lead)
            if position < lead + interleaved {
                let offset = position - lead
                return offset % 2 == 0 ? (false, offset / 2) : (true, lead + offset / 2)
            }
            return (false, position - cases)
        }
    }

    private static func check(_ vector: Vector, driver: AdapterDriver) throws(CheckFailure) {
        guard let seed = vector.input["seed"]?.stringValue, let count = vector.input["cases"]?.intValue,
            (0...Int64(Int32.max)).contains(count), let expectedHash = vector.expected["sha256"]?.stringValue
        else {
            throw CheckFailure("the vector is not an accumulated vector: input {seed, cases}, expected {sha256}")
        }
        let schedule = Schedule(cases: Int(count), window: driver.configuration.window)
        var generator = AccumulatedCases(seed: seed, count: Int(count))
        // Cases between their seal and their checked open: at most about a window's worth.
        var pending: [Int: AccumulatedCase] = [:]
        var sealed: [Int: [UInt8]] = [:]
        var hash = AccumulatedHash()
        var failure: CheckFailure?
        driver.exchange(
            count: schedule.requests,
            next: { position in
                guard failure == nil else { return .stop }
                let (isSeal, index) = schedule.slot(position)
                if isSeal {
                    if pending[index] == nil, let next = generator.next() { pending[index] = next }
                    guard let testCase = pending[index] else { return .stop }
                    return .send(AdapterRequest(operation: "frame-seal", input: testCase.sealInput))
                }
                guard let testCase = pending[index], let frame = sealed[index] else { return .wait }
                return .send(AdapterRequest(operation: "frame-open", input: testCase.openInput(sealed: frame)))
            },
            result: { position, response in
                guard failure == nil else { return }
                let (isSeal, index) = schedule.slot(position)
                do throws(CheckFailure) {
                    guard let testCase = pending[index] else { return }
                    if isSeal {
                        let output = try LiveContext.unwrap(response, operation: "frame-seal (case \(index))")
                        let frame = try LiveContext.hexMember(
                            "frame",
                            of: output,
                            operation: "frame-seal (case \(index))"
                        )
                        try checkSealedLength(frame, of: testCase, index: index)
                        sealed[index] = frame
                    } else {
                        let frame = sealed[index] ?? []
                        let opened = try openOutcome(response, index: index)
                        try compareWithReference(testCase, index: index, sealed: frame, opened: opened)
                        hash.absorb(sealed: frame, opened: opened)
                        pending[index] = nil
                        sealed[index] = nil
                    }
                } catch {
                    failure = error
                }
            }
        )
        if let failure { throw failure }
        guard hash.count == schedule.cases else {
            throw CheckFailure("only \(hash.count) of \(schedule.cases) cases were answered")
        }
        let actualHash = hash.finalize()
        guard actualHash == expectedHash else {
            throw CheckFailure(
                "every case agrees with the reference, but the hash \(actualHash) differs from the vector's: "
                    + "the vector file and the reference library disagree",
                actual: ["sha256": .string(actualHash)]
            )
        }
    }

    /// A sealed frame is exactly the plaintext plus the frame overhead (FRAME-SEAL-1). Checked as
    /// soon as the seal is answered: the case's damage (a flipped bit at a position drawn for a
    /// frame of the right length) is applied to whatever the adapter returned, so a frame of
    /// another length must stop the case before its open request is built.
    private static func checkSealedLength(
        _ frame: [UInt8],
        of testCase: AccumulatedCase,
        index: Int
    ) throws(CheckFailure) {
        let expected = testCase.plaintext.count + Limits.sessionFrameOverhead
        guard frame.count == expected else {
            throw CheckFailure(
                "case \(index) (\(describe(testCase))): frame-seal answered a \(frame.count)-byte frame, "
                    + "expected \(expected) bytes (a \(testCase.plaintext.count)-byte plaintext plus "
                    + "\(Limits.sessionFrameOverhead) bytes of type, nonce and tag)"
            )
        }
    }

    /// A `frame-open` answer as the hash records it: the plaintext, or the refusal's code.
    private static func openOutcome(
        _ response: Result<AdapterResponse, AdapterIncident>,
        index: Int
    ) throws(CheckFailure) -> AccumulatedHash.Outcome {
        let operation = "frame-open (case \(index))"
        if case .success(.error(let code)) = response, code != OperationOutcome.unsupported {
            return .error(code)
        }
        let output = try LiveContext.unwrap(response, operation: operation)
        return .plaintext(try LiveContext.hexMember("plaintext", of: output, operation: operation))
    }

    private static func compareWithReference(
        _ testCase: AccumulatedCase,
        index: Int,
        sealed: [UInt8],
        opened: AccumulatedHash.Outcome
    ) throws(CheckFailure) {
        let reference = referenceResult(testCase)
        guard reference.sealed == sealed else {
            throw CheckFailure(
                "case \(index) (\(describe(testCase))): frame-seal gives another frame than the reference"
            )
        }
        guard reference.opened == opened else {
            throw CheckFailure(
                "case \(index) (\(describe(testCase))): frame-open answers \(text(opened)), "
                    + "the reference \(text(reference.opened))"
            )
        }
    }

    /// The case on the reference library. Each cipher gets keys in storage of their own: a
    /// cipher wipes its key storage when released.
    private static func referenceResult(
        _ testCase: AccumulatedCase
    ) -> (sealed: [UInt8], opened: AccumulatedHash.Outcome) {
        func keys() -> SessionKeys { SessionKeys(c2s: testCase.c2s.map { $0 }, s2c: testCase.s2c.map { $0 }) }
        // Case plaintexts are at most 1,024 bytes and nonces 24 bytes: sealing cannot fail.
        let sealed =
            (try? SessionCipher(role: testCase.sealer, keys: keys()).seal(testCase.plaintext, nonce: testCase.nonce))
            ?? []
        var opener = SessionCipher(role: testCase.opener, keys: keys())
        do {
            return (sealed, .plaintext(try opener.open(testCase.received(sealed))))
        } catch {
            return (sealed, .error(error.code))
        }
    }

    private static func describe(_ testCase: AccumulatedCase) -> String {
        let damage: String
        switch testCase.damage {
        case .none: damage = "undamaged"
        case .flip(let index, let bit): damage = "bit \(bit) of byte \(index) flipped"
        case .truncate(let length): damage = "truncated to \(length) bytes"
        }
        return "sealed by \(testCase.sealer.rawValue), \(testCase.plaintext.count)-byte plaintext, \(damage)"
    }

    private static func text(_ outcome: AccumulatedHash.Outcome) -> String {
        switch outcome {
        case .plaintext(let bytes): "a \(bytes.count)-byte plaintext"
        case .error(let code): "error \(code)"
        }
    }
}
