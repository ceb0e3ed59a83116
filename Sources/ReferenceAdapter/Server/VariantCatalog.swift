/// The variants a program can serve by name in place of the reference: `reference-adapter`
/// passes the mutants' catalog (target `Mutants`); `conformance`, which links no mutant, none.
public struct VariantCatalog: Sendable {
    /// The rebuilt implementation with no bug switched on: the control of the mutation self-check.
    public let composedControl: AdapterVariant
    /// Every variant's name and what it gets wrong, in the order `--list-mutants` prints them.
    public let entries: [(name: String, summary: String)]
    /// The variant called `name`, or nil when there is none.
    public let variant: @Sendable (String) -> AdapterVariant?

    public init(
        composedControl: AdapterVariant,
        entries: [(name: String, summary: String)],
        variant: @escaping @Sendable (String) -> AdapterVariant?
    ) {
        self.composedControl = composedControl
        self.entries = entries
        self.variant = variant
    }
}
