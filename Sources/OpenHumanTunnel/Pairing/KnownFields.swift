/// The decoded values of the parameters a consumer knows, each at most once, and the checks of
/// the values every wire version shares (QR-PARSE-12 to QR-PARSE-24).
struct KnownFields {
    private let values: [PairingPayloadFormat.Field: [UInt8]]

    /// Reads the query's fields (QR-PARSE-9 to QR-PARSE-11) and keeps those named in `names`;
    /// unknown names are skipped (QR-PARSE-14). Names are compared as decoded bytes,
    /// case-sensitively (QR-PARSE-12).
    ///
    /// A duplicate is refused, not resolved (QR-PARSE-13): WHATWG's `get` returns the first value,
    /// other parsers the last, so `cid=A&cid=B` would pair different consumers with different
    /// channels. Which names are known depends on the consumer's version, so a version 2 consumer
    /// still ignores a repeated `v`.
    init(query: ArraySlice<UInt8>, names: [PairingPayloadFormat.Field]) throws(PairingPayloadError) {
        var values = [PairingPayloadFormat.Field: [UInt8]]()
        for field in try QueryFields.decode(query) {
            guard let name = names.first(where: { field.name.elementsEqual($0.nameBytes) }) else { continue }
            guard values[name] == nil else { throw .duplicateField(name.rawValue) }
            values[name] = field.value
        }
        self.values = values
    }

    /// The decoded value, nil when the field is absent.
    subscript(name: PairingPayloadFormat.Field) -> [UInt8]? { values[name] }

    /// QR-PARSE-16, QR-PARSE-17: present and not empty.
    func required(_ name: PairingPayloadFormat.Field) throws(PairingPayloadError) -> [UInt8] {
        guard let value = values[name] else { throw .missingField(name.rawValue) }
        guard !value.isEmpty else { throw .emptyField(name.rawValue) }
        return value
    }

    /// A required value as text; `QueryFields` has already checked that it is UTF-8.
    func text(_ name: PairingPayloadFormat.Field) throws(PairingPayloadError) -> String {
        String(decoding: try required(name), as: UTF8.self)
    }

    /// QR-PARSE-17, QR-PARSE-22: `rpc` may be absent; when present it is not empty and is valid.
    func rpc() throws(PairingPayloadError) -> String? {
        guard let value = values[.rpc] else { return nil }
        guard !value.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.rpc.rawValue) }
        guard RPCURL.isValid(value) else { throw .badRPC }
        return String(decoding: value, as: UTF8.self)
    }

    /// QR-PARSE-23, QR-PARSE-24: `exp` is valid, then not before `now`. The clock comes last.
    func expiry(now: UInt64) throws(PairingPayloadError) -> UInt64 {
        guard let expiresAt = ExpiryValue.parse(try required(.exp)) else { throw .badExp }
        guard expiresAt >= now else { throw .expired }
        return expiresAt
    }
}
