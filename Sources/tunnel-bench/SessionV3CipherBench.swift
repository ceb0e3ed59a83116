import OpenHumanTunnel
import TunnelCrypto

// As in SessionCipherBench.swift, each side passes its state `inout` to the function that runs
// its batch, so Swift's run-time exclusivity checks on captured variables happen once a batch.

/// Version 3's seal on one side and open on the other (spec/14-sessions-v3.md): the reference
/// path (`SessionSenderV3.seal`, `SessionReceiverV3.open`: padding, counter, epochs, window, the
/// padding check and the content's own array) against the same AEAD work done with the bare calls
/// (`ChaCha20Poly1305.sealRaw`/`openRaw`, one libsodium `crypto_aead_chacha20poly1305_ietf_*`
/// call each) on the padded plaintext of the content's bucket (V3-PAD-1, built once, before the
/// clock starts), the frame's header as associated data, and preallocated output. The ratio is raw
/// time over reference time: the goals are at least 0.9 at 64 B and 0.97 at 49,125 B.
///
/// The sender seals at `now` 0 throughout, so no epoch ends by time; one ends by count every
/// 65,536 frames (a 64-byte row seals about 150,000), and its `REKEY` is timed with the reference.
func sealOpenV3(_ c: FrameCase, key: [UInt8]) -> Comparison {
    let content = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    var sender = SessionSenderV3(counter: 0, key: key, startedAt: 0)
    var receiver = SessionReceiverV3(key: key, firstCounter: 0)
    func referenceBatch(_ sender: inout SessionSenderV3, _ receiver: inout SessionReceiverV3) -> Double {
        measure(c.batch) { _ = try! receiver.open(try! sender.seal(content, now: 0)) }
    }
    let padded = paddedV3(content)
    var frame = [UInt8](repeating: 0, count: padded.count + 25)
    var opened = [UInt8](repeating: 0, count: padded.count)
    var nonce = [UInt8](repeating: 0, count: ChaCha20Poly1305.nonceLength)
    var counter: UInt64 = 0
    let secret = SecretBytes(copying: key)
    func rawBatch(
        _ frame: inout [UInt8],
        _ opened: inout [UInt8],
        _ nonce: inout [UInt8],
        _ counter: inout UInt64
    ) -> Double {
        measure(c.batch) {
            frame.withUnsafeMutableBytes { f in
                // The header 0x16 || uint64_le(counter), and Noise's nonce 0^4 || uint64_le(counter).
                f[0] = SessionFrameV3.type
                f.storeBytes(of: counter.littleEndian, toByteOffset: 1, as: UInt64.self)
                nonce.withUnsafeMutableBytes {
                    $0.storeBytes(of: counter.littleEndian, toByteOffset: 4, as: UInt64.self)
                }
                let header = UnsafeRawBufferPointer(rebasing: f[..<9])
                let body = f.baseAddress!.assumingMemoryBound(to: UInt8.self) + 9
                padded.withUnsafeBytes { p in
                    ChaCha20Poly1305.sealRaw(into: body, key: secret, nonce: nonce, plaintext: p, aad: header)
                }
                opened.withUnsafeMutableBufferPointer { o in
                    try! ChaCha20Poly1305.openRaw(
                        into: o.baseAddress,
                        key: secret,
                        nonce: nonce,
                        ciphertext: UnsafeRawBufferPointer(rebasing: f[9...]),
                        aad: header
                    )
                }
            }
            counter += 1
        }
    }
    return Comparison(
        name: "v3 seal+open \(c.name) (padded \(padded.count))",
        operations: c.batch,
        numerator: Side(label: "raw") { rawBatch(&frame, &opened, &nonce, &counter) },
        denominator: Side(label: "reference") { referenceBatch(&sender, &receiver) }
    )
}

/// V3-PAD-1's padded plaintext of `content`: `uint16_be(n) || content || zeros` to the smallest
/// bucket that holds it.
func paddedV3(_ content: [UInt8]) -> [UInt8] {
    var padded = [UInt8(content.count >> 8), UInt8(content.count & 0xff)] + content
    padded += [UInt8](repeating: 0, count: FramePadding.bucket(forContentLength: content.count) - padded.count)
    return padded
}
