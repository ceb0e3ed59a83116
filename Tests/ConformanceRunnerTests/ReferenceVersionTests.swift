import ConformanceRunner
import Foundation
import Mutants
import ReferenceAdapter
import VectorFormat
import XCTest

/// The versions an implementer sees agree (ADP-46): the reference adapter's `hello.version`, the
/// suite version of the committed vectors, and what reports and interop tables print.
final class ReferenceVersionTests: XCTestCase {
    private static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("vectors")

    // REQ: ADP-46
    func testTheReferenceAdapterReportsTheSuiteVersionOfTheCommittedVectors() throws {
        let bundle = try VectorBundle.load(directory: Self.vectors)
        XCTAssertEqual(bundle.suiteVersion, VectorFile.currentSuiteVersion)
        let driver = try AdapterDriver(configuration: AdapterConfiguration(command: try referenceAdapter()))
        defer { driver.shutdown() }
        XCTAssertEqual(driver.hello.name, ReferenceAdapter.name)
        XCTAssertEqual(driver.hello.version, bundle.suiteVersion)
        XCTAssertEqual(driver.hello.version, "3.2.0")
        // A mutant is the reference with one bug: the same version, another name.
        let mutant = try AdapterDriver(
            configuration: AdapterConfiguration(command: try referenceAdapter(mutant: Mutant.catalog[0].name))
        )
        defer { mutant.shutdown() }
        XCTAssertEqual(mutant.hello.version, bundle.suiteVersion)
        XCTAssertNotEqual(mutant.hello.name, ReferenceAdapter.name)
    }

    // REQ: ADP-46
    func testTheInteropTableNamesTheReferenceWithTheSuiteVersion() throws {
        let reference = try referenceAdapter()
        let run = CommandRun.run(["interop", "--adapter", reference.joined(separator: " ")], reference: reference)
        XCTAssertEqual(run.status, .success, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains("  A = \(ReferenceAdapter.name) \(VectorFile.currentSuiteVersion) ("),
            run.stdout
        )
        XCTAssertTrue(
            run.stdout.contains("  B = \(ReferenceAdapter.name) \(VectorFile.currentSuiteVersion) ("),
            run.stdout
        )
    }
}
