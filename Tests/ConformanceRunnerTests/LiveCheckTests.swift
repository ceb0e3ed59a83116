import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// argv of the reference adapter, served by the `conformance` executable built beside the tests
/// (`swift build --build-tests` and `swift test` build every product of the package), or of a
/// mutant, served by `reference-adapter`: the runner links no mutant.
func referenceAdapter(mutant: String? = nil) throws -> [String] {
    let directory = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        .deletingLastPathComponent()
    let executable = directory.appendingPathComponent(mutant == nil ? "conformance" : "reference-adapter").path
    struct MissingExecutable: Error, CustomStringConvertible {
        var description: String
    }
    guard FileManager.default.isExecutableFile(atPath: executable) else {
        throw MissingExecutable(description: "the executable is not built at \(executable)")
    }
    return mutant.map { [executable, "--mutant", $0] } ?? [executable, "--serve-reference"]
}

/// The catalog entry with `id`.
func live(_ id: String) -> LiveCheck {
    LiveChecks.check(id) ?? LiveCheck(id: id, requirements: [], description: "missing from the catalog")
}

/// The live checks pass against the reference, and each catches the broken implementations it
/// exists for, at the step it names.
final class LiveCheckTests: XCTestCase {
    private func run(_ checks: [LiveCheck], adapter: [String]) throws -> [CaseResult] {
        let driver = try AdapterDriver(configuration: AdapterConfiguration(command: adapter))
        defer { driver.shutdown() }
        return LiveCheckRunner().run(checks, driver: driver)
    }

    private func message(_ check: LiveCheck, mutant: String) throws -> String? {
        let results = try run([check], adapter: try referenceAdapter(mutant: mutant))
        XCTAssertEqual(results.map(\.outcome), [.failed], "\(mutant) is not caught by \(check.id)")
        return results.first?.message
    }

    // REQ: FRAME-SEAL-1, FRAME-SEAL-2, HS-4, ACK-4, REPLAY-3, FRAME-OPEN-7
    func testReferencePassesEveryLiveCheck() throws {
        // The transport checks need the lab and real time: TransportLiveCheckTests runs them.
        let checks = LiveChecks.catalog.filter { !LiveChecks.transportIDs.contains($0.id) }
        let results = try run(checks, adapter: try referenceAdapter())
        XCTAssertEqual(results.map(\.id), checks.map(\.id))
        for result in results {
            XCTAssertEqual(result.outcome, .passed, "\(result.id): \(result.message ?? "")")
        }
    }

    func testEveryCatalogCheckIsImplementedAndNoOther() {
        XCTAssertEqual(LiveChecks.catalog.map(\.id).sorted(), LiveChecks.implemented.sorted())
        XCTAssertEqual(Set(LiveChecks.catalog.map(\.id)).count, LiveChecks.catalog.count)
        for check in LiveChecks.catalog {
            XCTAssertTrue(check.id.hasPrefix("live/"), check.id)
            XCTAssertFalse(check.requirements.isEmpty, check.id)
        }
    }

    // MARK: - Nonce freshness (fake adapters in Python)

    // REQ: FRAME-SEAL-2
    func testRandomNoncesPass() throws {
        XCTAssertEqual(
            try run([live(LiveChecks.sealNoncesID)], adapter: Fixture.weakNonce("random")).map(\.outcome),
            [.passed]
        )
    }

    // REQ: FRAME-SEAL-2
    func testCounterNoncesAreCaughtAlthoughAllDistinct() throws {
        let results = try run([live(LiveChecks.sealNoncesID)], adapter: Fixture.weakNonce("counter"))
        XCTAssertEqual(results.map(\.outcome), [.failed])
        XCTAssertEqual(
            results.first?.message,
            "nonce byte 0 took only 1 distinct values over 1000 frames (CSPRNG output "
                + "takes about 250): the nonces look like a counter or a timestamp, not fresh random bytes (FRAME-SEAL-2)"
        )
    }

    // REQ: FRAME-SEAL-2
    func testRepeatedNonceIsCaught() throws {
        let results = try run([live(LiveChecks.sealNoncesID)], adapter: Fixture.weakNonce("repeat"))
        XCTAssertEqual(results.map(\.outcome), [.failed])
        XCTAssertEqual(
            results.first?.message,
            "frame 302 of 1000 (role device) repeats an earlier nonce "
                + String(repeating: "5a", count: 24) + ": FRAME-SEAL-2 forbids reuse"
        )
    }

    // REQ: FRAME-SEAL-2
    func testConstantSealNonceMutantIsCaught() throws {
        let text = try message(live(LiveChecks.sealNoncesID), mutant: "constant-seal-nonce")
        XCTAssertEqual(text?.hasPrefix("frame 2 of 1000 (role device) repeats an earlier nonce"), true, text ?? "")
    }

    func testCheckIsSkippedWhenTheAdapterLacksItsOperation() throws {
        let results = try run([live(LiveChecks.adapterAsCoreID)], adapter: Fixture.weakNonce("random"))
        XCTAssertEqual(results.map(\.outcome), [.skipped])
        XCTAssertEqual(results.first?.message, "unsupported by adapter (operation handshake-core)")
    }

    // MARK: - Handshakes

    // REQ: CHAN-5
    func testCoreThatAcceptsAReplayedHandshakeIsCaughtAtThatStep() throws {
        let text = try message(live(LiveChecks.adapterAsCoreID), mutant: "handshake-replay-accepted")
        XCTAssertEqual(
            text?.hasPrefix("handshake-core: output member steps[1]: expected error handshake_replayed"),
            true,
            text ?? ""
        )
        XCTAssertEqual(text?.hasSuffix("(the same handshake replayed)"), true, text ?? "")
    }

    // REQ: CHAN-3
    func testCoreThatAcceptsAnImpostorDeviceIsCaught() throws {
        let text = try message(live(LiveChecks.adapterAsCoreID), mutant: "unknown-device-accepted")
        XCTAssertEqual(text?.hasSuffix("(an impostor device's handshake)"), true, text ?? "")
    }

    // REQ: HS-1
    func testDeviceThatOmitsTheHandshakeAADIsCaught() throws {
        let text = try message(live(LiveChecks.adapterAsDeviceID), mutant: "handshake-aad-omitted")
        XCTAssertEqual(
            text?.hasPrefix("handshake-device-start with fresh keys: output member frame: expected"),
            true,
            text ?? ""
        )
    }

    // REQ: ACK-4
    func testDeviceThatIgnoresTheAckKindIsNotBlamedByTheLiveCheck() throws {
        // The live ack is always well-formed: this bug is for vectors to catch. The control shows
        // the live check does not fail a device for what it cannot see.
        XCTAssertEqual(
            try run([live(LiveChecks.adapterAsDeviceID)], adapter: try referenceAdapter(mutant: "ack-kind-not-checked"))
                .map(\.outcome),
            [.passed]
        )
    }

    // MARK: - Sessions

    // REQ: KDF-5
    func testSwappedDirectionKeysAreCaught() throws {
        let text = try message(live(LiveChecks.sessionAsDeviceID), mutant: "swap-direction-keys")
        XCTAssertEqual(text?.hasPrefix("session as device: output member steps[0]: expected"), true, text ?? "")
    }

    // REQ: FRAME-OPEN-7
    func testNonceRecordedBeforeAuthenticationIsCaughtAfterTheTamperedFrame() throws {
        let text = try message(live(LiveChecks.sessionAsCoreID), mutant: "record-nonce-before-auth")
        XCTAssertEqual(text?.hasPrefix("session as core: output member steps[6]: expected"), true, text ?? "")
        XCTAssertEqual(
            text?.hasSuffix("(open frame 5 untampered (the tampered copy changed nothing))"),
            true,
            text ?? ""
        )
    }

    // REQ: REPLAY-3
    func testMissingReplayWindowIsCaught() throws {
        let text = try message(live(LiveChecks.sessionAsDeviceID), mutant: "no-replay-window")
        XCTAssertEqual(text?.hasSuffix("(open frame 2 again (replay))"), true, text ?? "")
    }
}
