/// The channel id of a version 3 payload (QR3-PARSE-3, QR3-ENC-3): it enters the Noise prologue
/// after one length byte and is ASCII there (V3-PRO-1), so it is 1 to 255 bytes, each at most
/// 0x7F. A version 2 channel id is opaque UTF-8 of any length (QR-PARSE-18).
enum ChannelIDCheck {
    static let maximumLength = 255

    static func validate(_ channelID: [UInt8]) throws(PairingPayloadError) {
        guard channelID.count <= maximumLength, channelID.allSatisfy({ $0 <= 0x7F }) else { throw .badCID }
    }
}
