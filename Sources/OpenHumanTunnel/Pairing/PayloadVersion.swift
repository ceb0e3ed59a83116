/// The wire version a payload names (QR3-PARSE-2): `v` absent is version 2, `v=3` version 3.
enum PayloadVersion: Equatable {
    case two, three

    /// Reads `v`. Only `3` is accepted: version 2 is signalled by the absence of `v` (8.1), so
    /// `v=2` would be a second spelling of a version 2 payload; a later version (4 to 999) has its
    /// own code so that the phone can ask for an update rather than call the code damaged.
    static func read(_ known: KnownFields) throws(PairingPayloadError) -> PayloadVersion {
        guard let value = known[.v] else {
            // The secret without the version: the payload was cut or edited.
            if known[.ps] != nil { throw .missingField(PairingPayloadFormat.Field.v.rawValue) }
            return .two
        }
        guard !value.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.v.rawValue) }
        if value == Array("3".utf8) { return .three }
        throw isLaterVersion(value) ? .unsupportedVersion : .badVersion
    }

    /// `later-version`: 4 to 999 in decimal, no leading zero.
    private static func isLaterVersion(_ value: [UInt8]) -> Bool {
        guard (1...3).contains(value.count), value.allSatisfy(ASCII.isDigit), value[0] != UInt8(ascii: "0") else {
            return false
        }
        return value.count > 1 || value[0] >= UInt8(ascii: "4")
    }
}
