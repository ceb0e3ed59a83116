import OpenHumanTunnel
import VectorFormat

/// What the four version 3 channel operations share (ADP-54, ADP-69, ADP-128, ADP-129): the
/// `send` step that sends a message under the channel's session, and the answer of a step
/// that received a handshake message or a session frame (V3-CHAN-1 to V3-CHAN-3).
struct ChannelV3SendStep {
    let message: [UInt8]
    let now: Int64

    /// `{"send": {"message": hex, "now": t}}`: a message of at most `maximumSentMessage` bytes,
    /// so that its frames fit one line (ADP-2).
    init(_ body: RequestInput, path: String) throws(BadRequest) {
        message = try body.bytes("message")
        guard message.count <= Operations.maximumSentMessage else {
            throw BadRequest(reason: "\(path).send.message: at most 1048576 bytes")
        }
        now = try body.safeNatural("now")
    }
}

extension ChannelV3Outcome {
    /// `send`, the handshake answer if any; a frame's step adds `delivered`, the message its
    /// record completed (`[]` for a fragment kept).
    var stepAnswer: [String: JSONValue] {
        switch self {
        case .answered(let reply): ["send": .array(reply.map { [.hex($0)] } ?? [])]
        case .delivered(let message): ["send": [], "delivered": .array(message.map { [.hex($0)] } ?? [])]
        }
    }
}

extension Array where Element == [UInt8] {
    /// A `send` step's answer: the frames of its message, in order.
    var sentFrames: [String: JSONValue] { ["send": .array(map { .hex($0) })] }
}
