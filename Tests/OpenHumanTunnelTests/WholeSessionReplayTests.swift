import OpenHumanTunnel
import Testing
import TunnelCrypto

/// The core remembers every nonce of a session (MEMORY-1) up to its bound (MEMORY-2): the
/// relay's long replay fails at the core, where the device's 128-entry window would accept it.
@Suite struct WholeSessionReplayTests {
    private static func frames(_ count: Int, keys: SessionKeys, label: String) throws -> [[UInt8]] {
        let device = SessionCipher(role: .device, keys: keys)
        var stream = SeededBytes(label)
        return try (0..<count).map { _ in try device.seal([], nonce: stream.next(24)) }
    }

    /// A request recorded by the relay and sent again after 10,000 later frames is refused by
    /// the core. Control: the 128-entry window of REPLAY-1, given the same frames, accepts it.
    // REQ: MEMORY-1, REPLAY-3
    @Test func theCoreRefusesARequestReplayedAfter10000LaterFrames() throws {
        let keys = fixedSessionKeys()
        let request = try SessionCipher(role: .device, keys: keys).seal(
            utf8("delete everything"),
            nonce: repeated(1, 24)
        )
        let later = try Self.frames(10_000, keys: keys, label: "later")
        var core = CoreSession(keys: fixedSessionKeys(), bound: 65_536)
        var window = SessionCipher(role: .core, keys: fixedSessionKeys())
        #expect(try core.open(request) == utf8("delete everything"))
        #expect(try window.open(request) == utf8("delete everything"))
        for frame in later {
            _ = try core.open(frame)
            _ = try window.open(frame)
        }
        #expect(throws: TunnelError.replayed) { try core.open(request) }
        #expect(try window.open(request) == utf8("delete everything"), "control: the 128-entry window has forgotten it")
        #expect(core.memory.count == 10_001)
    }

    /// At the bound the session is exhausted: a remembered nonce is still `replayed`, anything
    /// new is `session_exhausted` without being opened, sealing stops, and a refused frame
    /// changes nothing.
    // REQ: MEMORY-2
    @Test func anExhaustedSessionRefusesNewFramesAndStillRemembersOldOnes() throws {
        let keys = fixedSessionKeys()
        var core = CoreSession(keys: fixedSessionKeys(), bound: 300)
        let accepted = try Self.frames(300, keys: keys, label: "bound")
        for (index, frame) in accepted.enumerated() {
            #expect(!core.isExhausted, "frame \(index) is within the bound")
            _ = try core.open(frame)
        }
        #expect(core.isExhausted)
        let next = try Self.frames(1, keys: keys, label: "over")[0]
        #expect(throws: TunnelError.sessionExhausted) { try core.open(next) }
        #expect(throws: TunnelError.replayed) { try core.open(accepted[0]) }
        #expect(throws: TunnelError.sessionExhausted) { try core.seal(utf8("reply"), nonce: repeated(9, 24)) }
        #expect(core.memory.count == 300)
    }

    /// A forged frame is not remembered: its nonce, sent again on a genuine frame, opens.
    // REQ: MEMORY-1, FRAME-OPEN-7
    @Test func aForgedFrameLeavesTheMemoryUnchanged() throws {
        let keys = fixedSessionKeys()
        var core = CoreSession(keys: fixedSessionKeys(), bound: 65_536)
        let genuine = try SessionCipher(role: .device, keys: keys).seal(utf8("hi"), nonce: repeated(3, 24))
        var forged = genuine
        forged[forged.count - 1] ^= 1
        #expect(throws: TunnelError.authFailed) { try core.open(forged) }
        #expect(core.memory.count == 0)
        #expect(try core.open(genuine) == utf8("hi"))
    }
}

/// SHA-256 counter mode over a label: reproducible nonces for the tests, no system randomness.
struct SeededBytes {
    private let label: [UInt8]
    private var counter: UInt64 = 0
    private var buffer: [UInt8] = []

    init(_ label: String) { self.label = utf8(label) }

    mutating func next(_ count: Int) -> [UInt8] {
        while buffer.count < count {
            buffer += SHA256.hash(label, withUnsafeBytes(of: counter.bigEndian) { Array($0) })
            counter += 1
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer.prefix(count))
    }
}
