/// The sender's side of 14.6 (V3-FRAG-1): a message as one whole record, or as fragments of
/// 49,112 bytes in order under one id, the count of messages fragmented before in the session.
struct MessageFragmenter: Sendable {
    private(set) var nextID: UInt32 = 0

    /// The records of `message`, as (header, data range) pairs so that the sender can seal each
    /// from the message's own bytes without building the record first.
    mutating func records(of message: [UInt8]) throws(TunnelError) -> [(header: [UInt8], data: Range<Int>)] {
        guard message.count <= MessageRecord.largestMessage else { throw .messageTooLarge }
        guard message.count > MessageRecord.largestWhole else { return [([MessageRecord.whole], 0..<message.count)] }
        let id = nextID
        nextID &+= 1
        return stride(from: 0, to: message.count, by: MessageRecord.fragmentData).map { offset in
            (
                MessageRecord.fragmentHeader(id: id, offset: offset, total: message.count),
                offset..<min(offset + MessageRecord.fragmentData, message.count)
            )
        }
    }
}
