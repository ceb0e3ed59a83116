import TunnelCrypto

/// The layout of version 3's session frame 0x16 (spec/14-sessions-v3.md 14.2, V3-FRAME-1):
/// `0x16 || uint64_le(counter) || ChaCha20-Poly1305(k, nonce(counter), padded, ad = frame[0:9])`.
///
/// The header is the associated data, so the type octet and the counter are under the tag; the
/// nonce is Noise's nonce for the counter, so any Noise CipherState with `SetNonce` opens it.
public enum SessionFrameV3 {
    public static let type: UInt8 = 0x16
    /// The type octet and the counter: the associated data of the AEAD.
    static let headerLength = 9
    /// Header and tag.
    static let overhead = headerLength + ChaCha20Poly1305.tagLength
    /// A frame of the smallest bucket.
    public static let minimumLength = FramePadding.buckets[0] + overhead

    /// The octets version 3 registers besides 0x16: another receiver's (V3-FRAME-2 step 1).
    private static func isOtherRegistered(_ type: UInt8) -> Bool {
        (0x02...0x04).contains(type) || (0x10...0x15).contains(type)
    }

    /// V3-FRAME-2 steps 1 and 2: the type octet, the length, and the length's bucket, before any
    /// counter or key is looked at.
    static func checkShape(_ frame: UnsafeRawBufferPointer) throws(TunnelError) {
        guard let type = frame.first else { throw .emptyFrame }
        guard type == Self.type else {
            if type == 0x01 { throw .legacyFrame }
            throw isOtherRegistered(type) ? .unexpectedType(type) : .unsupportedType(type)
        }
        guard frame.count >= minimumLength else { throw .frameTooShort }
        guard frame.count <= Limits.maximumMessageLength else { throw .frameTooLarge }
        guard FramePadding.isBucket(frame.count - overhead) else { throw .badPadding }
    }

    /// The counter of a frame whose shape passed.
    static func counter(_ frame: UnsafeRawBufferPointer) -> UInt64 {
        UInt64(littleEndian: frame.loadUnaligned(fromByteOffset: 1, as: UInt64.self))
    }

    /// Noise's 12-byte nonce for `counter`: four zero bytes, then the counter as the frame
    /// carries it.
    /// Three 32-bit words, so the twelve bytes are contiguous with no alignment padding.
    static func withNonce<R>(_ counter: UInt64, _ body: (UnsafePointer<UInt8>) -> R) -> R {
        let words = (UInt32(0), UInt32(truncatingIfNeeded: counter).littleEndian, UInt32(counter >> 32).littleEndian)
        return withUnsafeBytes(of: words) { body($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
    }
}
