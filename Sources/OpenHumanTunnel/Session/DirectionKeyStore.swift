import CSodium

/// The two direction keys of one party, in storage of its own that is wiped when the last
/// cipher holding it goes away.
///
/// The keys are copied in, never shared: wiping a buffer that a caller's `SessionKeys` also
/// points to would zero the caller's keys (and any other cipher made from them).
final class DirectionKeyStore: Sendable {
    let sealing: [UInt8]
    let opening: [UInt8]

    init(sealing: [UInt8], opening: [UInt8]) {
        self.sealing = Self.privateCopy(sealing)
        self.opening = Self.privateCopy(opening)
    }

    private static func privateCopy(_ key: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: key.count) { buffer, count in
            _ = buffer.initialize(from: key)
            count = key.count
        }
    }

    deinit {
        // The buffers were made in `init` and are referenced only by this object's lets (callers
        // only borrow them for the duration of a call), so zeroing them in place touches no
        // one else's bytes.
        for key in [sealing, opening] {
            key.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress { sodium_memzero(UnsafeMutableRawPointer(mutating: base), buffer.count) }
            }
        }
    }
}
