import TunnelCrypto

/// The opening half of a version 3 session (spec/14-sessions-v3.md: V3-FRAME-2, V3-WINDOW-*,
/// V3-REKEY-3, V3-PAD-2): the replay window and the keys of `H`'s epoch and, while the window
/// still reaches into it, of the epoch before.
///
/// A value type: a copy keeps its own window and keys, so a test can try a frame on a copy and
/// compare. Every refusal leaves the receiver exactly as it was; keys of a later epoch are derived
/// into locals and kept only when the frame they open is accepted.
public struct SessionReceiverV3: Sendable {
    public private(set) var window: CounterWindow
    private var key: SecretBytes
    private var previousKey: SecretBytes?
    /// The epoch of `H`, or 0 before any counter is accepted.
    public private(set) var epoch: UInt64

    /// A receiver of a new session: `key` is the peer direction's key of epoch 0, and every counter
    /// below `firstCounter`, the peer's first (V3-SESS-1), counts as accepted.
    public init(key: [UInt8], firstCounter: UInt64) {
        window = .acceptedBelow(firstCounter)
        self.key = SecretBytes(copying: key)
        epoch = window.highest.map(KeyEpochs.epoch(of:)) ?? 0
        retirePreviousKeyIfUnreachable()
    }

    /// A receiver deep in a session, for vectors (ADP-130's `receiveState`): every counter up to
    /// `highest` accepted and `key` the key of its epoch. The window must not reach into the epoch
    /// before, whose key it does not hold.
    public init(highest: UInt64, key: [UInt8]) {
        precondition(highest % KeyEpochs.length >= CounterWindow.width - 1)
        window = CounterWindow(allAcceptedUpTo: highest)
        self.key = SecretBytes(copying: key)
        epoch = KeyEpochs.epoch(of: highest)
    }

    /// Opens a frame in V3-FRAME-2's order and returns its content.
    public mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try frame.withUnsafeBytes { frame in Result { () throws(TunnelError) in try open(frame) } }.get()
    }

    public mutating func open(_ frame: UnsafeRawBufferPointer) throws(TunnelError) -> [UInt8] {
        try SessionFrameV3.checkShape(frame)
        let counter = SessionFrameV3.counter(frame)
        let counterEpoch = KeyEpochs.epoch(of: counter)
        guard counter != .max, counterEpoch <= epoch + KeyEpochs.receiverLookahead else { throw .counterOutOfRange }
        guard window.admits(counter) else { throw .replayed }
        let keys = try keys(for: counterEpoch)
        let content = try SessionFrameV3.open(frame, counter: counter, key: keys.key)
        accept(counter, epoch: counterEpoch, keys: keys)
        return content
    }

    /// The key that opens `counterEpoch`, with the one before it when that epoch is new.
    private func keys(for counterEpoch: UInt64) throws(TunnelError) -> (key: SecretBytes, previous: SecretBytes?) {
        if counterEpoch > epoch { return KeyEpochs.advance(key, by: counterEpoch - epoch) }
        // The previous key is kept only by `accept` of a new epoch: not retaining it here saves
        // every frame of the current epoch a reference count.
        if counterEpoch == epoch { return (key, nil) }
        // The window reaches at most one epoch back, and the key is kept while it does.
        guard let previousKey else { throw .replayed }
        return (previousKey, nil)
    }

    private mutating func accept(
        _ counter: UInt64,
        epoch counterEpoch: UInt64,
        keys: (key: SecretBytes, previous: SecretBytes?)
    ) {
        window.record(counter)
        if counterEpoch > epoch {
            key = keys.key
            previousKey = keys.previous
            epoch = counterEpoch
        }
        retirePreviousKeyIfUnreachable()
    }

    /// V3-REKEY-3: the previous epoch's key lives only while the window reaches into its epoch.
    private mutating func retirePreviousKeyIfUnreachable() {
        if let highest = window.highest, highest % KeyEpochs.length < CounterWindow.width - 1 { return }
        previousKey = nil
    }
}
