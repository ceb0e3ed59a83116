#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ReferenceAdapterKit

/// `reference-adapter`: the reference implementation behind the JSON-lines adapter protocol
/// (spec/kit/02-adapter-protocol.md), or one of its deliberately broken mutants (spec/kit/mutants.md).

let usage = """
    usage: reference-adapter [--mutant NAME | --composed-control]
           reference-adapter --list-mutants
           reference-adapter --help

    Serves the adapter protocol on stdin/stdout: one JSON request per line in, one response
    per line out, logs on stderr. Exits 0 after `shutdown` or at end of input.

      --mutant NAME    serve the named mutant (a deliberately broken implementation) instead
                       of the reference; see --list-mutants
      --composed-control
                       serve the mutants' rebuilt implementation with no bug switched on:
                       the control of the mutation self-check, which must pass everything
      --list-mutants   print every mutant's name and what it gets wrong, one per line
      --help           print this text

    Example:
      printf '{"id":1,"op":"hello","input":{"protocol":1}}\\n' | reference-adapter
      swift run conformance --adapter "reference-adapter --mutant window-127"

    """

func fail(_ message: String) -> Never {
    let text = Array("reference-adapter: \(message)\n\(usage)".utf8)
    text.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
var implementation = AdapterImplementation.reference
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    case "--list-mutants":
        for mutant in Mutant.catalog { print("\(mutant.name)\t\(mutant.summary)") }
        exit(0)
    case "--mutant":
        guard let name = arguments.popFirst() else { fail("--mutant needs a name") }
        guard let named = Mutant.named(name) else { fail("no mutant named \"\(name)\" (see --list-mutants)") }
        implementation = .mutant(named)
    case "--composed-control":
        implementation = .composedControl
    default:
        fail("unknown argument \"\(argument)\"")
    }
}
exit(ReferenceAdapter(implementation: implementation).serve())
