import Mutants
import ReferenceAdapter

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `reference-adapter`: the reference implementation behind the JSON-lines adapter protocol
/// (spec/kit/02-adapter-protocol.md), or one of its deliberately broken mutants (spec/kit/mutants.md).
exit(
    ReferenceAdapterCommand(programName: "reference-adapter", catalog: VariantCatalog.mutants).run(
        Array(CommandLine.arguments.dropFirst())
    )
)
