import CSodium

/// Wiping and comparing secrets (SESS-2).
public enum SecretMemory {
    /// Overwrites `bytes` with zeros in a way the optimiser cannot drop.
    ///
    /// Swift arrays may have been copied before; wiping the copy we own is still worth it,
    /// because derived keys and DH outputs are created here and held nowhere else.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            sodium_memzero(base, buffer.count)
        }
    }

    /// Overwrites the memory at `buffer` with zeros in a way the optimiser cannot drop: for a
    /// plaintext decrypted into memory that is about to be released unread.
    public static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        sodium_memzero(base, buffer.count)
    }

    /// Compares two byte strings in time that depends only on their lengths.
    ///
    /// Used for every comparison of a secret or of a key that gates access (the stored device
    /// key), so the time taken leaks nothing about where they first differ.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in sodium_memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0 }
        }
    }

    /// True when every byte is zero, in constant time.
    public static func isAllZero(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            return sodium_is_zero(base.assumingMemoryBound(to: UInt8.self), buffer.count) == 1
        }
    }
}
