import OpenHumanTunnel
import TunnelCrypto

/// Version 3's receive path (spec/14-sessions-v3.md): the frame checks, the counter window, the
/// key epochs, the padding, the records and the reassembly, with the invariants every refusal and
/// every acceptance must keep.
enum SessionV3Fuzz {
    static let deviceToCore = [UInt8](repeating: 0x99, count: 32)
    static let coreToDevice = [UInt8](repeating: 0xaa, count: 32)

    static func core() -> SessionV3 {
        SessionV3(
            role: .core,
            start: .reconnection,
            deviceToCore: deviceToCore,
            coreToDevice: coreToDevice,
            startedAt: 0
        )
    }

    /// Receives `frame` twice on a fresh core (V3-FRAME-2, V3-FRAG-2): a refusal changes nothing,
    /// and an accepted frame is refused as replayed the second time, changing nothing either.
    static func receiveTwice(_ frame: [UInt8]) {
        var core = core()
        let window = core.receiver.window, epoch = core.receiver.epoch
        do {
            _ = try core.receive(frame)
            let accepted = core.receiver.window, partials = core.reassembly.partialCount
            do {
                _ = try core.receive(frame)
                preconditionFailure("one frame was received twice")
            } catch {
                precondition(error == .replayed, "a repeated frame was refused with \(error), not replayed")
                precondition(core.receiver.window == accepted, "a refused repeat changed the window")
                precondition(core.reassembly.partialCount == partials, "a refused repeat changed the partials")
            }
        } catch {
            precondition(
                core.receiver.window == window && core.receiver.epoch == epoch,
                "a refusal changed the session"
            )
            precondition(core.reassembly.partialCount == 0, "a refusal started a partial message")
        }
    }

    /// Seals and receives a sequence of records at counters the input chooses, each 4 bytes one
    /// frame: a counter step (bytes 0 and 1, forward by up to 65,535, or back by up to 255 when
    /// byte 2's high bit is set, so frames arrive out of order, repeat and fall below the window),
    /// and a record (byte 2's low bits: whole, or a fragment of one of 8 ids, its offset from byte
    /// 3). Invariants: a counter is accepted at most once, a refusal changes nothing, at most 4
    /// partial messages are held, and the window never admits a counter it accepted.
    static func receiveSealedSequence(_ body: [UInt8]) {
        var core = core()
        var peer = PeerKeys()
        var accepted: Set<UInt64> = [0]
        var counter: UInt64 = 1
        for start in stride(from: 0, to: body.count - 3, by: 4) {
            let (b0, b1, b2, b3) = (body[start], body[start + 1], body[start + 2], body[start + 3])
            let step = UInt64(b0) << 8 | UInt64(b1)
            counter = b2 & 0x80 != 0 ? counter - min(counter, UInt64(b0)) : counter + step
            let record: [UInt8]
            if b2 & 0x40 == 0 {
                record = [0, b3]
            } else {
                let id = UInt32(b2 & 0x07), offset = UInt32(b3) * 16, total: UInt32 = 49_200
                record =
                    [1]
                    + [id, offset, total].flatMap { v in
                        (0..<4).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
                    }
                    + [UInt8](repeating: b3, count: 16)
            }
            let frame = peer.frame(at: counter, record)
            let before = core.receiver.window, partials = core.reassembly.partialCount
            do {
                _ = try core.receive(frame)
                precondition(accepted.insert(counter).inserted, "counter \(counter) was accepted twice")
                precondition(!core.receiver.window.admits(counter), "the window admits a counter it accepted")
            } catch {
                precondition(core.receiver.window == before, "a refusal changed the window")
                precondition(core.reassembly.partialCount == partials, "a refusal changed the partials")
            }
            precondition(core.reassembly.partialCount <= Reassembly.maximumPartials, "more than 4 partial messages")
        }
    }

    /// The device's frames at any counter, in any order, each epoch's key derived once.
    struct PeerKeys {
        private var keys: [[UInt8]] = [deviceToCore]

        mutating func frame(at counter: UInt64, _ record: [UInt8]) -> [UInt8] {
            let epoch = Int(KeyEpochs.epoch(of: counter))
            while keys.count <= epoch {
                keys.append(
                    ChaCha20Poly1305.rekey(SecretBytes(copying: keys[keys.count - 1])).withUnsafeBytes { Array($0) }
                )
            }
            var sender = SessionSenderV3(counter: counter, key: keys[epoch], startedAt: 0)
            return try! sender.seal(record, now: 0)
        }
    }
}
