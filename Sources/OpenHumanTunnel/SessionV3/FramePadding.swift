/// Version 3's padding (spec/14-sessions-v3.md 14.5, V3-PAD-1, V3-PAD-2): `uint16_be(n) ||
/// content || zeros` to one of twelve bucket sizes, so the relay sees a size class instead of the
/// exact length (review findings F-16, R3-7).
public enum FramePadding {
    /// The padded sizes, smallest first: powers of two from 32, then the largest plaintext a
    /// 49,152-byte frame holds.
    public static let buckets = [
        smallestBucket, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, largestBucket,
    ]
    /// The first and last buckets as constants: the per-frame checks read these, where reading
    /// the array costs a lazy initialisation check and a bounds check on every frame.
    static let smallestBucket = 32
    static let largestBucket = 49127
    /// The length field.
    static let lengthFieldSize = 2
    /// The largest content: the largest bucket less its length field.
    public static let maximumContentLength = largestBucket - lengthFieldSize

    public static func isBucket(_ length: Int) -> Bool {
        // Powers of two from 32 to 32,768, or the last bucket.
        length == largestBucket
            || (length >= smallestBucket && length <= 32768 && length & (length - 1) == 0)
    }

    /// The smallest bucket that holds `contentLength` bytes and the length field.
    public static func bucket(forContentLength contentLength: Int) -> Int {
        let needed = contentLength + lengthFieldSize
        var size = smallestBucket
        while size < needed && size < 32768 { size <<= 1 }
        return size >= needed ? size : largestBucket
    }

    /// Writes the padded plaintext of `content` into `out`, which holds exactly its bucket.
    /// The content is `prefix` then `content`: a record's header and its data go in without
    /// being joined first.
    static func pad(
        _ prefix: UnsafeRawBufferPointer,
        _ content: UnsafeRawBufferPointer,
        into out: UnsafeMutableRawBufferPointer
    ) {
        let length = prefix.count + content.count
        out.storeBytes(of: UInt16(length).bigEndian, toByteOffset: 0, as: UInt16.self)
        let body = UnsafeMutableRawBufferPointer(rebasing: out[lengthFieldSize...])
        if !prefix.isEmpty { body.copyMemory(from: prefix) }
        if !content.isEmpty { UnsafeMutableRawBufferPointer(rebasing: body[prefix.count...]).copyMemory(from: content) }
        UnsafeMutableRawBufferPointer(rebasing: body[length...]).initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// The range of the content inside an opened padded plaintext, or `bad_padding` when its
    /// length field overruns it or a padding byte is not zero.
    static func contentRange(_ padded: UnsafeRawBufferPointer) throws(TunnelError) -> Range<Int> {
        let length = Int(UInt16(bigEndian: padded.loadUnaligned(as: UInt16.self)))
        let end = lengthFieldSize + length
        guard end <= padded.count else { throw .badPadding }
        // Every padding byte is read, eight at a time: the padding can be half the frame, and read
        // a byte at a time it added about 8% to a seal+open of 1 KiB of content (1,022 bytes of
        // padding).
        var nonzero: UInt64 = 0
        var offset = end
        while offset + 8 <= padded.count {
            nonzero |= padded.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < padded.count {
            nonzero |= UInt64(padded[offset])
            offset += 1
        }
        guard nonzero == 0 else { throw .badPadding }
        return lengthFieldSize..<end
    }
}
