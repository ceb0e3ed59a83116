import ReferenceAdapter

/// Which implementation an adapter drives: the reference, the composed control, or a mutant.
public enum AdapterImplementation: Equatable, Sendable {
    /// The conforming reference: the `OpenHumanTunnel` library itself.
    case reference
    /// The implementation rebuilt from the library's primitives with no bug switched on: the
    /// control that proves the mutants' catches come from their bugs alone.
    case composedControl
    /// The rebuilt implementation with one deliberate bug.
    case mutant(Mutant)

    /// What the reference adapter serves in place of the library, or nil for the library itself.
    public var variant: AdapterVariant? {
        switch self {
        case .reference: nil
        case .composedControl:
            AdapterVariant(nameSuffix: "/composed", implementation: ComposedImplementation(mutant: nil))
        case .mutant(let mutant):
            AdapterVariant(
                nameSuffix: "/mutant/" + mutant.name,
                implementation: ComposedImplementation(mutant: mutant),
                refusal: { input in RequestShapeMutant.refusal(mutant, input: input) }
            )
        }
    }
}

extension ReferenceAdapter {
    /// The reference adapter serving `implementation`.
    public init(implementation: AdapterImplementation) {
        self.init(variant: implementation.variant)
    }

    /// The reference, or the mutant when one is given.
    public init(mutant: Mutant?) {
        self.init(implementation: mutant.map(AdapterImplementation.mutant) ?? .reference)
    }
}

extension VariantCatalog {
    /// Every mutant, by name, and the composed control: what `reference-adapter` can serve.
    public static let mutants = VariantCatalog(
        composedControl: AdapterImplementation.composedControl.variant!,
        entries: Mutant.catalog.map { (name: $0.name, summary: $0.summary) },
        variant: { name in Mutant.named(name).map { AdapterImplementation.mutant($0).variant! } }
    )
}
