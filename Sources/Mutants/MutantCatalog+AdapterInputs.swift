// The mutants of one area. The adapter's reading of inputs (ADP-16, ADP-30, ADP-31).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let integersReadIn64Bits = Mutant(
        "integers-read-in-64-bits",
        breaks: ["ADP-30"],
        "integer inputs are read as any 64-bit value, so a length of 2^53 is hkdf_output_too_long and a now of 2^53 a time, not bad_request"
    )
    public static let unknownInputMembersRefused = Mutant(
        "unknown-input-members-refused",
        breaks: ["ADP-31"],
        "the adapter's decoder refuses members it does not know (deny_unknown_fields), in the input, a step or the channel, instead of ignoring them"
    )
    public static let absentLastEphemeralRefused = Mutant(
        "absent-last-ephemeral-refused",
        breaks: ["ADP-31", "ADP-16"],
        "the adapter takes an absent lastHandshakeEphemeral of a paired channel for a missing required member (bad_request), though absent means none"
    )

    /// This area's mutants, in catalog order.
    static let adapterInputsArea: [Mutant] = [
        .integersReadIn64Bits, .unknownInputMembersRefused, .absentLastEphemeralRefused,
    ]
}
