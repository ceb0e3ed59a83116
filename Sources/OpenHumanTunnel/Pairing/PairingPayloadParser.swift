/// The consumer side of the pairing payload: the phone reading a scanned QR code.
///
/// The checks run in the order of QR-PARSE-1, each on the raw bytes, and the first failure is
/// the error, so every implementation reports the same code for the same payload. Time is an
/// input: the parser never reads a clock, which keeps it a pure function that vectors can test.
///
/// Foundation's `URL` and `URLComponents` are deliberately not used: they are general URL parsers
/// that accept any scheme and host and leave duplicates, escapes and field syntax to the caller,
/// which is the leniency this parser replaces. Every rule here is a few lines over bytes.
public enum PairingPayloadParser {
    /// Parses a payload as text, for example from a QR scanner API or a deep-link handler.
    public static func parse(_ payload: String, now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        // Checked before the copy, so a huge string costs nothing (QR-PARSE-2).
        guard payload.utf8.count <= PairingPayloadFormat.maximumLength else { throw .tooLong }
        return try parse(bytes: Array(payload.utf8), now: now)
    }

    /// Parses a payload given as the octets of a QR code's byte-mode segment, as a version 2
    /// consumer does: `v` and `ps` are unknown names (QR-PARSE-14).
    public static func parse(bytes payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        let known = try KnownFields(
            query: PayloadEnvelope.query(payload),
            names: PairingPayloadFormat.Field.versionTwo
        )
        return PairingPayload(
            channelID: try known.text(.cid),
            pairingToken: try known.text(.pt),
            corePublicKey: try CorePublicKeyCheck.decode(try known.text(.cpk)),
            rpcURL: try known.rpc(),
            expiresAt: try known.expiry(now: now)
        )
    }
}
