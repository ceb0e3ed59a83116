import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// The transport checks of wire spec 15.7, run once here against the kit's transport lab (real
/// servers on loopback, seconds of real time each): the reference passes them all; the deployed
/// race fails the refused LAN at the refusal while the composed control beside it passes; a lab
/// that is missing or refuses its setup gives a skip or a failure that says why.
final class TransportLiveCheckTests: XCTestCase {
    private static let lab = TransportLabSetting.beside(
        vectorsDirectory: Repository.root.appendingPathComponent("vectors").path
    )

    private func run(_ ids: [String], adapter: [String], lab: TransportLabSetting?) throws -> [CaseResult] {
        let driver = try AdapterDriver(configuration: AdapterConfiguration(command: adapter))
        defer { driver.shutdown() }
        return LiveCheckRunner(transportLab: lab).run(ids.map(live), driver: driver)
    }

    private func labSetting() throws -> TransportLabSetting {
        try XCTUnwrap(Self.lab, "tools/lan-endpoint/openhuman-transport-lab is missing from the repository")
    }

    // REQ: SELECT-8, SELECT-9, SELECT-14, SELECT-16, ADP-134
    func testReferencePassesEveryTransportCheck() throws {
        let results = try run(LiveChecks.transportIDs, adapter: try referenceAdapter(), lab: try labSetting())
        XCTAssertEqual(results.map(\.id), LiveChecks.transportIDs)
        for result in results {
            XCTAssertEqual(result.outcome, .passed, "\(result.id): \(result.message ?? "")")
        }
    }

    // REQ: SELECT-9
    func testTheDeployedRaceFailsTheRefusedLANAtTheRefusalWhileTheComposedControlPasses() throws {
        let lab = try labSetting()
        let mutant = try run(
            [LiveChecks.lanRefusedAtOnceID],
            adapter: try referenceAdapter(mutant: "select-first-settled"),
            lab: lab
        )
        XCTAssertEqual(mutant.map(\.outcome), [.failed])
        let message = mutant.first?.message ?? ""
        // The first decision that differs is the one after the refusal: the race gives up there.
        XCTAssertTrue(message.hasPrefix("the selection's answer after error(lan, refused) at "), message)
        XCTAssertTrue(message.contains("output member steps[1].actions"), message)

        var control = try referenceAdapter(mutant: "select-first-settled")
        control.removeLast(2)
        control.append("--composed-control")
        let passing = try run([LiveChecks.lanRefusedAtOnceID], adapter: control, lab: lab)
        XCTAssertEqual(passing.map(\.outcome), [.passed], passing.first?.message ?? "")
    }

    // REQ: ADP-20
    func testWithoutALabTheTransportChecksAreSkippedSayingWhatTheyNeed() throws {
        let results = try run(LiveChecks.transportIDs, adapter: try referenceAdapter(), lab: nil)
        XCTAssertEqual(results.map(\.outcome), Array(repeating: .skipped, count: LiveChecks.transportIDs.count))
        for result in results {
            XCTAssertTrue(result.message?.contains("needs the transport lab") == true, result.message ?? "")
        }
    }

    func testALabThatRefusesItsSetupFailsTheCheckWithTheLabsReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "refusing-lab-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("lab").path
        try "#!/bin/sh\nread line\necho '{\"ok\":false,\"error\":\"no relay on this machine\"}'\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let results = try run(
            [LiveChecks.lanHealthyID],
            adapter: try referenceAdapter(),
            lab: TransportLabSetting(command: [script])
        )
        XCTAssertEqual(results.map(\.outcome), [.failed])
        XCTAssertEqual(results.first?.message, "the transport lab refused setup: no relay on this machine")
    }
}
