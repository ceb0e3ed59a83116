// The mutants of one area. Primitives and the key schedule (DH-*, KDF-*).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let noZeroOutputCheck = Mutant(
        "no-zero-output-check",
        breaks: ["DH-2"],
        "X25519 outputs are never checked for all zero: low-order keys yield a public shared secret"
    )
    public static let topBitOfUNotMasked = Mutant(
        "top-bit-of-u-not-masked",
        breaks: ["DH-1"],
        "X25519 reduces the whole 256-bit u-coordinate modulo p instead of masking its top bit"
    )
    public static let nonCanonicalURejected = Mutant(
        "non-canonical-u-rejected",
        breaks: ["DH-1"],
        "X25519 refuses a u-coordinate >= p with low_order_key instead of reducing it"
    )
    public static let hkdfLengthLimitOffByOne = Mutant(
        "hkdf-length-limit-off-by-one",
        breaks: ["KDF-1"],
        "HKDF refuses the largest legal output, 255 * 32 = 8,160 bytes, with hkdf_output_too_long"
    )
    public static let hkdfZeroLengthRefused = Mutant(
        "hkdf-zero-length-refused",
        breaks: ["KDF-1"],
        "HKDF refuses an output length of 0 (a precondition length > 0), which KDF-1 allows and answers with the empty output"
    )
    public static let hkdfLengthHeldIn32Bits = Mutant(
        "hkdf-length-held-in-32-bits",
        breaks: ["KDF-1", "ADP-30"],
        "the HKDF length is held in 32 bits, so 2^32 wraps to 0 and gives the empty output instead of hkdf_output_too_long"
    )
    public static let zeroScalarRefused = Mutant(
        "zero-scalar-refused",
        breaks: ["DH-1"],
        "X25519 refuses an all-zero private key with low_order_key, though clamping makes every 32 bytes a valid scalar"
    )
    public static let saltOrderReversed = Mutant(
        "salt-order-reversed",
        breaks: ["KDF-2"],
        "session-key salt is server_eph_pub || client_eph_pub"
    )
    public static let ikmOrderReversed = Mutant(
        "ikm-order-reversed",
        breaks: ["KDF-2"],
        "session-key ikm is eph_dh || static_dh"
    )
    public static let misspeltInfoTag = Mutant(
        "misspelt-info-tag",
        breaks: ["KDF-2"],
        "session keys use the handshake's tag prefix, openhuman-tunnel/v3/c2s and /v3/s2c, instead of /v1/"
    )
    public static let handshakeSaltWithoutCoreKey = Mutant(
        "handshake-salt-without-core-key",
        breaks: ["KDF-3"],
        "k_hs salt is hs_eph_pub alone, without core_static_pub"
    )
    public static let ackKeyWithEmptySalt = Mutant(
        "ack-key-with-empty-salt",
        breaks: ["KDF-4"],
        "k_ack is derived with an empty salt instead of client_eph_pub"
    )

    /// This area's mutants, in catalog order.
    static let primitivesArea: [Mutant] = [
        .noZeroOutputCheck, .topBitOfUNotMasked, .nonCanonicalURejected, .hkdfLengthLimitOffByOne,
        .hkdfZeroLengthRefused, .hkdfLengthHeldIn32Bits, .zeroScalarRefused, .saltOrderReversed, .ikmOrderReversed,
        .misspeltInfoTag, .handshakeSaltWithoutCoreKey, .ackKeyWithEmptySalt,
    ]
}
