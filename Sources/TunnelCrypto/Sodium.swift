import CSodium

/// The one place libsodium is initialised.
///
/// `sodium_init` picks the fastest implementations for this CPU and seeds the CSPRNG; it is
/// idempotent and thread-safe, and a Swift global is initialised exactly once, so every entry
/// point touches `Sodium.ready` at the cost of one already-initialised check.
enum Sodium {
    static let ready: Bool = sodium_init() >= 0
}
