import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The 1 MiB and 16 MiB round trips of kit section 4.2: a message nobody chose in advance (its
/// seed comes from the runner's CSPRNG) goes through the adapter's splitter into the reference's
/// reassembler, and the reference's chunks go back into the adapter's reassembler.
///
/// The adapter's split is fetched in pages (ADP-60) and compared with the reference's byte for
/// byte, because splitting is deterministic (CHUNK-1); every chunk is sealed and opened as a
/// session frame by the reference, which proves it fits one frame. On the way back a 1 MiB
/// message travels as the reference's chunk plaintexts, the first first (CHUNK-4) and the others
/// in reverse order; a 16 MiB one cannot
/// travel on a line (ADP-2), so the adapter reassembles `splitOf` steps of its own split, which
/// the first half has just proven identical to the reference's.
enum ChunkingCheck {
    /// Chunk plaintexts per page: 30 × about 98,000 hex digits stays well below ADP-2's 4 MiB.
    static let pageSize = 30

    static func run(length: Int, context: inout LiveContext) throws(CheckFailure) {
        let requestId = "live-" + Hex.encode(context.bytes(8))
        let seed = context.bytes(32)
        guard let message = GeneratedMessage.bytes(requestId: requestId, seed: seed, length: length) else {
            throw CheckFailure("cannot generate a \(length)-byte message")
        }
        let generated: JSONValue = ["seed": .hex(seed), "length": .int(Int64(length))]
        let reference: [[UInt8]]
        do {
            reference = try ChunkSplitter(requestId: requestId, message: message).plaintexts
        } catch {
            throw CheckFailure("the reference cannot split its own message: \(error.code)")
        }
        try adapterSplitIntoReference(
            requestId: requestId,
            generated: generated,
            message: message,
            reference: reference,
            context: &context
        )
        try referenceChunksIntoAdapter(
            requestId: requestId,
            generated: generated,
            message: message,
            reference: reference,
            context: context
        )
    }

    private static func adapterSplitIntoReference(
        requestId: String,
        generated: JSONValue,
        message: [UInt8],
        reference: [[UInt8]],
        context: inout LiveContext
    ) throws(CheckFailure) {
        let keys = SessionKeys(c2s: context.bytes(32), s2c: context.bytes(32))
        var sender = SessionCipher(role: .device, keys: keys), receiver = SessionCipher(role: .core, keys: keys)
        var reassembler = Reassembler(role: .device)
        var index = 0
        while index < reference.count {
            let output = try context.output(
                "envelope-split",
                [
                    "requestId": .string(requestId), "generated": generated,
                    "from": .int(Int64(index)), "count": .int(Int64(pageSize)),
                ]
            )
            guard output["total"]?.intValue == Int64(reference.count),
                output["sha256"]?.stringValue == Hex.encode(SHA256.hash(message)),
                let page = output["plaintexts"]?.arrayValue, !page.isEmpty
            else {
                throw CheckFailure(
                    "envelope-split from \(index): expected total \(reference.count) and the message's SHA-256",
                    actual: output
                )
            }
            for value in page {
                guard index < reference.count, let chunk = value.stringValue.flatMap(Hex.decode),
                    chunk == reference[index]
                else {
                    throw CheckFailure(
                        "envelope-split: plaintext \(index) differs from the reference's (CHUNK-1 is deterministic)"
                    )
                }
                let opened: [UInt8]
                do {
                    opened = try receiver.open(try sender.seal(chunk, nonce: context.bytes(24)))
                    if case .message(let bytes, _) = try reassembler.receive(opened, now: Int64(index)) {
                        guard bytes == message else { throw CheckFailure("the reference reassembled other bytes") }
                    }
                } catch let failure as CheckFailure {
                    throw failure
                } catch {
                    throw CheckFailure("chunk \(index) of the adapter's split fails at the reference: \(error)")
                }
                index += 1
            }
        }
    }

    private static func referenceChunksIntoAdapter(
        requestId: String,
        generated: JSONValue,
        message: [UInt8],
        reference: [[UInt8]],
        context: LiveContext
    ) throws(CheckFailure) {
        let steps = ReassemblySteps.firstThenReversed(reference, requestId: requestId, generated: generated)
        let output = try context.output(
            "envelope-reassemble",
            ["role": "device", "digest": true, "steps": .array(steps)]
        )
        guard let results = output["steps"]?.arrayValue, results.count == reference.count,
            results.last?["sha256"]?.stringValue == Hex.encode(SHA256.hash(message)),
            results.last?["length"]?.intValue == Int64(message.count),
            results.dropLast().allSatisfy({ $0["partial"] != nil })
        else {
            throw CheckFailure(
                "envelope-reassemble of the reference's \(reference.count) chunks, the first first and the "
                    + "others in reverse order: expected "
                    + "partials, then the message's length and SHA-256",
                actual: output
            )
        }
    }
}
