import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Version 3's session frames (spec/14-sessions-v3.md) through the library's two parties: the
/// claims of the chapter, each with the genuine exchange beside the attack.
@Suite struct SessionV3Tests {
    static let deviceToCore = testPrivateKey("v3 session device-to-core")
    static let coreToDevice = testPrivateKey("v3 session core-to-device")
    static let startedAt: Int64 = 1_790_000_000

    static func parties(_ start: SessionV3.Start) -> (device: SessionV3, core: SessionV3) {
        (
            SessionV3(
                role: .device,
                start: start,
                deviceToCore: deviceToCore,
                coreToDevice: coreToDevice,
                startedAt: startedAt
            ),
            SessionV3(
                role: .core,
                start: start,
                deviceToCore: deviceToCore,
                coreToDevice: coreToDevice,
                startedAt: startedAt
            )
        )
    }

    static func counter(_ frame: [UInt8]) -> UInt64 {
        frame[1..<9].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// V3-SESS-1: after a pairing the device's frames start at 2 and the core's at 1, after a
    /// reconnection at 1 and 0; each side opens the other's, in both directions.
    // REQ: V3-SESS-1, V3-SESS-2, V3-FRAME-1
    @Test(arguments: [(SessionV3.Start.pairing, UInt64(2), UInt64(1)), (.reconnection, 1, 0)])
    func bothSidesTalkFromTheFirstCountersTheHandshakeLeft(
        start: SessionV3.Start,
        device first: UInt64,
        core coreFirst: UInt64
    ) throws {
        var (device, core) = Self.parties(start)
        for index in 0..<3 {
            let up = try device.seal(utf8("up \(index)"), now: Self.startedAt)
            let down = try core.seal(utf8("down \(index)"), now: Self.startedAt)
            #expect(Self.counter(up) == first + UInt64(index))
            #expect(Self.counter(down) == coreFirst + UInt64(index))
            #expect(try core.open(up) == utf8("up \(index)"))
            #expect(try device.open(down) == utf8("down \(index)"))
        }
    }

    /// V3-FRAME-1: the frame is Noise's `EncryptWithAd(header, padded)` at nonce = counter, so a
    /// ChaCha20-Poly1305 call with that nonce and associated data gives the same bytes.
    // REQ: V3-FRAME-1, V3-PAD-1
    @Test func aFrameIsChaChaPolyAtTheCounterWithTheHeaderAsAssociatedData() throws {
        var (device, _) = Self.parties(.pairing)
        let frame = try device.seal(utf8("hello"), now: Self.startedAt)
        let header: [UInt8] = [0x16, 2, 0, 0, 0, 0, 0, 0, 0]
        let padded = [0, 5] + utf8("hello") + repeated(0, 25)
        let expected =
            header
            + ChaCha20Poly1305.seal(
                key: Self.deviceToCore,
                nonce: ChaCha20Poly1305.noiseNonce(2),
                plaintext: padded,
                aad: header
            )
        #expect(frame == expected)
    }

    /// A frame is opened at most once in a session, whatever came between (V3-WINDOW-2): replays
    /// after 10,000, 1,000,000 and 2^32 later counters are refused, the next frame still opens.
    // REQ: V3-WINDOW-2, V3-WINDOW-3
    @Test(arguments: [UInt64(10_000), 1_000_000, 1 << 32])
    func aFrameReplayedAfterManyLaterCountersIsRefused(later: UInt64) throws {
        var (_, core) = Self.parties(.reconnection)
        var peer = SessionSenderV3(counter: 1, key: Self.deviceToCore, startedAt: 0)
        let first = try peer.seal([1], now: 0)
        #expect(try core.open(first) == [1])
        // Walk the counter forward in steps of eight epochs, the most a receiver derives at once.
        var counter: UInt64 = 1
        while counter < 1 + later {
            counter = min(1 + later, counter + 8 * KeyEpochs.length)
            _ = try core.open(try peer.seal([], atCounter: counter, now: 0))
        }
        #expect(throws: TunnelError.replayed) { try core.open(first) }
        #expect(try core.open(try peer.seal([2], now: 0)) == [2])
    }

    /// V3-FRAME-2: a refused frame changes nothing: every single-bit change of a genuine frame is
    /// refused with the code of the first check it fails (the octet, the counter against the
    /// epochs and the window, else the tag), the window and epoch are as they were, and the
    /// genuine frame then opens.
    // REQ: V3-FRAME-2, V3-WINDOW-2, V3-WINDOW-3, V3-REKEY-3, ERR-1
    @Test func everyBitFlipIsRefusedWithItsCodeAndChangesNothing() throws {
        var (device, core) = Self.parties(.reconnection)
        _ = try core.open(try device.seal(utf8("before"), now: Self.startedAt))  // counter 1: H = 1
        let genuine = try device.seal(utf8("genuine"), now: Self.startedAt)  // counter 2
        let window = core.receiver.window, epoch = core.receiver.epoch
        /// What V3-FRAME-2 answers to the frame with `bit` flipped.
        func refusal(_ bit: Int) -> TunnelError {
            let flipped = genuine.flippingBit(bit)
            switch bit / 8 {
            case 0:
                let octet = flipped[0]
                return (0x02...0x04).contains(octet) || (0x10...0x15).contains(octet)
                    ? .unexpectedType(octet) : .unsupportedType(octet)
            case 1...8:
                let counter = flipped[1...8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                if counter == .max || counter / 65_536 > 8 { return .counterOutOfRange }
                return counter <= 1 ? .replayed : .authFailed
            default: return .authFailed
            }
        }
        for bit in 0..<(genuine.count * 8) {
            var copy = core
            #expect(throws: refusal(bit), "bit \(bit)") { try copy.open(genuine.flippingBit(bit)) }
            #expect(copy.receiver.window == window && copy.receiver.epoch == epoch, "bit \(bit)")
        }
        #expect(try core.open(genuine) == utf8("genuine"))
    }

    /// V3-WINDOW-1 to 3 against a model that keeps every accepted counter in a set: on random
    /// sequences of counters, near and far, in and out of order, the receiver's 2,048-counter ring
    /// refuses exactly the frames the model does.
    // REQ: V3-WINDOW-1, V3-WINDOW-2, V3-WINDOW-3
    @Test func theWindowAgreesWithASetModelOnRandomSequences() throws {
        var random = SeededGenerator(seed: 0x5e55_1013)
        var peer = PeerFrames(key: Self.deviceToCore)
        for round in 0..<60 {
            var (_, core) = Self.parties(.reconnection)
            var accepted: Set<UInt64> = [0]
            var highest: UInt64 = 0
            var base: UInt64 = 0
            for _ in 0..<250 {
                // Mostly around the top of the window, sometimes far ahead.
                switch random.next() % 10 {
                case 0: base += random.next() % 20_000
                case 1: base += random.next() % 300
                default: break
                }
                let counter = base + random.next() % 2_400
                let modelAdmits = counter > highest || (highest - counter < 2048 && !accepted.contains(counter))
                let frame = peer.frame(at: counter)
                if random.next() % 4 == 0 {
                    // A forged frame at the counter: refused, and it must not record the counter.
                    var copy = core
                    let refusal: TunnelError = modelAdmits ? .authFailed : .replayed
                    #expect(throws: refusal) { try copy.open(frame.flippingBit(frame.count * 8 - 1)) }
                    #expect(copy.receiver.window == core.receiver.window)
                    continue
                }
                var copy = core
                let opened = Result { () throws(TunnelError) in try copy.open(frame) }
                let wasOpened = (try? opened.get()) != nil
                #expect(wasOpened == modelAdmits, "round \(round), counter \(counter)")
                if case .failure(let error) = opened { #expect(error == .replayed) }
                if modelAdmits {
                    core = copy
                    accepted.insert(counter)
                    highest = max(highest, counter)
                }
            }
        }
    }

    /// V3-REKEY-1, V3-REKEY-3: counter 65,535 is under epoch 0's key and 65,536 under `REKEY` of it;
    /// a frame of the epoch before, still in the window, opens under the key kept for it, and is
    /// replayed once the window has left that epoch.
    // REQ: V3-REKEY-1, V3-REKEY-3
    @Test func keysRotateBy65536CountersAndTheLastEpochsKeyLivesWithTheWindow() throws {
        let rekeyed = ChaCha20Poly1305.rekey(SecretBytes(copying: Self.deviceToCore)).withUnsafeBytes { Array($0) }
        var peer = SessionSenderV3(counter: 65_534, key: Self.deviceToCore, startedAt: 0)
        let late = try peer.seal([1], now: 0)
        let rotated = try peer.seal([2], now: 0)
        #expect(Self.counter(late) == 65_534 && Self.counter(rotated) == 65_535)
        let first = try peer.seal([3], now: 0)
        #expect(Self.counter(first) == 65_536)
        let opened = try ChaCha20Poly1305.open(
            key: rekeyed,
            nonce: ChaCha20Poly1305.noiseNonce(65_536),
            ciphertext: Array(first.dropFirst(9)),
            aad: Array(first.prefix(9))
        )
        #expect(opened.prefix(3) == [0, 1, 3])
        var (_, core) = Self.parties(.reconnection)
        #expect(try core.open(first) == [3])
        #expect(try core.open(late) == [1])
        var far = SessionSenderV3(counter: 67_583, key: rekeyed, startedAt: 0)
        _ = try core.open(try far.seal([], now: 0))
        #expect(throws: TunnelError.replayed) { try core.open(rotated) }
    }

    /// V3-REKEY-2: an idle key is replaced after 120 s; the receiver follows without a message.
    // REQ: V3-REKEY-2, V3-REKEY-3
    @Test func anIdleSenderStartsANewEpochAfter120Seconds() throws {
        var (device, core) = Self.parties(.reconnection)
        let early = try device.seal([1], now: Self.startedAt + 119)
        let later = try device.seal([2], now: Self.startedAt + 120)
        #expect(Self.counter(early) == 1 && Self.counter(later) == 65_536)
        #expect(try core.open(early) == [1])
        #expect(try core.open(later) == [2])
    }

    /// V3-SESS-2: the last counter a sender uses is 2^64 - 2; after it, and for a rotation past the
    /// last epoch, sealing is session_exhausted and changes nothing.
    // REQ: V3-SESS-2
    @Test func aSenderStopsBeforeTheReservedCounter() throws {
        var sender = SessionSenderV3(counter: .max - 1, key: Self.deviceToCore, startedAt: 0)
        #expect(Self.counter(try sender.seal([], now: 0)) == .max - 1)
        #expect(throws: TunnelError.sessionExhausted) { try sender.seal([], now: 0) }
        #expect(sender.nextCounter == .max)
        var aged = SessionSenderV3(counter: .max - 100, key: Self.deviceToCore, startedAt: 0)
        #expect(throws: TunnelError.sessionExhausted) { try aged.seal([], now: 120) }
        #expect(Self.counter(try aged.seal([], now: 119)) == .max - 100)
    }

    /// V3-PAD-1: every content length from 0 to 49,125 is sealed into the smallest bucket that
    /// holds it and its length field, and opens back to itself; 49,126 is refused.
    // REQ: V3-PAD-1, V3-PAD-2
    @Test func everyContentLengthGetsTheSmallestBucket() throws {
        var (device, core) = Self.parties(.reconnection)
        let lengths = Array(0...70) + [126, 127, 254, 255, 1022, 1023, 32_766, 32_767, 49_124, 49_125]
        for length in lengths {
            let content = [UInt8](repeating: UInt8(length & 0xff), count: length)
            let frame = try device.seal(content, now: Self.startedAt)
            let bucket = FramePadding.buckets.first { $0 >= length + 2 }!
            #expect(frame.count == bucket + 25, "length \(length)")
            #expect(try core.open(frame) == content, "length \(length)")
        }
        #expect(throws: TunnelError.plaintextTooLarge) { try device.seal(repeated(0, 49_126), now: Self.startedAt) }
    }
}

/// Frames of one direction at any counter, in any order, each epoch's key derived once.
struct PeerFrames {
    private var keys: [UInt64: [UInt8]]

    init(key: [UInt8]) { keys = [0: key] }

    mutating func frame(at counter: UInt64) -> [UInt8] {
        let epoch = counter / KeyEpochs.length
        var known = keys.keys.filter { $0 <= epoch }.max()!
        while known < epoch {
            keys[known + 1] = ChaCha20Poly1305.rekey(SecretBytes(copying: keys[known]!)).withUnsafeBytes { Array($0) }
            known += 1
        }
        var sender = SessionSenderV3(counter: counter, key: keys[epoch]!, startedAt: 0)
        return try! sender.seal(utf8("\(counter)"), now: 0)
    }
}

/// 14.6's messages and fragments through the library's two parties.
@Suite struct SessionV3MessageTests {
    /// V3-FRAG-1, V3-FRAG-3: a 16 MiB message crosses as 342 full frames but the last, arrives
    /// whole and equal, and the receiver never held more than the message's bytes.
    // REQ: V3-FRAG-1, V3-FRAG-2, V3-FRAG-3
    @Test func aSixteenMebibyteMessageCrossesInFullFramesAndIsHeldOnce() throws {
        var (device, core) = SessionV3Tests.parties(.reconnection)
        let message = (0..<(16 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frames = try device.send(message, now: SessionV3Tests.startedAt)
        #expect(frames.count == 342)
        #expect(frames.dropLast().allSatisfy { $0.count == 49_152 })
        var delivered: [[UInt8]] = []
        for frame in frames { if let message = try core.receive(frame) { delivered.append(message) } }
        #expect(delivered == [message])
        #expect(core.reassembly.peakHeldBytes == message.count)
        #expect(core.reassembly.partialCount == 0)
    }

    /// V3-FRAG-2: a refused record leaves the frame's counter unrecorded and the partial message
    /// as it was: the genuine record at the same counter is then taken, and the message completes.
    // REQ: V3-FRAG-2
    @Test func aRefusedFragmentChangesNothing() throws {
        var (device, core) = SessionV3Tests.parties(.reconnection)
        let message = repeated(7, 60_000)
        let frames = try device.send(message, now: SessionV3Tests.startedAt)
        #expect(try core.receive(frames[0]) == nil)
        var gap = SessionSenderV3(counter: 2, key: SessionV3Tests.deviceToCore, startedAt: 0)
        let gapRecord = [1, 0, 0, 0, 0] + [0, 0, 0xbf, 0xd9] + [0, 0, 0xea, 0x60] + repeated(7, 10)
        let before = core.receiver.window
        #expect(throws: TunnelError.fragmentOutOfOrder) { try core.receive(try gap.seal(gapRecord, now: 0)) }
        #expect(core.receiver.window == before && core.reassembly.partialCount == 1)
        #expect(try core.receive(frames[1]) == message)
    }

    /// V3-FRAG-1: fragmented messages take ids 0, 1, 2 in order; whole messages take none.
    // REQ: V3-FRAG-1
    @Test func fragmentIDsCountFragmentedMessages() throws {
        var (device, _) = SessionV3Tests.parties(.reconnection)
        var core = SessionV3Tests.parties(.reconnection).core
        var ids: [UInt32] = []
        for length in [50_000, 10, 50_000, 49_124, 98_225] {
            for frame in try device.send(repeated(1, length), now: SessionV3Tests.startedAt) {
                var opening = core.receiver
                let record = try opening.open(frame)
                if record[0] == 1 { ids.append(record[1..<5].reduce(0) { $0 << 8 | UInt32($1) }) }
                _ = try core.receive(frame)
            }
        }
        #expect(ids == [0, 0, 1, 1, 2, 2, 2])
    }
}
