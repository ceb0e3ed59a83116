/// The nonces and messages each endpoint sent on one channel (VERIFY-3 nonce check).
///
/// Nonces are 24 random bytes (FRAME-SEAL-2, HS-1, ACK-1): two equal ones from one sender
/// happen with probability about n²/2^193, so any repeat — under one key or not — means the
/// sender does not draw them fresh, or someone sent a message again.
struct NonceLedger {
    enum Outcome: Equatable {
        case fresh
        /// The very same message was seen before at `step`.
        case repeated(step: Int)
        /// Another message of this sender used the nonce at `step`.
        case nonceReused(step: Int)
    }

    private var nonces: [[UInt8]: (step: Int, message: [UInt8])] = [:]

    /// Records `message` with `nonce`, answering what was seen before.
    mutating func record(nonce: [UInt8], message: [UInt8], step: Int) -> Outcome {
        if let earlier = nonces[nonce] {
            return earlier.message == message ? .repeated(step: earlier.step) : .nonceReused(step: earlier.step)
        }
        nonces[nonce] = (step, message)
        return .fresh
    }
}
