import Foundation
import Mutants
import ReferenceAdapter
import XCTest

/// The one command line that serves the reference: a program without a mutant catalog (the
/// runner's `conformance --serve-reference`) refuses the mutant flags with a usage status and
/// says where they are served, while `reference-adapter`'s catalog lists and finds every mutant.
final class ReferenceAdapterCommandTests: XCTestCase {
    func testTheRunnersServingRefusesMutantFlagsAndNamesTheProgramThatHasThem() {
        let runner = ReferenceAdapterCommand(programName: "conformance --serve-reference", catalog: nil)
        for arguments in [["--mutant", "window-127"], ["--composed-control"], ["--list-mutants"]] {
            XCTAssertEqual(runner.run(arguments), ReferenceAdapterCommand.usageStatus, "\(arguments)")
        }
        XCTAssertEqual(runner.run(["--no-such-flag"]), ReferenceAdapterCommand.usageStatus)
        XCTAssertEqual(runner.run(["--help"]), 0, "the control: help is answered")
    }

    func testTheMutantCatalogFindsEveryMutantByNameAndNoOther() {
        let catalog = VariantCatalog.mutants
        XCTAssertEqual(catalog.entries.map(\.name), Mutant.catalog.map(\.name))
        for mutant in Mutant.catalog {
            XCTAssertEqual(catalog.variant(mutant.name)?.nameSuffix, "/mutant/" + mutant.name)
        }
        XCTAssertNil(catalog.variant("no-such-mutant"))
        XCTAssertEqual(catalog.composedControl.nameSuffix, "/composed")
    }

    func testAServedVariantIsNamedInHelloAndTheReferenceIsNot() {
        func name(_ adapter: ReferenceAdapter) -> String? {
            adapter.handle(request: ["id": 1, "op": "hello", "input": ["protocol": 1]])["output"]?["name"]?.stringValue
        }
        XCTAssertEqual(name(ReferenceAdapter()), ReferenceAdapter.name)
        XCTAssertEqual(name(ReferenceAdapter(implementation: .composedControl)), ReferenceAdapter.name + "/composed")
        XCTAssertEqual(name(ReferenceAdapter(mutant: .window127)), ReferenceAdapter.name + "/mutant/window-127")
    }
}
