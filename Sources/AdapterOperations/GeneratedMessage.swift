import Foundation
import KitModels
import OpenHumanTunnel
import TunnelCrypto

/// The generated test message of ADP-61: a `response` envelope of an exact length whose payload
/// string is lowercase hex of a SHA-256 stream, so a runner and an adapter can each build the
/// same 16 MiB message from 32 bytes of seed instead of sending it on a line (ADP-2).
public enum GeneratedMessage {
    /// The largest length a request may ask for: one above the limit, to test `message_too_large`.
    public static let maximumLength = EnvelopeLimits.standard.maximumMessageLength + 1

    /// `{"requestId":"<id>","kind":"response","seq":0,"payload":"` + filler + `"}`, `length`
    /// bytes in all, the filler being the first characters of hex(SHA-256(seed || uint32_be(0))
    /// || SHA-256(seed || uint32_be(1)) || ...). Nil when `length` is too short for the frame
    /// around the filler.
    public static func bytes(requestId: String, seed: [UInt8], length: Int) -> [UInt8]? {
        let key = LastGenerated.Key(requestId: requestId, seed: seed, length: length)
        if let known = LastGenerated.shared.value(for: key) { return known }
        let bytes = build(requestId: requestId, seed: seed, length: length)
        if let bytes { LastGenerated.shared.store(bytes, for: key) }
        return bytes
    }

    private static func build(requestId: String, seed: [UInt8], length: Int) -> [UInt8]? {
        let prefix = Array("{\"requestId\":\"\(requestId)\",\"kind\":\"response\",\"seq\":0,\"payload\":\"".utf8)
        let suffix = Array("\"}".utf8)
        let fillerLength = length - prefix.count - suffix.count
        guard fillerLength >= 0 else { return nil }
        let hex = Array("0123456789abcdef".utf8)
        var out = prefix
        out.reserveCapacity(length)
        var block: UInt32 = 0
        while out.count < prefix.count + fillerLength {
            let digest = SHA256.hash(
                seed + [
                    UInt8(block >> 24), UInt8(block >> 16 & 0xff), UInt8(block >> 8 & 0xff),
                    UInt8(block & 0xff),
                ]
            )
            for byte in digest {
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0f)])
            }
            block += 1
        }
        out.removeLast(out.count - prefix.count - fillerLength)
        return out + suffix
    }
}

/// The last generated message, kept because a runner fetches a 16 MiB split in pages and each
/// page names the same message. It caches a pure function of its key, so it carries no state
/// from one request to the next in the sense of ADP-9.
private final class LastGenerated: @unchecked Sendable {
    struct Key: Equatable {
        let requestId: String
        let seed: [UInt8]
        let length: Int
    }

    static let shared = LastGenerated()
    private let lock = NSLock()
    private var key: Key?
    private var bytes: [UInt8] = []

    func value(for key: Key) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return self.key == key ? bytes : nil
    }

    func store(_ bytes: [UInt8], for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        self.key = key
        self.bytes = bytes
    }
}
