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
    public static let minimumLength = FramePadding.smallestBucket + overhead

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

    /// V3-FRAME-2 steps 4 and 5: the content of a frame whose shape and counter passed, opened
    /// under `key`, its epoch's key; `auth_failed` when the tag does not verify (no byte of the
    /// plaintext is released) and `bad_padding` when the padding is not V3-PAD-2's. Records
    /// nothing.
    ///
    /// The padded plaintext is decrypted straight into the array that is returned, and the content
    /// is then moved two bytes to the front, over its length field: one allocation and one pass
    /// over the content. A separate zeroed buffer, a copy of the content out of it and a wipe of it
    /// made a seal+open of the largest content cost 1.6 times the bare AEAD calls (tunnel-bench);
    /// now it costs about 1.03 times. The array's capacity past the content holds only zeros (the
    /// checked padding, and the two bytes the move left behind, cleared); a plaintext refused for
    /// its padding is wiped before the array is freed.
    static func open(_ frame: UnsafeRawBufferPointer, counter: UInt64, key: SecretBytes) throws(TunnelError) -> [UInt8]
    {
        let header = UnsafeRawBufferPointer(rebasing: frame[..<headerLength])
        let ciphertext = UnsafeRawBufferPointer(rebasing: frame[headerLength...])
        var failure: TunnelError?
        let content = FrameBytes.make(capacity: ciphertext.count - ChaCha20Poly1305.tagLength) { padded in
            let opened = withNonce(counter) { nonce in
                Result { () throws(CryptoError) in
                    try ChaCha20Poly1305.openRaw(
                        into: padded.baseAddress!.assumingMemoryBound(to: UInt8.self),
                        key: key,
                        nonce: nonce,
                        ciphertext: ciphertext,
                        aad: header
                    )
                }
            }
            guard case .success = opened else {
                failure = .authFailed
                return 0
            }
            let range: Range<Int>
            do throws(TunnelError) {
                range = try FramePadding.contentRange(UnsafeRawBufferPointer(padded))
            } catch {
                SecretMemory.wipe(padded)
                failure = error
                return 0
            }
            let base = padded.baseAddress!
            base.copyMemory(from: base + range.lowerBound, byteCount: range.count)
            (base + range.count).initializeMemory(as: UInt8.self, repeating: 0, count: range.lowerBound)
            return range.count
        }
        if let failure { throw failure }
        return content
    }

    /// Noise's 12-byte nonce for `counter`: four zero bytes, then the counter as the frame
    /// carries it.
    /// Three 32-bit words, so the twelve bytes are contiguous with no alignment padding.
    static func withNonce<R>(_ counter: UInt64, _ body: (UnsafePointer<UInt8>) -> R) -> R {
        let words = (UInt32(0), UInt32(truncatingIfNeeded: counter).littleEndian, UInt32(counter >> 32).littleEndian)
        return withUnsafeBytes(of: words) { body($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
    }
}
