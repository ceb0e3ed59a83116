import TunnelCrypto

/// The sealing half of a version 3 session (spec/14-sessions-v3.md: V3-SESS-2, V3-FRAME-1,
/// V3-REKEY-1, V3-REKEY-2, V3-PAD-1): its direction's next counter and the key of the epoch it
/// seals in. Earlier epochs' keys are gone as soon as a later epoch seals: `SecretBytes` wipes a
/// key when its last reference is dropped.
public struct SessionSenderV3: Sendable {
    public private(set) var nextCounter: UInt64
    private var key: SecretBytes
    private var epoch: UInt64
    private var epochStartedAt: Int64

    /// A sender whose next counter is `counter`, holding `key`, its key of epoch `keyEpoch` (by
    /// default that counter's), which started at `startedAt`.
    public init(counter: UInt64, key: [UInt8], keyEpoch: UInt64? = nil, startedAt: Int64) {
        nextCounter = counter
        self.key = SecretBytes(copying: key)
        epoch = keyEpoch ?? KeyEpochs.epoch(of: counter)
        epochStartedAt = startedAt
    }

    /// Seals `content` at time `now` (seconds): pads it, moves to a new epoch when the current
    /// key has served 120 s, and seals at the next counter. A refusal changes nothing.
    public mutating func seal(_ content: [UInt8], now: Int64) throws(TunnelError) -> [UInt8] {
        try content.withUnsafeBytes { content in Result { () throws(TunnelError) in try seal(content, now: now) } }
            .get()
    }

    public mutating func seal(_ content: UnsafeRawBufferPointer, now: Int64) throws(TunnelError) -> [UInt8] {
        guard content.count <= FramePadding.maximumContentLength else { throw .plaintextTooLarge }
        return seal(
            UnsafeRawBufferPointer(start: nil, count: 0),
            content,
            counter: try counterToSeal(now: now),
            now: now
        )
    }

    /// Seals the record `header || data` (14.6) without joining the two first: a fragment's data
    /// goes from the message straight into the frame.
    mutating func seal(record header: [UInt8], data: UnsafeRawBufferPointer, now: Int64) throws(TunnelError) -> [UInt8]
    {
        precondition(header.count + data.count <= FramePadding.maximumContentLength)
        let counter = try counterToSeal(now: now)
        return header.withUnsafeBytes { seal($0, data, counter: counter, now: now) }
    }

    /// Seals at a caller-chosen counter at or after the next one, as Noise's `SetNonce` does: for
    /// vectors and the kit's frame builders only (V3-SESS-2); production code uses `seal(_:now:)`.
    public mutating func seal(_ content: [UInt8], atCounter counter: UInt64, now: Int64) throws(TunnelError) -> [UInt8]
    {
        precondition(counter >= nextCounter && counter != .max)
        guard content.count <= FramePadding.maximumContentLength else { throw .plaintextTooLarge }
        return content.withUnsafeBytes {
            seal(UnsafeRawBufferPointer(start: nil, count: 0), $0, counter: counter, now: now)
        }
    }

    private mutating func seal(
        _ prefix: UnsafeRawBufferPointer,
        _ content: UnsafeRawBufferPointer,
        counter: UInt64,
        now: Int64
    ) -> [UInt8] {
        // A frame of a new epoch first moves the sender to it (nothing below can fail); every other
        // frame, almost all of them, seals under the current key with no derivation.
        let counterEpoch = KeyEpochs.epoch(of: counter)
        if counterEpoch != epoch {
            key = KeyEpochs.advance(key, by: counterEpoch - epoch).key
            epoch = counterEpoch
            epochStartedAt = now
        }
        let sealingKey = key
        let paddedLength = FramePadding.bucket(forContentLength: prefix.count + content.count)
        let frame = FrameBytes.make(capacity: paddedLength + SessionFrameV3.overhead) { out in
            out[0] = SessionFrameV3.type
            out.storeBytes(of: counter.littleEndian, toByteOffset: 1, as: UInt64.self)
            let header = UnsafeRawBufferPointer(rebasing: out[0..<SessionFrameV3.headerLength])
            // The padded plaintext is laid out where its ciphertext goes and sealed in place.
            let body = UnsafeMutableRawBufferPointer(rebasing: out[SessionFrameV3.headerLength...])
            let padded = UnsafeMutableRawBufferPointer(rebasing: body[..<paddedLength])
            FramePadding.pad(prefix, content, into: padded)
            SessionFrameV3.withNonce(counter) { nonce in
                ChaCha20Poly1305.sealRaw(
                    into: body.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    key: sealingKey,
                    nonce: nonce,
                    plaintext: UnsafeRawBufferPointer(padded),
                    aad: header
                )
            }
            return out.count
        }
        nextCounter = counter + 1
        return frame
    }

    /// The counter the next frame takes (V3-SESS-2, V3-REKEY-2): the next counter, or the first of
    /// the next epoch when the current epoch's key has served its lifetime; never 2^64 - 1.
    private func counterToSeal(now: Int64) throws(TunnelError) -> UInt64 {
        var counter = nextCounter
        if KeyEpochs.epoch(of: counter) == epoch && now >= epochStartedAt.saturatingAdd(KeyEpochs.lifetime) {
            let (next, overflow) = (epoch + 1).multipliedReportingOverflow(by: KeyEpochs.length)
            guard !overflow else { throw .sessionExhausted }
            counter = next
        }
        guard counter != .max else { throw .sessionExhausted }
        return counter
    }
}
