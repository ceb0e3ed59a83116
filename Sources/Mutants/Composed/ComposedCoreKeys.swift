import OpenHumanTunnel
import TunnelCrypto

/// The core key fingerprint (QR-SRC-3) and the one-key-per-channel checks (CHAN-KEY-1,
/// CHAN-KEY-2), composed from `SHA256`, with their mutants.
struct ComposedCoreKeys {
    let mutant: Mutant?

    func fingerprint(_ corePublicKey: [UInt8]) -> String {
        let label = mutant == .fingerprintWithoutLabel ? [] : Array("openhuman-tunnel/v2/core-key-fingerprint".utf8)
        let hex = Hex.encode(Array(SHA256.hash(label + corePublicKey).prefix(10)))
        let characters = Array(hex)
        return stride(from: 0, to: 20, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: " ")
    }

    func channelKeys(_ keys: [[UInt8]], candidate: [UInt8]?) throws(TunnelError) -> [Int] {
        if let candidate, keys.contains(candidate) { throw .duplicateCoreKey }
        return keys.indices.filter { index in
            let others = keys.indices.filter { $0 != index && keys[$0] == keys[index] }
            if mutant == .sharedKeyFirstChannelKept { return others.contains { $0 < index } }
            return !others.isEmpty
        }
    }
}
