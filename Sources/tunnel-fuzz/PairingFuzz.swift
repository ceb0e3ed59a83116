import OpenHumanTunnel

/// The text formats a phone reads from outside: the QR pairing payload and base64url keys.
enum PairingFuzz {
    static let now: UInt64 = 1_700_000_000

    /// Parses `bytes` as a scanned QR payload; a value the parser accepts must be one the encoder
    /// accepts too (QR-ENC-10 refuses only what no consumer accepts), and its canonical text must
    /// parse back to the same value and encode to the same text.
    static func parseRoundTrip(_ bytes: [UInt8]) {
        guard let payload = try? PairingPayloadParser.parse(bytes: bytes, now: now) else { return }
        let text: String
        do {
            text = try PairingPayloadEncoder.encode(payload)
        } catch {
            preconditionFailure("the encoder refuses a parsed payload with \(error)")
        }
        let reparsed = try? PairingPayloadParser.parse(text, now: now)
        precondition(reparsed == payload, "the canonical text parses to another value")
        precondition((try? PairingPayloadEncoder.encode(payload)) == text, "encoding is not deterministic")
    }

    /// Parses `bytes` as a phone that runs both versions: a version 2 reading must be exactly
    /// the version 2 consumer's (QR3-PARSE-1), and a version 3 reading must encode to a text the
    /// version 3 encoder accepts and that parses back to the same value.
    static func parseRoundTripV3(_ bytes: [UInt8]) {
        guard let scanned = try? PairingPayloadV3Parser.parse(bytes: bytes, now: now) else { return }
        switch scanned {
        case .versionTwo(let payload):
            precondition(
                (try? PairingPayloadParser.parse(bytes: bytes, now: now)) == payload,
                "a version 2 reading differs from the version 2 consumer's"
            )
        case .versionThree(let payload):
            let text: String
            do {
                text = try PairingPayloadV3Encoder.encode(payload)
            } catch {
                preconditionFailure("the version 3 encoder refuses a parsed payload with \(error)")
            }
            let reparsed = try? PairingPayloadV3Parser.parse(bytes: Array(text.utf8), now: now)
            precondition(reparsed == .versionThree(payload), "the canonical version 3 text parses to another value")
        }
    }

    /// Decodes `bytes` as base64url text: an accepted text must be the one encoding of its bytes
    /// (ENC-2), and encoding the raw input must decode back to it.
    static func base64URLCanonical(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let decoded = try? Base64URL.decode(text) {
            precondition(Base64URL.encode(decoded).utf8.elementsEqual(text.utf8), "an accepted text is not canonical")
        }
        precondition((try? Base64URL.decode(Base64URL.encode(bytes))) == bytes, "encode then decode lost bytes")
    }
}
