/// The kinds of secret a key log names (KEYLOG-2, KEYLOG-8 to KEYLOG-11), each with the public
/// value that identifies it.
///
/// A writer of this suite logs only the secrets of one exchange, each named by the salt of the
/// HKDF that derived it: something the trace shows in clear or a reader computes from it, so the
/// verifier finds the secret for a message without trying every line. The private key labels
/// are suite 2.3's: no writer writes them any more (KEYLOG-11), since one such line is a
/// standing credential, and a reader still reads them, to open traces saved with 2.3
/// (KEYLOG-12).
public enum KeyLogLabel: String, Sendable, CaseIterable {
    /// id: hs_eph_pub ‖ core_static_pub (KDF-3's salt); secret: k_hs (KEYLOG-8).
    case handshakeKey = "K_HS"
    /// id: client_eph_pub (KDF-4's salt); secret: k_ack (KEYLOG-9).
    case ackKey = "K_ACK"
    /// id: client_eph_pub ‖ server_eph_pub (KDF-2's salt); secret: c2s ‖ s2c (KEYLOG-2).
    case sessionKeys = "SESSION_KEYS"
    /// id: sas_salt, SHA-256 of the transcript (SAS-1's salt); secret: the 8 bytes of sas_okm
    /// (KEYLOG-10).
    case pairingCodeKey = "SAS_OKM"
    /// Version 3 (KEYLOG-13): id e_D, the device's ephemeral public key of message 1; secret the
    /// key after `es`, which opens message 1's encrypted static key.
    case pairingV3StaticKey = "V3_M1_STATIC_KEY"
    /// Version 3: id e_D; secret the key after `psk` ‖ `h` after `psk`, which open the
    /// commitment and continue `h` from public bytes.
    case pairingV3CommitmentKey = "V3_M1_PAYLOAD"
    /// Version 3: id e_D; secret the key after `se`, which opens message 2's `N_C`.
    case pairingV3CoreNonceKey = "V3_M2_PAYLOAD"
    /// Version 3: id e_D; secret the two keys of `Split()`, device to core ‖ core to device,
    /// which open the pairing records.
    case pairingV3Transport = "V3_TRANSPORT"
    /// Suite 2.3 (read only): id core_static_pub; secret the core's static private key.
    case coreStatic = "CORE_STATIC"
    /// Suite 2.3 (read only): id device_static_pub; secret the device's static private key.
    case deviceStatic = "DEVICE_STATIC"
    /// Suite 2.3 (read only): id hs_eph_pub; secret its private key.
    case handshakeEphemeral = "HANDSHAKE_EPHEMERAL"
    /// Suite 2.3 (read only): id client_eph_pub; secret its private key.
    case clientEphemeral = "CLIENT_EPHEMERAL"
    /// Suite 2.3 (read only): id server_eph_pub; secret its private key.
    case serverEphemeral = "SERVER_EPHEMERAL"

    /// A private key label of suite 2.3, which a writer MUST NOT write (KEYLOG-11).
    public var isPrivateKey: Bool {
        switch self {
        case .coreStatic, .deviceStatic, .handshakeEphemeral, .clientEphemeral, .serverEphemeral: true
        case .handshakeKey, .ackKey, .sessionKeys, .pairingCodeKey, .pairingV3StaticKey, .pairingV3CommitmentKey,
            .pairingV3CoreNonceKey, .pairingV3Transport:
            false
        }
    }

    /// Bytes of the id.
    public var idLength: Int {
        switch self {
        case .handshakeKey, .sessionKeys: 64
        default: 32
        }
    }

    /// Bytes of the secret.
    public var secretLength: Int {
        switch self {
        case .sessionKeys, .pairingV3CommitmentKey, .pairingV3Transport: 64
        case .pairingCodeKey: 8
        default: 32
        }
    }
}
