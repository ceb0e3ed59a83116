import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// The core's session (MEMORY-1, MEMORY-2), composed from `XChaCha20Poly1305` and a set of
/// whole nonces, with the memory mutants.
struct ComposedCoreSession: SessionEndpoint {
    private let mutant: Mutant?
    private let bound: Int
    private let sealingKey: [UInt8]
    private let openingKey: [UInt8]
    private var memory: Set<[UInt8]> = []
    /// The deployed core's memory: the 128-entry window, for the `core-memory-window-128` mutant.
    private var window: ComposedReplayWindow

    init(keys: SessionKeys, bound: Int, mutant: Mutant?) {
        self.mutant = mutant
        self.bound = mutant == .sessionBoundOffByOne ? bound + 1 : bound
        sealingKey = keys.s2c
        openingKey = keys.c2s
        window = ComposedReplayWindow(mutant: nil)
    }

    private var acceptedCount = 0

    /// As `CoreSession.exhaust()`: the bound counted as reached, the memory kept (ADP-55).
    mutating func exhaust() { acceptedCount = Swift.max(acceptedCount, bound) }

    /// For `memory-kept-across-commit`: the nonces `previous` accepted, carried into this session.
    mutating func adoptMemory(of previous: ComposedCoreSession) {
        memory.formUnion(previous.memory)
    }

    var isExhausted: Bool { mutant != .exhaustedSessionStillOpens && acceptedCount >= bound }

    func remembers(_ frame: [UInt8]) -> Bool {
        let nonce = memoryKey(frame)
        if mutant == .coreMemoryZeroEmptySlot, nonce.allSatisfy({ $0 == 0 }) { return false }
        return mutant == .coreMemoryWindow128 ? window.contains(nonce) : memory.contains(nonce)
    }

    /// The whole nonce, or for `core-memory-prefix-15` its first 15 bytes.
    private func memoryKey(_ frame: [UInt8]) -> [UInt8] {
        let nonce = Array(frame[SessionFrame.nonceRange])
        return mutant == .coreMemoryPrefix15 ? Array(nonce.prefix(15)) : nonce
    }

    func authenticate(_ frame: [UInt8]) -> [UInt8]? {
        guard !isExhausted else { return nil }
        return try? XChaCha20Poly1305.open(
            key: openingKey,
            nonce: Array(frame[SessionFrame.nonceRange]),
            ciphertext: Array(frame[SessionFrame.ciphertextStart...]),
            aad: []
        )
    }

    mutating func record(_ frame: [UInt8]) {
        let nonce = memoryKey(frame)
        acceptedCount += 1
        if mutant == .coreMemoryWindow128 { window.record(nonce) } else { memory.insert(nonce) }
    }

    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try ComposedMessageType(mutant: mutant).check(
            frame,
            accepting: ComposedMessageType.session,
            minimumLength: Limits.sessionFrameOverhead
        )
        if mutant == .exhaustionCheckedBeforeReplay, isExhausted { throw .sessionExhausted }
        guard !remembers(frame) else { throw .replayed }
        if let plaintext = authenticate(frame) {
            record(frame)
            return plaintext
        }
        throw isExhausted ? .sessionExhausted : .authFailed
    }

    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?) throws(TunnelError) -> [UInt8] {
        guard !isExhausted else { throw .sessionExhausted }
        guard plaintext.count <= Limits.maximumPlaintextLength else { throw .plaintextTooLarge }
        var random = SystemRandom()
        let nonce = nonce ?? random.bytes(XChaCha20Poly1305.nonceLength)
        return [ComposedMessageType.session] + nonce
            + XChaCha20Poly1305.seal(key: sealingKey, nonce: nonce, plaintext: plaintext, aad: [])
    }
}
