/// The limits of chapter 11, with the piece size derived from the frame limit as section 11.6
/// does it, so that changing one input changes every limit that depends on it.
public struct EnvelopeLimits: Equatable, Sendable {
    /// Bytes of one piece (CHUNK-1): the largest multiple of 3 whose chunk plaintext, with the
    /// longest `requestId` and three-digit `seq` and `total`, still fits one frame.
    public var pieceLength: Int
    /// The largest message a sender splits or a receiver reassembles (16 MiB).
    public var maximumMessageLength: Int
    /// Partial messages a receiver keeps at once (CHUNK-4).
    public var maximumPartials: Int
    /// Milliseconds from a partial message's first chunk to its deadline (CHUNK-5).
    public var chunkTimeout: Int64
    /// Requests per core session (RPC-2).
    public var maximumRequests: Int
    /// Milliseconds a grant holds after the user last granted it at the desktop (AUTH-5): 30 days.
    public var grantLifetime: Int64 = 30 * 24 * 60 * 60 * 1000

    /// `{"requestId":"` 14 + `","kind":"chunk","seq":` 23 + `,"total":` 9 + `,"data":"` 9 + `"}` 2.
    public static let chunkFixedBytes = 57
    /// Digits of `seq` and of `total`: `maximumTotal` (457) has three.
    public static let countDigits = 3

    /// 3 * floor((49,111 - 57 - 64 - 3 - 3) / 4) = 36,738.
    public static let standardPieceLength: Int = {
        let budget = Limits.maximumPlaintextLength - chunkFixedBytes - RequestID.maximumLength - 2 * countDigits
        return 3 * (budget / 4)
    }()

    public static let standard = EnvelopeLimits(
        pieceLength: standardPieceLength,
        maximumMessageLength: 16 * 1024 * 1024,
        maximumPartials: 4,
        chunkTimeout: 30_000,
        maximumRequests: 1 << 20
    )

    public init(
        pieceLength: Int,
        maximumMessageLength: Int,
        maximumPartials: Int,
        chunkTimeout: Int64,
        maximumRequests: Int
    ) {
        self.pieceLength = pieceLength
        self.maximumMessageLength = maximumMessageLength
        self.maximumPartials = maximumPartials
        self.chunkTimeout = chunkTimeout
        self.maximumRequests = maximumRequests
    }

    /// The most chunks a message may have: ceil(16 MiB / 36,738) = 457.
    public var maximumTotal: Int { (maximumMessageLength + pieceLength - 1) / pieceLength }
}
