import OpenHumanTunnel

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
        let prefix = Array("{\"requestId\":\"\(requestId)\",\"kind\":\"response\",\"seq\":0,\"payload\":\"".utf8)
        let suffix = Array("\"}".utf8)
        let fillerLength = length - prefix.count - suffix.count
        guard fillerLength >= 0 else { return nil }
        let hex = Array("0123456789abcdef".utf8)
        var out = prefix
        out.reserveCapacity(length)
        var block: UInt32 = 0
        while out.count < prefix.count + fillerLength {
            let digest = SHA256.hash(seed + [UInt8(block >> 24), UInt8(block >> 16 & 0xff), UInt8(block >> 8 & 0xff),
                                             UInt8(block & 0xff)])
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
