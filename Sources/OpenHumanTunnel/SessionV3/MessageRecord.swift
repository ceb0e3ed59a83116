/// The records a version 3 frame carries (spec/14-sessions-v3.md 14.6): a whole message, or one
/// fragment of a message too large for one frame, with a binary header under the AEAD.
public enum MessageRecord {
    public static let whole: UInt8 = 0x00
    public static let fragment: UInt8 = 0x01
    /// The kind octet and the fragment's `id`, `offset` and `total`.
    static let fragmentHeaderLength = 13
    /// The largest message sent whole: the largest content less its kind octet.
    public static let largestWhole = FramePadding.maximumContentLength - 1
    /// The data of every fragment but a message's last.
    public static let fragmentData = FramePadding.maximumContentLength - fragmentHeaderLength
    /// The largest message: 16 MiB, version 2's bound (CHUNK-1).
    public static let largestMessage = 16_777_216

    /// The number of records, so of frames, a message of `length` bytes takes (V3-FRAG-1).
    public static func recordCount(of length: Int) -> Int {
        length <= largestWhole ? 1 : (length + fragmentData - 1) / fragmentData
    }

    /// One fragment as its receiver reads it; `data` is the range of the data in the content.
    struct Fragment {
        let id: UInt32
        let offset: Int
        let total: Int
        let data: Range<Int>
    }

    /// V3-FRAG-2 step 1 and the fixed bounds of step 2: the fragment a content holds, or nil for
    /// a whole message.
    static func read(_ content: [UInt8]) throws(TunnelError) -> Fragment? {
        guard let kind = content.first, kind == whole || kind == fragment else { throw .badRecord }
        guard kind == fragment else { return nil }
        guard content.count > fragmentHeaderLength else { throw .badRecord }
        func word(_ at: Int) -> Int {
            content[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let total = word(9), offset = word(5)
        guard total > largestWhole else { throw .badFragment }
        guard total <= largestMessage else { throw .messageTooLarge }
        guard offset + (content.count - fragmentHeaderLength) <= total else { throw .badFragment }
        return Fragment(id: UInt32(word(1)), offset: offset, total: total, data: fragmentHeaderLength..<content.count)
    }

    /// The header of fragment `index` of message `id` of `total` bytes (V3-FRAG-1).
    static func fragmentHeader(id: UInt32, offset: Int, total: Int) -> [UInt8] {
        [fragment]
            + [UInt32(id), UInt32(offset), UInt32(total)].flatMap { value in
                (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            }
    }
}
