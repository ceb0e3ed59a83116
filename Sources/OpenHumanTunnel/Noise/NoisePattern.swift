/// The two Noise handshake patterns of wire version 3 (spec/13-handshake-v3.md, V3-NOISE-1),
/// written out token by token as the Noise Protocol Framework (revision 34) defines them.
///
/// Only these two are offered: an implementation that accepted any pattern name would let a
/// party on the wire choose a weaker one, and version 3 negotiates nothing (V3-BIND-1).
public enum NoisePattern: String, CaseIterable, Sendable {
    /// First pairing: the core's static key comes from the QR code (`cpk`), the device's is sent
    /// encrypted in message 1, and the QR secret enters at the end of message 1, so only a QR
    /// holder gets a message 1 the core will read.
    case ikpsk1 = "Noise_IKpsk1_25519_ChaChaPoly_SHA256"
    /// Reconnection: both static keys are known from the pairing; the psk from the pairing
    /// enters at the end of message 2.
    case kkpsk2 = "Noise_KKpsk2_25519_ChaChaPoly_SHA256"

    /// The longest Noise message (Noise section 3), handshake or transport.
    public static let maximumMessageLength = 65_535

    public enum Token: Sendable, Equatable {
        case e, s, ee, es, se, ss, psk
    }

    /// The protocol name, hashed first into `h` (Noise section 5.2, `InitializeSymmetric`).
    public var protocolName: String { rawValue }

    /// Whether the initiator's and the responder's static keys are pre-messages, known to the
    /// other side before message 1 (in this order, Noise section 7.1).
    public var preMessages: (initiator: Bool, responder: Bool) {
        switch self {
        case .ikpsk1: (false, true)
        case .kkpsk2: (true, true)
        }
    }

    /// Message 1 (initiator to responder), then message 2 (responder to initiator).
    public var messages: [[Token]] {
        switch self {
        case .ikpsk1: [[.e, .es, .s, .ss, .psk], [.e, .ee, .se]]
        case .kkpsk2: [[.e, .es, .ss], [.e, .ee, .se, .psk]]
        }
    }

    /// The length of handshake message `index` carrying a payload of `payloadLength` bytes:
    /// 32 for `e`, 32 + 16 for an encrypted `s`, and the payload plus its 16-byte tag (every
    /// message of both patterns is encrypted, since `es` comes before any payload).
    public func messageLength(_ index: Int, payloadLength: Int) -> Int {
        messages[index].reduce(payloadLength + 16) { length, token in
            switch token {
            case .e: length + 32
            case .s: length + 48
            default: length
            }
        }
    }
}
