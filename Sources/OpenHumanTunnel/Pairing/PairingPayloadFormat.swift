/// The fixed parts and limits of the pairing payload (spec/08-pairing-payload.md).
public enum PairingPayloadFormat {
    /// What every canonical payload starts with: lowercase scheme and host, empty path, `?`.
    public static let prefix = "openhuman://pair?"

    /// The scheme, compared without regard to ASCII case (RFC 3986 section 3.1).
    static let scheme: [UInt8] = Array("openhuman".utf8)
    /// The host, compared without regard to ASCII case (RFC 3986 section 3.2.2).
    static let host: [UInt8] = Array("pair".utf8)

    /// The longest payload in octets: the byte-mode capacity of a version 40 QR code at
    /// error-correction level M (ISO/IEC 18004, `QRCodeCapacity`). A longer payload cannot have
    /// come from a conforming QR code, so a consumer refuses it before doing any other work.
    public static let maximumLength = QRCodeCapacity.byteModeLevelM[QRCodeCapacity.maximumVersion - 1]

    /// The largest `exp`: 9999-12-31T23:59:59Z.
    ///
    /// Twelve digits fit a signed 64-bit integer and a double exactly, and `exp * 1000`
    /// (milliseconds, as JavaScript's `Date` counts) stays below 2^53, so every consumer compares
    /// the same number against its clock.
    public static let maximumExpiry: UInt64 = 253_402_300_799

    /// The parameter names a consumer knows.
    public enum Field: String, CaseIterable, Sendable {
        case v, cid, pt, cpk, ps, rpc, exp

        /// A version 2 consumer's names, in the order a producer writes them and a consumer
        /// checks them; `v` and `ps` are unknown to it and ignored (QR-PARSE-14).
        static let versionTwo: [Field] = [.cid, .pt, .cpk, .rpc, .exp]
        /// A version 3 consumer's names, in QR3-ENC-1's order.
        static let versionThree: [Field] = [.v, .cid, .pt, .cpk, .ps, .rpc, .exp]

        var nameBytes: [UInt8] { Array(rawValue.utf8) }
    }
}
