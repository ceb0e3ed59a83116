import OpenHumanTunnel
import TunnelCrypto

/// Version 3's largest message (spec/14-sessions-v3.md 14.6): a 16 MiB message sent by
/// `SessionV3.send` (342 fragments, each frame handed on as it is sealed) and received by
/// `SessionV3.receive` (the frame
/// checks, the window, the records, the reassembly and the joined message), against bare
/// ChaCha20-Poly1305 seal + open of the same 16 MiB in 49,112-byte pieces into preallocated
/// buffers. No base64: the goal is at least 0.85, and the reassembly's peak at most 1.05 times
/// the message.
enum FragmentsV3Bench {
    static func run(key: [UInt8], pairs: Int) {
        let message = ChunkingBench.message()
        var peak = 0
        let reference = Side(label: "reference (send+receive)") {
            var device = SessionV3(
                role: .device,
                start: .reconnection,
                deviceToCore: key,
                coreToDevice: key,
                startedAt: 0
            )
            var core = SessionV3(role: .core, start: .reconnection, deviceToCore: key, coreToDevice: key, startedAt: 0)
            var delivered: [UInt8]?
            // Each frame is received as soon as it is sealed, as it would leave for the relay.
            let seconds = measure(1) {
                try! device.send(message, now: 0) { frame in delivered = try! core.receive(frame) ?? delivered }
            }
            precondition(delivered?.count == message.count, "the reference did not deliver the message")
            peak = max(peak, core.reassembly.peakHeldBytes)
            return seconds
        }
        let raw = Side(label: "raw (seal+open)") { rawPath(message, key: key) }
        reportPairs(
            Comparison(name: "v3 fragmented 16 MiB", operations: 1, numerator: raw, denominator: reference),
            pairs: pairs
        )
        print(
            "v3 fragmented 16 MiB: reassembly peak \(peak) bytes held for a \(message.count)-byte message, "
                + "peak/message=\(format(Double(peak) / Double(message.count), digits: 4))"
        )
    }

    private static func rawPath(_ message: [UInt8], key: [UInt8]) -> Double {
        let piece = MessageRecord.fragmentData
        var sealed = [UInt8](repeating: 0, count: piece + ChaCha20Poly1305.tagLength)
        var opened = [UInt8](repeating: 0, count: piece)
        let secret = SecretBytes(copying: key)
        return measure(1) {
            message.withUnsafeBytes { m in
                var offset = 0, counter: UInt64 = 0
                while offset < m.count {
                    let n = min(piece, m.count - offset)
                    let nonce = ChaCha20Poly1305.noiseNonce(counter)
                    sealed.withUnsafeMutableBufferPointer { s in
                        ChaCha20Poly1305.sealRaw(
                            into: s.baseAddress!,
                            key: secret,
                            nonce: nonce,
                            plaintext: UnsafeRawBufferPointer(rebasing: m[offset..<(offset + n)]),
                            aad: UnsafeRawBufferPointer(start: nil, count: 0)
                        )
                    }
                    sealed.withUnsafeBytes { s in
                        opened.withUnsafeMutableBufferPointer { o in
                            try! ChaCha20Poly1305.openRaw(
                                into: o.baseAddress,
                                key: secret,
                                nonce: nonce,
                                ciphertext: UnsafeRawBufferPointer(rebasing: s[..<(n + 16)]),
                                aad: UnsafeRawBufferPointer(start: nil, count: 0)
                            )
                        }
                    }
                    offset += n
                    counter += 1
                }
            }
        }
    }
}
