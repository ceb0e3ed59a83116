/// CHUNK-1: the frame plaintexts of one message, deterministically.
///
/// A message that fits one frame is its own plaintext; a larger one becomes `ceil(n / P)`
/// chunks of `P`-byte pieces (the last shorter), whose plaintexts each fit 49,111 bytes by the
/// derivation of `EnvelopeLimits.standardPieceLength`. Chunks can be produced one at a time
/// (`plaintext(at:)`), so a sender never holds every chunk of a 16 MiB message at once.
public struct ChunkSplitter: Sendable {
    public let requestId: String
    public let message: [UInt8]
    public let limits: EnvelopeLimits

    /// Refuses a bad request id (`bad_request_id`), then a message above the limit
    /// (`message_too_large`), before anything is produced.
    public init(requestId: String, message: [UInt8], limits: EnvelopeLimits = .standard) throws(EnvelopeError) {
        guard RequestID.isValid(Array(requestId.utf8)) else { throw .badRequestID }
        guard message.count <= limits.maximumMessageLength else { throw .messageTooLarge }
        self.requestId = requestId
        self.message = message
        self.limits = limits
    }

    /// Whether the message travels as chunks at all.
    public var isChunked: Bool { message.count > Limits.maximumPlaintextLength }

    /// How many frame plaintexts the message takes.
    public var count: Int {
        isChunked ? (message.count + limits.pieceLength - 1) / limits.pieceLength : 1
    }

    /// The plaintext at `index` (0 ..< count).
    public func plaintext(at index: Int) -> [UInt8] {
        guard isChunked else { return message }
        let start = index * limits.pieceLength
        let end = min(start + limits.pieceLength, message.count)
        // The id was checked in init and seq < total by construction, so encoding cannot fail.
        return
            (try? EnvelopeEncoder.encode(
                .chunk(
                    requestId: requestId,
                    seq: index,
                    total: count,
                    data: message[start..<end]
                )
            )) ?? []
    }

    /// Every plaintext, in order.
    public var plaintexts: [[UInt8]] { (0..<count).map(plaintext(at:)) }
}
