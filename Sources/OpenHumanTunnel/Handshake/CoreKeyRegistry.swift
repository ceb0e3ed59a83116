/// One core key per channel (CHAN-KEY-1, CHAN-KEY-2).
///
/// The channel id enters no key and no AAD, so the only thing that keeps a handshake on its
/// channel is that the channel's `core_static` opens no other channel's handshakes. A core that
/// shared one key between channels would let the relay move a phone's handshake to another
/// channel and deliver that channel's ack, which the phone accepts.
public enum CoreKeyRegistry {
    /// Refuses a new channel key equal to the key of any existing channel.
    public static func checkNew(_ candidate: [UInt8], existing: [[UInt8]]) throws(TunnelError) {
        guard !existing.contains(candidate) else { throw .duplicateCoreKey }
    }

    /// The indices of every channel whose key another channel also has, in order. All of them
    /// must be revoked: the core cannot tell which channel a device believes it is on.
    public static func sharingKeys(_ keys: [[UInt8]]) -> [Int] {
        var counts: [[UInt8]: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return keys.indices.filter { counts[keys[$0], default: 0] > 1 }
    }
}
