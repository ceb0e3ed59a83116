/// Version 3's replay window (spec/14-sessions-v3.md 14.3, V3-WINDOW-1 to V3-WINDOW-3): the
/// highest accepted counter `H` and one bit for each of the 2,048 counters `H - 2047` to `H`.
///
/// The bits live in a ring of 64 words (4,096 bits, RFC 6479's layout): counter `c` is bit
/// `c mod 64` of word `(c / 64) mod 64`. The ring is larger than the window so that sliding
/// clears whole words and never shifts; a counter below the window is refused by comparison
/// before its bit is read, so the stale words past the window's low edge are never consulted.
/// Every check and update is a comparison and at most 64 word writes, whatever the counter or the
/// session's length, in 512 bytes.
public struct CounterWindow: Sendable, Equatable {
    /// The window's exact width: a receiver that remembered more would refuse late frames that
    /// every other receiver accepts.
    public static let width: UInt64 = 2048
    private static let words = 64

    /// The highest accepted counter, or nil while none is (a session whose peer starts at 0).
    public private(set) var highest: UInt64?
    private var bits = [UInt64](repeating: 0, count: words)

    /// A window that has accepted every counter below `first`: the handshake's own transport
    /// messages (V3-SESS-1).
    public static func acceptedBelow(_ first: UInt64) -> CounterWindow {
        first > 0 ? CounterWindow(allAcceptedUpTo: first - 1) : CounterWindow()
    }

    /// A window that has accepted nothing.
    public init() {}

    /// A window whose every counter up to `highest` is accepted: the state of a long session.
    public init(allAcceptedUpTo highest: UInt64) {
        self.highest = highest
        bits = [UInt64](repeating: .max, count: Self.words)
        // Counters above `highest` in its own word are not accepted yet.
        let word = Self.word(highest), bit = highest & 63
        bits[word] = bit == 63 ? .max : (UInt64(1) << (bit + 1)) - 1
    }

    /// False when `counter` is below the window or in it and already accepted (V3-WINDOW-2).
    public func admits(_ counter: UInt64) -> Bool {
        guard let highest else { return true }
        if counter > highest { return true }
        if highest - counter >= Self.width { return false }
        return bits[Self.word(counter)] & (UInt64(1) << (counter & 63)) == 0
    }

    /// Records an accepted counter, sliding the window when it is the new highest (V3-WINDOW-3).
    mutating func record(_ counter: UInt64) {
        if let highest {
            if counter > highest {
                let advance = counter / 64 - highest / 64
                if advance >= UInt64(Self.words) {
                    for index in bits.indices { bits[index] = 0 }
                } else if advance > 0 {
                    for step in 1...advance { bits[Int((highest / 64 + step) % UInt64(Self.words))] = 0 }
                }
                self.highest = counter
            }
        } else {
            highest = counter
        }
        bits[Self.word(counter)] |= UInt64(1) << (counter & 63)
    }

    private static func word(_ counter: UInt64) -> Int { Int((counter / 64) % UInt64(words)) }
}
