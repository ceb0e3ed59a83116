import ConformanceRunner
import Foundation
import ReferenceAdapter

/// `conformance`: the conformance runner (see `conformance --help`, spec/kit/04-runner.md).
///
/// Hidden mode: `conformance --serve-reference` serves the reference adapter on stdin/stdout
/// (the same command line as `reference-adapter`, without the mutants, which this program does
/// not link). With no `--adapter` the runner starts its own executable in that mode, so
/// `swift run conformance` needs no second product built.
StandardStreams.reserveClosedDescriptors()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--serve-reference" {
    let command = ReferenceAdapterCommand(programName: "conformance --serve-reference", catalog: nil)
    exit(command.run(Array(arguments.dropFirst())))
}

RunnerSignals.install()
let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
let command = ConformanceCommand(
    referenceAdapter: [executable, "--serve-reference"],
    installedVectors: InstalledSuite.vectorsDirectory(forExecutable: executable)
)
exit(command.run(arguments).rawValue)
