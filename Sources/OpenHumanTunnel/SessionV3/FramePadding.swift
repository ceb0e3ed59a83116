/// Version 3's padding (spec/14-sessions-v3.md 14.5, V3-PAD-1, V3-PAD-2): `uint16_be(n) ||
/// content || zeros` to one of twelve bucket sizes, so the relay sees a size class instead of the
/// exact length (review findings F-16, R3-7).
public enum FramePadding {
    /// The padded sizes, smallest first: powers of two from 32, then the largest plaintext a
    /// 49,152-byte frame holds.
    public static let buckets = [32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 49127]
    /// The length field.
    static let lengthFieldSize = 2
    /// The largest content: the largest bucket less its length field.
    public static let maximumContentLength = buckets[buckets.count - 1] - lengthFieldSize

    public static func isBucket(_ length: Int) -> Bool {
        // Powers of two from 32 to 32,768, or the last bucket.
        length == maximumContentLength + lengthFieldSize
            || (length >= 32 && length <= 32768 && length & (length - 1) == 0)
    }

    /// The smallest bucket that holds `contentLength` bytes and the length field.
    public static func bucket(forContentLength contentLength: Int) -> Int {
        let needed = contentLength + lengthFieldSize
        var size = buckets[0]
        while size < needed && size < 32768 { size <<= 1 }
        return size >= needed ? size : buckets[buckets.count - 1]
    }

    /// Writes the padded plaintext of `content` into `out`, which holds exactly its bucket.
    static func pad(_ content: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        out.storeBytes(of: UInt16(content.count).bigEndian, toByteOffset: 0, as: UInt16.self)
        let body = UnsafeMutableRawBufferPointer(rebasing: out[lengthFieldSize...])
        if !content.isEmpty { body.copyMemory(from: content) }
        UnsafeMutableRawBufferPointer(rebasing: body[content.count...]).initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// The range of the content inside an opened padded plaintext, or `bad_padding` when its
    /// length field overruns it or a padding byte is not zero.
    static func contentRange(_ padded: UnsafeRawBufferPointer) throws(TunnelError) -> Range<Int> {
        let length = Int(UInt16(bigEndian: padded.loadUnaligned(as: UInt16.self)))
        let end = lengthFieldSize + length
        guard end <= padded.count else { throw .badPadding }
        var nonzero: UInt8 = 0
        for byte in padded[end...] { nonzero |= byte }
        guard nonzero == 0 else { throw .badPadding }
        return lengthFieldSize..<end
    }
}
