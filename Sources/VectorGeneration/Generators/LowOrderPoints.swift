import OpenHumanTunnel

/// The fourteen X25519 public-key encodings that give an all-zero shared secret with every
/// private key: the seven small-order u-coordinates of libsodium's `has_small_order` list, each
/// also with the top bit set (RFC 7748 masks that bit, so both encodings are the same point).
///
/// Verified with Python `cryptography`, which refuses each one. Checking the DH output for all
/// zeros (DH-2) catches all of them; a receiver that only compares against a shorter list, or
/// forgets the top-bit twins, fails one of these vectors.
enum LowOrderPoints {
    struct Point {
        /// Short name used in vector ids, e.g. `order-8-a-top-bit`.
        let name: String
        let bytes: [UInt8]
    }

    private static let canonical: [(String, String)] = [
        ("zero", "0000000000000000000000000000000000000000000000000000000000000000"),
        ("one", "0100000000000000000000000000000000000000000000000000000000000000"),
        ("order-8-a", "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),
        ("order-8-b", "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),
        ("p-minus-1", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        ("p", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        ("p-plus-1", "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
    ]

    /// All fourteen encodings, each canonical point followed by its top-bit twin.
    static let all: [Point] = canonical.flatMap { name, hex -> [Point] in
        let bytes = Hex.decode(hex)!
        var twin = bytes
        twin[31] |= 0x80
        return [Point(name: name, bytes: bytes), Point(name: name + "-top-bit", bytes: twin)]
    }
}
