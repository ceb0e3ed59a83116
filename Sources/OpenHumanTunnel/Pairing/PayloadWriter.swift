/// Writes `name=value` fields after the payload's prefix, separated by `&` (QR-ENC-1, QR3-ENC-1).
struct PayloadWriter {
    private(set) var bytes = Array(PairingPayloadFormat.prefix.utf8)
    private var isFirst = true

    /// Appends one field; `encodedValue` is already form-encoded (QR-ENC-2).
    mutating func append(_ field: PairingPayloadFormat.Field, _ encodedValue: [UInt8]) {
        if !isFirst { bytes.append(UInt8(ascii: "&")) }
        isFirst = false
        bytes += field.nameBytes
        bytes.append(UInt8(ascii: "="))
        bytes += encodedValue
    }

    /// The payload, refused when it is longer than a QR code at level M carries (QR-ENC-11).
    func payload() throws(PairingPayloadError) -> String {
        guard bytes.count <= PairingPayloadFormat.maximumLength else { throw .tooLong }
        return String(decoding: bytes, as: UTF8.self)
    }
}
