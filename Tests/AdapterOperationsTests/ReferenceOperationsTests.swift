import AdapterOperations
import Testing
import VectorFormat

/// The one operation interpreter, as `vectorgen` and the live checks use it, on the inputs where
/// the generators' former interpreter and the reference adapter used to disagree.
@Suite struct ReferenceOperationsTests {
    private let ikm: JSONValue = ["ikm": "00", "salt": "", "info": ""]

    // REQ: KDF-1, ADP-11
    @Test func hkdfLengthPastAnyAllocationIsTheProtocolCodeNotBadRequest() {
        #expect(
            Operations.reference("hkdf-sha256", input: ikm.setting("length", .int(Int64(Int32.max) + 1)))
                == .error("hkdf_output_too_long")
        )
        #expect(
            Operations.reference("hkdf-sha256", input: ikm.setting("length", 8161)) == .error("hkdf_output_too_long")
        )
        #expect(Operations.reference("hkdf-sha256", input: ikm.setting("length", -1)) == .error("bad_request"))
        // Positive control: a length within the limit is answered.
        guard case .output(let output) = Operations.reference("hkdf-sha256", input: ikm.setting("length", 8160)) else {
            Issue.record("8,160 bytes must be answered")
            return
        }
        #expect(output["okm"]?.stringValue?.count == 2 * 8160)
    }

    // REQ: ADP-11, CHAN-1
    @Test func negativeUnixTimesAreBadRequest() {
        let pending: JSONValue = ["state": "pending", "expiresAt": -1]
        let step: JSONValue = [
            "frame": "", "now": 0, "serverEphemeralPrivate": .hex([UInt8](repeating: 1, count: 32)),
            "ackNonce": .hex([UInt8](repeating: 2, count: 24)),
        ]
        let input: JSONValue = [
            "coreStaticPrivate": .hex([UInt8](repeating: 3, count: 32)), "channel": pending,
            "steps": [step],
        ]
        #expect(Operations.reference("handshake-core", input: input) == .error("bad_request"))
        #expect(
            Operations.reference(
                "handshake-core",
                input: input.setting("steps", [step.setting("now", -1)])
                    .setting("channel", pending.setting("expiresAt", 600))
            ) == .error("bad_request")
        )
        // Positive control: the same request with non-negative times runs its step.
        guard
            case .output(let output) = Operations.reference(
                "handshake-core",
                input: input.setting("channel", pending.setting("expiresAt", 600))
            )
        else {
            Issue.record("non-negative times must be answered")
            return
        }
        #expect(output["steps"]?.arrayValue?.first?["error"] != nil)
    }

    @Test func accumulatedIsAnsweredOnlyByTheReference() {
        let input: JSONValue = ["seed": .string(AccumulatedTest.seed), "cases": 1]
        #expect(Operations.reference("accumulated", input: input) != .error("unsupported"))
        #expect(
            Operations(implementation: LibraryImplementation()).outcome("accumulated", input: input)
                == .error("unsupported")
        )
    }
}
