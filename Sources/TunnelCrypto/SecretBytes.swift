import CSodium

/// A secret in memory that this object allocates, owns and wipes when it goes away (SESS-2).
///
/// A Swift array may share its buffer with copies, and writing through the buffer of a `let`
/// array is undefined behaviour; a long-lived key is therefore copied once into storage of its
/// own, lent out only for the duration of a call, and zeroed before the memory is freed.
public final class SecretBytes: @unchecked Sendable {
    // Sendable: the storage is written only in `init` and `deinit`; between them it is read only.
    private let storage: UnsafeMutableRawBufferPointer

    public init(copying bytes: [UInt8]) {
        storage = .allocate(byteCount: bytes.count, alignment: 16)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
    }

    public var count: Int { storage.count }

    /// Lends the secret's bytes to `body`; they must not escape it.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(storage))
    }

    deinit {
        if let base = storage.baseAddress { sodium_memzero(base, storage.count) }
        storage.deallocate()
    }
}
