/// The nonces of the most recent accepted frames (REPLAY-1 to REPLAY-3), with the window mutants.
///
/// A plain array and set: the composed path favours obviously-correct code over the library's
/// O(1) ring, since it only runs in the self-check.
struct ComposedReplayWindow {
    private let mutant: Mutant?
    private let capacity: Int
    private var members: Set<[UInt8]> = []
    /// Accepted nonces, oldest first.
    private var order: [[UInt8]] = []

    init(mutant: Mutant?) {
        self.mutant = mutant
        switch mutant {
        case .window126?: capacity = 126
        case .window127?: capacity = 127
        case .window129?: capacity = 129
        default: capacity = 128
        }
    }

    func contains(_ nonce: [UInt8]) -> Bool {
        if mutant == .windowZeroNonceEmptySlot, nonce.allSatisfy({ $0 == 0 }) { return false }
        return mutant != .noReplayWindow && members.contains(nonce)
    }

    mutating func record(_ nonce: [UInt8]) {
        guard mutant != .noReplayWindow else { return }
        if order.count == capacity {
            let evicted = mutant == .windowEvictsNewest ? order.removeLast() : order.removeFirst()
            members.remove(evicted)
        }
        order.append(nonce)
        members.insert(nonce)
    }
}
