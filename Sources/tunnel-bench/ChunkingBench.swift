import CSodium
import Foundation
import OpenHumanTunnel

/// The envelope layer's cost on the largest message (issue 12): split + seal + open + reassemble
/// of a 16 MiB response, against bare seal + open of the same 16 MiB in 49,111-byte frames.
///
/// The reference path does everything a receiver must: it encodes each chunk (base64 makes the
/// sealed bytes a third larger), seals and opens it as a session frame with the replay window,
/// parses the chunk envelope, decodes the piece into the message buffer, and at the end parses
/// the reassembled 16 MiB envelope. The ratio is raw / reference throughput, so 1.0 would mean
/// chunking is free; the goal is 0.8.
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

    static func run(keys: SessionKeys, rounds: Int) {
        let message = message()
        var reference = 0.0, raw = 0.0, peak = 0
        for round in 0...rounds {
            let r = referencePath(message, keys: keys, round: UInt64(round))
            let b = rawPath(message, key: keys.c2s)
            if round > 0 { reference += r.seconds; raw += b }  // round 0 warms up
            peak = max(peak, r.peak)
        }
        let megabytes = Double(length) * Double(rounds) / 1_000_000
        print("chunked 16 MiB: reference \(format(megabytes / reference)) MB/s (split+seal+open+reassemble), "
              + "raw \(format(megabytes / raw)) MB/s (seal+open), ratio=\(format(raw / reference, digits: 3))")
        print("chunked 16 MiB: reassembly peak \(peak) bytes for a \(length)-byte message, "
              + "peak/message=\(format(Double(peak) / Double(length), digits: 4))")
    }

    private static func referencePath(_ message: [UInt8], keys: SessionKeys, round: UInt64) -> (seconds: Double, peak: Int) {
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
                    var written: UInt64 = 0
                    _ = crypto_aead_xchacha20poly1305_ietf_encrypt(&sealed, &written, m.baseAddress! + offset, UInt64(n),
                                                                   nil, 0, nil, nonce, key)
                    _ = crypto_aead_xchacha20poly1305_ietf_decrypt(&opened, nil, nil, sealed, written, nil, 0, nonce, key)
                    offset += n
                }
            }
        }
    }
}
