import OpenHumanTunnel
import Testing

/// The split of CHUNK-1 and the reassembly of CHUNK-4 to CHUNK-7: every chunk fits one frame,
/// the deployed piece size does not, and reassembly stays within its limits.
@Suite struct ChunkingTests {
    static let piece = EnvelopeLimits.standardPieceLength

    /// A response envelope of exactly `length` bytes.
    static func message(_ id: String, length: Int) -> [UInt8] {
        let head = utf8("{\"requestId\":\"\(id)\",\"kind\":\"response\",\"seq\":0,\"payload\":\"")
        return head + repeated(UInt8(ascii: "x"), length - head.count - 2) + utf8("\"}")
    }

    // REQ: CHUNK-1
    @Test func thePieceSizeIsTheLargestWhoseChunkFillsAFrameExactly() throws {
        #expect(Self.piece == 36_738)
        #expect(EnvelopeLimits.standard.maximumTotal == 457)
        let id = String(repeating: "Z", count: 64)
        let splitter = try ChunkSplitter(requestId: id, message: Self.message(id, length: 16 * 1024 * 1024))
        #expect(splitter.count == 457)
        let largest = splitter.plaintext(at: 100)
        #expect(largest.count == Limits.maximumPlaintextLength)
        var (device, _) = sessionPair()
        #expect(try device.seal(largest, nonce: testNonce(1)).count == Limits.maximumMessageLength)
        // Three more bytes of piece (the next multiple of 3) would not fit.
        #expect(largest.count + 4 > Limits.maximumPlaintextLength)
    }

    // REQ: CHUNK-1
    @Test func theDeployedPieceSizeMakesFramesTheCoreCannotSend() throws {
        var deployed = EnvelopeLimits.standard
        deployed.pieceLength = 61_440
        let id = "00000000-0000-4000-8000-000000000001"
        let chunk = try ChunkSplitter(requestId: id, message: Self.message(id, length: 70_000), limits: deployed)
            .plaintext(at: 0)
        var (device, _) = sessionPair()
        #expect(throws: TunnelError.plaintextTooLarge) { try device.seal(chunk, nonce: testNonce(1)) }
        // Positive control: the standard piece of the same message seals.
        let standard = try ChunkSplitter(requestId: id, message: Self.message(id, length: 70_000)).plaintext(at: 0)
        #expect(throws: Never.self) { try device.seal(standard, nonce: testNonce(2)) }
    }

    // REQ: CHUNK-1
    @Test func aMessageThatFitsOneFrameIsNotChunkedAndOneByteMoreIs() throws {
        let fits = Self.message("a", length: 49_111), over = Self.message("a", length: 49_112)
        #expect(try ChunkSplitter(requestId: "a", message: fits).plaintexts == [fits])
        let chunks = try ChunkSplitter(requestId: "a", message: over).plaintexts
        #expect(chunks.count == 2)
        #expect(throws: EnvelopeError.messageTooLarge) {
            try ChunkSplitter(requestId: "a", message: repeated(0, 16 * 1024 * 1024 + 1))
        }
    }

    // REQ: CHUNK-4, CHUNK-6, CHUNK-7
    @Test func aSixteenMebibyteMessageRoundTripsFirstChunkFirstThenInAnyOrder() throws {
        let message = Self.message("big", length: 16 * 1024 * 1024)
        let chunks = try ChunkSplitter(requestId: "big", message: message).plaintexts
        var reassembler = Reassembler(role: .device)
        var last: Reassembler.Outcome?
        for index in [0] + (1..<chunks.count).reversed() {
            last = try reassembler.receive(chunks[index], now: Int64(index))
        }
        guard case .message(let bytes, let envelope)? = last else {
            Issue.record("not complete: \(String(describing: last))")
            return
        }
        #expect(bytes == message)
        #expect(envelope.requestId == "big")
        // The most held at once: every piece but piece 1, the last to arrive, which completes it.
        #expect(reassembler.peakBufferedBytes == message.count - Self.piece)
    }

    /// The review's R3-8 frame (`attack_c_chunk_memory.py`): the 1-byte last chunk of a
    /// 457-chunk message, a 69-byte plaintext in a 110-byte frame.
    static func lastOf457(_ id: String) throws -> [UInt8] {
        try EnvelopeEncoder.encode(.chunk(requestId: id, seq: 456, total: 457, data: [0x61][...]))
    }

    // REQ: CHUNK-4, CHUNK-7
    @Test func fourLastChunksSentFirstReserveNothingAndTakeNoSlot() throws {
        var reassembler = Reassembler(role: .core)
        for n in 0..<4 {
            let frame = try Self.lastOf457("r\(n)")
            #expect(frame.count == 69)
            #expect(throws: EnvelopeError.firstChunkMissing) { try reassembler.receive(frame, now: 0) }
        }
        #expect(reassembler.partialCount == 0)
        #expect(reassembler.reservedBytes == 0)
        // Positive control: four real first chunks of 457-chunk messages take the four slots,
        // and a fifth is too_many_partials.
        let firsts = try (0..<5).map { n in
            try EnvelopeEncoder.encode(
                .chunk(requestId: "f\(n)", seq: 0, total: 457, data: repeated(7, Self.piece)[...])
            )
        }
        for n in 0..<4 { _ = try reassembler.receive(firsts[n], now: 0) }
        #expect(throws: EnvelopeError.tooManyPartials) { try reassembler.receive(firsts[4], now: 0) }
        #expect(reassembler.partialCount == 4)
    }

    // REQ: CHUNK-7
    @Test func aPartialMessageReservesOnlyThePiecesReceivedNotItsTotal() throws {
        var reassembler = Reassembler(role: .core)
        for n in 0..<4 {
            let first = try EnvelopeEncoder.encode(
                .chunk(requestId: "f\(n)", seq: 0, total: 457, data: repeated(7, Self.piece)[...])
            )
            _ = try reassembler.receive(first, now: 0)
        }
        // Four pieces received: at most their bytes (with an allocator's rounding) are held,
        // not the 4 x 457 pieces (67 MB) suite 2.3 allowed to reserve.
        let received = 4 * Self.piece
        #expect(reassembler.reservedBytes >= received)
        #expect(reassembler.reservedBytes <= received + 4 * 64)
        #expect(reassembler.reservedBytes < 4 * 457 * Self.piece / 400)
    }

    // REQ: CHUNK-4
    @Test func aConflictingChunkLeavesThePartialMessageIntact() throws {
        let message = Self.message("a", length: 2 * Self.piece + 10)
        let chunks = try ChunkSplitter(requestId: "a", message: message).plaintexts
        var reassembler = Reassembler(role: .device)
        _ = try reassembler.receive(chunks[0], now: 0)
        let otherTotal = try EnvelopeEncoder.encode(
            .chunk(requestId: "a", seq: 1, total: 4, data: repeated(1, Self.piece)[...])
        )
        #expect(throws: EnvelopeError.chunkTotalMismatch) { try reassembler.receive(otherTotal, now: 1) }
        #expect(throws: EnvelopeError.duplicateChunk) { try reassembler.receive(chunks[0], now: 2) }
        _ = try reassembler.receive(chunks[1], now: 3)
        guard case .message(let bytes, _) = try reassembler.receive(chunks[2], now: 4) else {
            Issue.record("incomplete")
            return
        }
        #expect(bytes == message)
    }

    // REQ: CHUNK-4, CHUNK-5
    @Test func aFifthPartialMessageIsRefusedAndDeadlinesFreeSlots() throws {
        var reassembler = Reassembler(role: .device)
        let firsts = try (0..<5).map {
            try ChunkSplitter(requestId: "m\($0)", message: Self.message("m\($0)", length: 50_000)).plaintext(at: 0)
        }
        for n in 0..<4 { _ = try reassembler.receive(firsts[n], now: 0) }
        #expect(throws: EnvelopeError.tooManyPartials) { try reassembler.receive(firsts[4], now: 0) }
        #expect(reassembler.expire(now: 30_000).isEmpty)
        #expect(reassembler.expire(now: 30_001) == ["m0", "m1", "m2", "m3"])
        #expect(throws: Never.self) { try reassembler.receive(firsts[4], now: 30_001) }
    }
}
