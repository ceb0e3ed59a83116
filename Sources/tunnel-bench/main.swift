import CSodium
import Foundation
import OpenHumanTunnel

// tunnel-bench: the session cipher against direct libsodium calls on the same buffers.
//
// Each case runs both sides in this one process, interleaved in rounds, and prints
// `ratio=<reference throughput / raw throughput>`: machine speed cancels out, so the ratio is
// what to compare between runs. The last case is the envelope layer's chunking of a 16 MiB
// message (ChunkingBench.swift), with the reassembler's peak memory. Run with `swift run -c release tunnel-bench`.

/// Runs `body` `iterations` times and returns the seconds taken.
func measure(_ iterations: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure { for _ in 0..<iterations { body() } }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Writes a little-endian counter into the first 8 bytes of a nonce, so every frame is fresh
/// for the replay window at the same cost on both sides.
func setCounter(_ nonce: inout [UInt8], _ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { counter in
        for i in 0..<8 { nonce[i] = counter[i] }
    }
}

struct Case {
    let name: String
    let plaintextLength: Int
    let iterations: Int
}

let keys = SessionKeys(c2s: [UInt8](repeating: 0x11, count: 32), s2c: [UInt8](repeating: 0x22, count: 32))
_ = sodium_init()

/// seal on the device, open on the core: the reference path with its checks and window, then the
/// same AEAD work done with bare libsodium calls into preallocated buffers.
func sealOpen(_ c: Case) -> (reference: Double, raw: Double) {
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    var nonce = [UInt8](repeating: 0, count: 24)
    var counter: UInt64 = 0
    let device = SessionCipher(role: .device, keys: keys)
    var core = SessionCipher(role: .core, keys: keys)
    let reference = measure(c.iterations) {
        counter += 1
        setCounter(&nonce, counter)
        let frame = try! device.seal(plaintext, nonce: nonce)
        _ = try! core.open(frame)
    }
    var frame = [UInt8](repeating: 0, count: c.plaintextLength + 41)
    var opened = [UInt8](repeating: 0, count: c.plaintextLength)
    let key = keys.c2s
    let raw = measure(c.iterations) {
        counter += 1
        setCounter(&nonce, counter)
        frame.withUnsafeMutableBufferPointer { f in
            f[0] = 0x02
            for i in 0..<24 { f[1 + i] = nonce[i] }
            var written: UInt64 = 0
            _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                f.baseAddress! + 25, &written, plaintext, UInt64(plaintext.count), nil, 0, nil, nonce, key)
            _ = crypto_aead_xchacha20poly1305_ietf_decrypt(
                &opened, nil, nil, f.baseAddress! + 25, written, nil, 0, f.baseAddress! + 1, key)
        }
    }
    return (reference, raw)
}

/// open only, with the window already holding 128 nonces, so every accepted frame evicts one.
func openFullWindow(_ c: Case) -> (reference: Double, raw: Double) {
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    let device = SessionCipher(role: .device, keys: keys)
    var nonce = [UInt8](repeating: 0, count: 24)
    let frames: [[UInt8]] = (0..<(c.iterations + 128)).map { i in
        setCounter(&nonce, UInt64(i + 1))
        return try! device.seal(plaintext, nonce: nonce)
    }
    var core = SessionCipher(role: .core, keys: keys)
    for frame in frames.prefix(128) { _ = try! core.open(frame) }
    var index = 128
    let reference = measure(c.iterations) {
        _ = try! core.open(frames[index])
        index += 1
    }
    var opened = [UInt8](repeating: 0, count: c.plaintextLength)
    let key = keys.c2s
    index = 128
    let raw = measure(c.iterations) {
        frames[index].withUnsafeBufferPointer { f in
            _ = crypto_aead_xchacha20poly1305_ietf_decrypt(
                &opened, nil, nil, f.baseAddress! + 25, UInt64(f.count - 25), nil, 0, f.baseAddress! + 1, key)
        }
        index += 1
    }
    return (reference, raw)
}

func report(_ label: String, _ c: Case, rounds: Int, _ run: (Case) -> (reference: Double, raw: Double)) {
    _ = run(Case(name: c.name, plaintextLength: c.plaintextLength, iterations: max(1, c.iterations / 10)))  // warm-up
    var reference = 0.0, raw = 0.0
    for _ in 0..<rounds {
        let r = run(c)
        reference += r.reference
        raw += r.raw
    }
    let operations = Double(c.iterations * rounds)
    let megabytes = Double(c.plaintextLength) * operations / 1_000_000
    let ratio = raw / reference
    print("\(label) \(c.name): reference \(format(reference / operations * 1e9)) ns/op \(format(megabytes / reference)) MB/s, "
          + "raw \(format(raw / operations * 1e9)) ns/op \(format(megabytes / raw)) MB/s, ratio=\(format(ratio, digits: 3))")
}

func format(_ value: Double, digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

let cases = [
    Case(name: "64 B", plaintextLength: 64, iterations: 100_000),
    Case(name: "1 KiB", plaintextLength: 1024, iterations: 40_000),
    Case(name: "49111 B", plaintextLength: 49_111, iterations: 1_500),
]
for c in cases { report("seal+open", c, rounds: 3, sealOpen) }
for c in cases { report("open, full window", c, rounds: 3, openFullWindow) }
ChunkingBench.run(keys: keys, rounds: 3)
