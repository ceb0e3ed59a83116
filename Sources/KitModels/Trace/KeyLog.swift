/// The secrets of a key log, looked up by label and id (KEYLOG-1 to KEYLOG-4).
public struct KeyLog: Equatable, Sendable {
    private var secrets: [Key: [UInt8]] = [:]
    /// Label and id pairs given two different secrets: never answered (KEYLOG-4).
    private var conflicted: Set<Key> = []

    private struct Key: Hashable, Sendable {
        let label: KeyLogLabel
        let id: [UInt8]
    }

    public init() {}

    public init(_ entries: [KeyLogEntry]) {
        for entry in entries { _ = add(entry) }
    }

    /// The secret for `label` and `id`, or nil when the log has none or contradicts itself.
    public func secret(_ label: KeyLogLabel, id: [UInt8]) -> [UInt8]? {
        secrets[Key(label: label, id: id)]
    }

    /// Every usable entry, sorted by label then id: the log as a writer would emit it.
    public var entries: [KeyLogEntry] {
        secrets.map { KeyLogEntry(label: $0.key.label, id: $0.key.id, secret: $0.value) }.sorted { a, b in
            a.label.rawValue != b.label.rawValue
                ? a.label.rawValue < b.label.rawValue : a.id.lexicographicallyPrecedes(b.id)
        }
    }

    /// The log's text: one line per usable entry, in the order of `entries`.
    public var text: String { entries.map(\.line).joined() }

    /// Adds `entry`; false when the same label and id already had, or now has, another secret,
    /// in which case neither secret stays usable.
    mutating func add(_ entry: KeyLogEntry) -> Bool {
        let key = Key(label: entry.label, id: entry.id)
        guard !conflicted.contains(key) else { return false }
        if let known = secrets[key] {
            guard known == entry.secret else {
                secrets[key] = nil
                conflicted.insert(key)
                return false
            }
            return true
        }
        secrets[key] = entry.secret
        return true
    }
}
