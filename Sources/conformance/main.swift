import ConformanceKit
import Foundation
import ReferenceAdapterKit

/// `conformance`: the conformance runner (see `conformance --help`, spec/kit/02-adapter-protocol.md).
///
/// Hidden mode: `conformance --serve-reference [--mutant NAME]` serves the reference adapter on
/// stdin/stdout. With no `--adapter` the runner starts its own executable in that mode, so
/// `swift run conformance` needs no second product built.
StandardStreams.reserveClosedDescriptors()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--serve-reference" {
    var mutant: Mutant?
    if arguments.count == 3, arguments[1] == "--mutant" {
        guard let named = Mutant.named(arguments[2]) else {
            FileHandle.standardError.write(Data("conformance --serve-reference: no mutant named \(arguments[2])\n".utf8))
            exit(ExitStatus.usage.rawValue)
        }
        mutant = named
    } else if arguments.count != 1 {
        FileHandle.standardError.write(Data("usage: conformance --serve-reference [--mutant NAME]\n".utf8))
        exit(ExitStatus.usage.rawValue)
    }
    exit(ReferenceAdapter.serve(mutant: mutant))
}

RunnerSignals.install()
let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
let command = ConformanceCommand(referenceAdapter: [executable, "--serve-reference"],
                                 installedVectors: InstalledSuite.vectorsDirectory(forExecutable: executable))
exit(command.run(arguments).rawValue)
