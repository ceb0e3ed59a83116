import OpenHumanTunnel

/// The envelope layer (chapter 11): everything an authenticated peer can send after the AEAD.
///
/// The input is split at 0x00 bytes (which no JSON text contains raw) into a sequence of frame
/// plaintexts, fed to a core's gate and to a device's reassembler, one step per plaintext with
/// the time moving on by 7 seconds, so deadlines pass inside one input. Invariants: no crash, the
/// reassembler's memory within CHUNK-7, and a chunk's data that the strict decoder accepts is
/// the one canonical text of its bytes.
enum EnvelopeFuzz {
    static func receive(_ bytes: [UInt8]) {
        let plaintexts = bytes.split(separator: 0x00, omittingEmptySubsequences: false).map(Array.init)
        var gate = CoreRequestGate(grant: ["companion.chat"], methods: ["companion.chat"])
        var reassembler = Reassembler(role: .device)
        let limits = EnvelopeLimits.standard
        for (index, plaintext) in plaintexts.enumerated() {
            let now = Int64(index) * 7_000
            _ = gate.expire(now: now)
            _ = try? gate.receive(plaintext, now: now)
            _ = reassembler.expire(now: now)
            _ = try? reassembler.receive(plaintext, now: now)
            precondition(
                reassembler.peakBufferedBytes <= limits.maximumPartials * limits.maximumTotal * limits.pieceLength,
                "the reassembler holds more than CHUNK-7 allows"
            )
            if let envelope = try? EnvelopeParser.parse(plaintext, receiver: .core),
                case .chunk(_, _, let data) = envelope.body
            {
                var text: [UInt8] = []
                StandardBase64.encode(data[...], into: &text)
                precondition((try? StandardBase64.decode(text)) == data, "base64 encode then decode lost bytes")
            }
        }
    }
}
