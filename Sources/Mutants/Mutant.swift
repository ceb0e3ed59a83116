import TunnelCrypto

/// A deliberately broken implementation: one realistic bug that a conforming implementation
/// could plausibly have, switched on inside `ComposedImplementation`.
///
/// The suite's self-check (`MutantCatchTests`, spec/kit/mutants.md) runs every vector against every
/// mutant: each must fail at least one vector, or the suite has a gap. Each bug is named after
/// what the code does wrong. Several copy a behaviour of the deployed OpenHuman code or of a
/// common library default.
///
/// Each mutant is declared once, in the `MutantCatalog+<area>.swift` file of its area (BoGo's
/// `ProtocolBugs` style): its name, the requirements it breaks and what it gets wrong, side by
/// side. The composed code asks `mutant == .name`; `--list-mutants`, spec/kit/mutants.md and the
/// self-check read `Mutant.catalog`.
public struct Mutant: Hashable, Sendable, CustomStringConvertible {
    /// The mutant's name, as given to `--mutant`.
    public let name: String
    /// The ids of the requirements the bug breaks, as spec/ numbers them.
    public let breaks: [String]
    /// One line: what the broken implementation does, without the requirement ids.
    public let wrong: String

    init(_ name: String, breaks: [String], _ wrong: String) {
        precondition(!breaks.isEmpty, "mutant \(name) breaks no requirement")
        self.name = name
        self.breaks = breaks
        self.wrong = wrong
    }

    /// One line: what the broken implementation does, and the requirements it breaks.
    public var summary: String { "\(wrong) (\(breaks.joined(separator: ", ")))" }

    public var description: String { name }

    /// Mutants are equal when their names are: a name is declared once.
    public static func == (lhs: Mutant, rhs: Mutant) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every mutant, area by area in a fixed order: the order of `--list-mutants` and mutants.md.
    public static let catalog: [Mutant] =
        typeAndSizeArea + sessionFramesArea + primitivesArea + handshakeArea
        + handshakeJSONArea + channelStatesArea + channelLifecycleArea + deviceStatesArea + adapterInputsArea
        + safePairingArea + admissionArea
        + sessionMemoryArea
        + relayArea + pairingPayloadArea + pairingPayloadV3Area + envelopeArea + verifierArea
        + noiseV3Area + pairingV3CoreArea + pairingV3DeviceArea + reconnectionV3Area + sessionsV3Area
        + channelV3Area + transportSelectionArea

    private static let byName: [String: Mutant] = Dictionary(uniqueKeysWithValues: catalog.map { ($0.name, $0) })

    /// The mutant called `name` (as given to `--mutant`), if there is one.
    public static func named(_ name: String) -> Mutant? { byName[name] }
}
