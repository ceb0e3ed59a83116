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
        for (arguments, flag) in [
            (["--mutant", "window-127"], "--mutant"), (["--composed-control"], "--composed-control"),
            (["--list-mutants"], "--list-mutants"),
        ] {
            XCTAssertThrowsError(try runner.parse(arguments)) { error in
                XCTAssertEqual(
                    error as? ReferenceAdapterCommand.UsageError,
                    .noMutantsLinked(flag: flag),
                    "\(arguments)"
                )
            }
            XCTAssertEqual(runner.run(arguments), ReferenceAdapterCommand.usageStatus)
        }
        XCTAssertThrowsError(try runner.parse(["--no-such-flag"])) { error in
            XCTAssertEqual(error as? ReferenceAdapterCommand.UsageError, .unknownArgument("--no-such-flag"))
        }
        // Controls: with no flag the runner serves the reference itself, and help is answered.
        guard case .serve(nil)? = try? runner.parse([]) else { return XCTFail("no flag serves the reference") }
        XCTAssertEqual(runner.run(["--help"]), 0)
    }

    func testReferenceAdapterServesANamedMutantAndRefusesAnUnknownOne() {
        let adapter = ReferenceAdapterCommand(programName: "reference-adapter", catalog: .mutants)
        guard case .serve(let variant?)? = try? adapter.parse(["--mutant", "window-127"]) else {
            return XCTFail("--mutant window-127 serves that mutant")
        }
        XCTAssertEqual(variant.nameSuffix, "/mutant/window-127")
        XCTAssertThrowsError(try adapter.parse(["--mutant", "no-such-mutant"])) { error in
            XCTAssertEqual(error as? ReferenceAdapterCommand.UsageError, .unknownMutant("no-such-mutant"))
        }
        XCTAssertThrowsError(try adapter.parse(["--mutant"])) { error in
            XCTAssertEqual(error as? ReferenceAdapterCommand.UsageError, .missingMutantName)
        }
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
