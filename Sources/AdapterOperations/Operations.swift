import VectorFormat

/// The operations of the adapter protocol (contract section 6, spec/kit/02-adapter-protocol.md), each
/// reading its input, calling the implementation, and writing its output.
///
/// One interpreter serves the reference adapter (and its mutants), `vectorgen` (every vector's
/// `expected` is its own `input` run through `LibraryImplementation`, so the JSON a runner sends
/// and the answer it checks cannot drift apart) and the runner's live checks. Inputs are read
/// strictly: a shape error is `bad_request`, never a protocol error code.
public struct Operations: Sendable {
    public let implementation: any TunnelImplementation

    public init(implementation: any TunnelImplementation) {
        self.implementation = implementation
    }

    /// Every operation this adapter answers, in the order `hello` lists them.
    public static let names = [
        "x25519", "hkdf-sha256", "hchacha20", "xchacha20poly1305-seal", "xchacha20poly1305-open", "session-keys",
        "frame-seal", "frame-open", "session", "handshake-device-start", "handshake-device-finish", "handshake-device",
        "handshake-core", "device-state",
        "qr-encode", "qr-parse", "sas", "core-key-fingerprint", "pairing-window", "channel-keys", "core-session",
        "core-channel", "relay",
        "envelope-encode", "envelope-parse", "envelope-split", "envelope-reassemble", "envelope-core",
        "envelope-device",
        "verify", "noise-handshake", "pairing-v3-values", "pairing-v3-core", "pairing-v3-device", "qr-encode-v3",
        "qr-parse-v3", "reconnect-v3-core", "reconnect-v3-device", "session-v3", "transport-select",
    ]

    /// Runs `operation`; nil when it is not one of `names`. Throws `BadRequest`, `TunnelError`,
    /// `PairingPayloadError`, `EnvelopeError` or `UnrepresentableOutput`.
    public func run(_ operation: String, _ input: RequestInput) throws -> JSONValue? {
        switch operation {
        case "x25519": try x25519(input)
        case "hkdf-sha256": try hkdfSHA256(input)
        case "hchacha20": try hChaCha20(input)
        case "xchacha20poly1305-seal": try aeadSeal(input)
        case "xchacha20poly1305-open": try aeadOpen(input)
        case "session-keys": try sessionKeys(input)
        case "frame-seal": try frameSeal(input)
        case "frame-open": try frameOpen(input)
        case "session": try session(input)
        case "handshake-device-start": try deviceStart(input)
        case "handshake-device-finish": try deviceFinish(input)
        case "handshake-device": try deviceReceive(input)
        case "handshake-core": try handshakeCore(input)
        case "device-state": try deviceState(input)
        case "qr-encode": try qrEncode(input)
        case "qr-parse": try qrParse(input)
        case "qr-encode-v3": try qrEncodeV3(input)
        case "qr-parse-v3": try qrParseV3(input)
        case "reconnect-v3-core": try reconnectV3Core(input)
        case "reconnect-v3-device": try reconnectV3Device(input)
        case "session-v3": try sessionV3(input)
        case "transport-select": try transportSelect(input)
        case "sas": try sas(input)
        case "core-key-fingerprint": try coreKeyFingerprint(input)
        case "pairing-window": try pairingWindow(input)
        case "channel-keys": try channelKeys(input)
        case "core-session": try coreSession(input)
        case "core-channel": try coreChannel(input)
        case "envelope-encode": try envelopeEncode(input)
        case "envelope-parse": try envelopeParse(input)
        case "envelope-split": try envelopeSplit(input)
        case "envelope-reassemble": try envelopeReassemble(input)
        case "envelope-core": try envelopeCore(input)
        case "envelope-device": try envelopeDevice(input)
        case "relay": try relay(input)
        case "verify": try verify(input)
        case "noise-handshake": try noiseHandshake(input)
        case "pairing-v3-values": try pairingV3Values(input)
        case "pairing-v3-core": try pairingV3Core(input)
        case "pairing-v3-device": try pairingV3Device(input)
        default: nil
        }
    }
}
