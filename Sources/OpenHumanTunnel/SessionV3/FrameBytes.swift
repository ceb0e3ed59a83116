/// How version 3's sender and receiver create the byte arrays they return (the frame, the
/// content), whose bytes the AEAD writes.
///
/// `[UInt8](unsafeUninitializedCapacity:)` runs the standard library's unspecialised allocation,
/// which looks up the generic metadata of the array's storage class on every call: about 30 ns a
/// call, and the two calls of a 64-byte seal+open were some 40% of what it cost above the bare AEAD
/// calls (tunnel-bench's `v3 seal+open 64 B` row). An array created from a collection, `Array(repeatElement(0, count:))`,
/// is allocated by the standard library's code specialised for bytes, with no lookup, but is
/// zeroed first; zeroing costs less than the lookup up to a few kilobytes, and more above (about
/// 0.4 µs for the largest frame). Small arrays are therefore created zeroed and large ones
/// uninitialised; either way `fill` writes the bytes the array keeps.
enum FrameBytes {
    /// The largest array created zeroed: zeroing 2,048 bytes costs about as much as the lookup.
    static let largestZeroed = 2048

    /// An array of at most `capacity` bytes: `fill` writes its bytes from the front and returns how
    /// many the array keeps (0 when it refuses). Bytes past that count are dropped, or left in
    /// the array's spare capacity: `fill` must leave nothing secret there.
    static func make(capacity: Int, fill: (UnsafeMutableRawBufferPointer) -> Int) -> [UInt8] {
        guard capacity > largestZeroed else {
            var bytes = Array(repeatElement(UInt8(0), count: capacity))
            let count = bytes.withUnsafeMutableBytes(fill)
            if count < capacity { bytes.removeLast(capacity - count) }
            return bytes
        }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = fill(UnsafeMutableRawBufferPointer(buffer))
        }
    }
}
