import TunnelCrypto

/// The two direction keys of one party, each copied into storage of its own (`SecretBytes`)
/// that is wiped when the last cipher holding it goes away (SESS-2).
///
/// The keys are copied in, never shared: wiping a buffer that a caller's `SessionKeys` also
/// points to would zero the caller's keys (and any other cipher made from them).
struct DirectionKeyStore: Sendable {
    let sealing: SecretBytes
    let opening: SecretBytes

    init(sealing: [UInt8], opening: [UInt8]) {
        self.sealing = SecretBytes(copying: sealing)
        self.opening = SecretBytes(copying: opening)
    }
}
