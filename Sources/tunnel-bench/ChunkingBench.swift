import OpenHumanTunnel
import TunnelCrypto

/// The envelope layer's cost on the largest message (issue 12): split + seal + open + reassemble
/// of a 16 MiB response, against bare seal + open of the same 16 MiB in 49,111-byte frames.
///
/// The reference path does everything a receiver must: it encodes each chunk (base64 makes the
/// sealed bytes a third larger), seals and opens it as a session frame with the replay window,
/// parses the chunk envelope, decodes the piece into the message buffer, and at the end parses
/// the reassembled 16 MiB envelope. The ratio is raw time over reference time, so 1.0 would mean
/// chunking is free; base64 alone caps it at 0.748, and the goal is 0.6.
enum ChunkingBench {
    static let length = 16 * 1024 * 1024
    static let requestId = "00000000-0000-4000-8000-000000000001"

    static func message() -> [UInt8] {
        let head = Array("{\"requestId\":\"\(requestId)\",\"kind\":\"response\",\"seq\":0,\"payload\":\"".utf8)
        var bytes = head
        bytes.reserveCapacity(length)
        let alphabet = Array("0123456789abcdef".utf8)
        for i in 0..<(length - head.count - 2) { bytes.append(alphabet[i & 15]) }
        return bytes + Array("\"}".utf8)
    }

    /// Prints the ratio row (one message per side and pair), the reference's time by stage and
    /// the reassembler's peak memory.
    static func run(keys: SessionKeys, pairs: Int) {
        let message = message()
        var peak = 0, round: UInt64 = 0
        let reference = Side(label: "reference (split+seal+open+reassemble)") {
            round += 1
            let r = referencePath(message, keys: keys, round: round)
            peak = max(peak, r.peak)
            return r.seconds
        }
        let raw = Side(label: "raw (seal+open)") { rawPath(message, key: keys.c2s) }
        reportPairs(
            Comparison(name: "chunked 16 MiB", operations: 1, numerator: raw, denominator: reference),
            pairs: pairs
        )
        let stages = (0..<5).map { _ in breakdown(message, keys: keys) }
        func median(_ stage: (Breakdown) -> Double) -> String { duration(Quartiles(stages.map(stage)).median) }
        let sealed = stages[0].sealedBytes
        print(
            "chunked 16 MiB: reference time by stage (median of 5): split \(median(\.split)), "
                + "seal+open \(median(\.seal)) (\(sealed) bytes through the AEAD, "
                + "\(format(Double(sealed) / Double(length), digits: 3))x the message: base64 caps the ratio at "
                + "\(format(Double(length) / Double(sealed), digits: 3))), reassemble \(median(\.reassemble))"
        )
        print(
            "chunked 16 MiB: reassembly peak \(peak) bytes for a \(length)-byte message, "
                + "peak/message=\(format(Double(peak) / Double(length), digits: 4))"
        )
    }

    private static func referencePath(
        _ message: [UInt8],
        keys: SessionKeys,
        round: UInt64
    ) -> (seconds: Double, peak: Int) {
        let device = SessionCipher(role: .core, keys: keys)
        var receiver = SessionCipher(role: .device, keys: keys)
        var reassembler = Reassembler(role: .device)
        var nonce = [UInt8](repeating: 0, count: 24)
        nonce[23] = UInt8(truncatingIfNeeded: round)
        var complete = false
        let seconds = measure(1) {
            let splitter = try! ChunkSplitter(requestId: requestId, message: message)
            for index in 0..<splitter.count {
                setCounter(&nonce, UInt64(index + 1))
                let frame = try! device.seal(splitter.plaintext(at: index), nonce: nonce)
                if case .message = try! reassembler.receive(try! receiver.open(frame), now: 0) { complete = true }
            }
        }
        precondition(complete, "the reference did not reassemble the message")
        return (seconds, reassembler.peakBufferedBytes)
    }

    /// The seconds of each stage of the reference path, and the bytes it seals.
    private struct Breakdown {
        let split: Double, seal: Double, reassemble: Double
        let sealedBytes: Int
    }

    /// The reference path stage by stage, to show where the time goes.
    private static func breakdown(_ message: [UInt8], keys: SessionKeys) -> Breakdown {
        let splitter = try! ChunkSplitter(requestId: requestId, message: message)
        var chunks: [[UInt8]] = []
        let split = measure(1) { chunks = (0..<splitter.count).map(splitter.plaintext(at:)) }
        let device = SessionCipher(role: .core, keys: keys)
        var receiver = SessionCipher(role: .device, keys: keys)
        var nonce = [UInt8](repeating: 0xee, count: 24)
        var opened: [[UInt8]] = []
        let seal = measure(1) {
            opened = chunks.enumerated().map { index, chunk in
                setCounter(&nonce, UInt64(index + 1))
                return try! receiver.open(try! device.seal(chunk, nonce: nonce))
            }
        }
        var reassembler = Reassembler(role: .device)
        let reassemble = measure(1) { for plaintext in opened { _ = try! reassembler.receive(plaintext, now: 0) } }
        return Breakdown(
            split: split,
            seal: seal,
            reassemble: reassemble,
            sealedBytes: chunks.reduce(0) { $0 + $1.count }
        )
    }

    private static func rawPath(_ message: [UInt8], key: [UInt8]) -> Double {
        let frameLength = Limits.maximumPlaintextLength
        var sealed = [UInt8](repeating: 0, count: frameLength + 16)
        var opened = [UInt8](repeating: 0, count: frameLength)
        var nonce = [UInt8](repeating: 0, count: 24)
        return measure(1) {
            message.withUnsafeBufferPointer { m in
                var offset = 0, counter: UInt64 = 0
                while offset < m.count {
                    let n = min(frameLength, m.count - offset)
                    counter += 1
                    setCounter(&nonce, counter)
                    key.withUnsafeBytes { k in
                        nonce.withUnsafeBufferPointer { v in
                            XChaCha20Poly1305.sealRaw(
                                into: &sealed,
                                key: k,
                                nonce: v.baseAddress!,
                                plaintext: UnsafeRawBufferPointer(start: m.baseAddress! + offset, count: n),
                                aad: []
                            )
                            sealed.withUnsafeBytes { c in
                                try! XChaCha20Poly1305.openRaw(
                                    into: &opened,
                                    key: k,
                                    nonce: v.baseAddress!,
                                    ciphertext: UnsafeRawBufferPointer(rebasing: c[..<(n + 16)]),
                                    aad: []
                                )
                            }
                        }
                    }
                    offset += n
                }
            }
        }
    }
}
