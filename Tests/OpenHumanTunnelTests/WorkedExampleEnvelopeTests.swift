import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Section 10.11 of the worked example: the ping of part one read as envelopes, and a 50,000-byte
/// response cut into two chunks and sealed with part one's `s2c`. Every value the section prints
/// (names starting `e_`) is computed here by the reference; a failure message gives the block to
/// print.
@Suite struct WorkedExampleEnvelopeTests {
    static let largeID = "00000000-0000-4000-8000-000000000003"
    static let chunkNonces = [repeated(0x90, 24), repeated(0x91, 24)]

    /// The response of section 10.11: `{"requestId":...,"kind":"response","seq":0,"payload":"aaa…"}`, 50,000 bytes.
    static func largeMessage() -> [UInt8] {
        let head = utf8("{\"requestId\":\"\(largeID)\",\"kind\":\"response\",\"seq\":0,\"payload\":\"")
        return head + repeated(UInt8(ascii: "a"), 50_000 - head.count - 2) + utf8("\"}")
    }

    static func computed() throws -> [(String, [UInt8])] {
        let request = try EnvelopeEncoder.encode(
            .request(
                requestId: "00000000-0000-4000-8000-000000000001",
                method: "openhuman.ping",
                paramsText: utf8("{}"),
                stream: false
            )
        )
        var gate = CoreRequestGate(grant: [], methods: [])
        guard case .reply(let replies) = try gate.receive(request, now: 0), replies.count == 1 else {
            throw EnvelopeError.unexpectedKind
        }
        let message = largeMessage()
        let chunks = try ChunkSplitter(requestId: largeID, message: message).plaintexts
        let core = SessionCipher(
            role: .core,
            keys: SessionKeys(
                c2s: hex(WorkedExampleTests.Expected.c2s),
                s2c: hex(WorkedExampleTests.Expected.s2c)
            )
        )
        let frames = try zip(chunks, chunkNonces).map { try core.seal($0, nonce: $1) }
        return [
            ("e_ping_request", request), ("e_ping_response", replies[0]),
            ("e_large_sha256", SHA256.hash(message)),
            ("e_chunk0_head", Array(chunks[0].prefix(96))), ("e_chunk0_sha256", SHA256.hash(chunks[0])),
            ("e_chunk1_head", Array(chunks[1].prefix(96))), ("e_chunk1_sha256", SHA256.hash(chunks[1])),
            ("e_frame0_sha256", SHA256.hash(frames[0])), ("e_frame1_sha256", SHA256.hash(frames[1])),
        ]
    }

    /// Every `e_` value the chapter prints is the reference's, once, in this order.
    // REQ: ENV-2, RPC-6, CHUNK-1, CHUNK-3
    @Test func envelopeValuesPrintedInChapter10AreTheReferences() throws {
        let text = try String(contentsOf: WorkedExampleChapter.url, encoding: .utf8)
        let printed = WorkedExampleChapter.values(in: text).filter { $0.name.hasPrefix("e_") }
        let computed = try Self.computed()
        #expect(printed.map(\.name) == computed.map(\.0), "the chapter prints these values, in this order")
        for (name, bytes) in computed {
            let block = WorkedExampleChapter.block(name, bytes)
            let matches = printed.filter { $0.name == name }
            #expect(matches.count == 1, "print once in chapter 10:\n\(block)")
            guard let value = matches.first?.value else { continue }
            #expect(
                value == WorkedExampleChapter.Printed(declaredLength: bytes.count, hex: Hex.encode(bytes)),
                "chapter 10 differs from the reference; print:\n\(block)"
            )
        }
    }

    /// The ping of part one is the envelope sender form, and the layer's answer is part one's response.
    // REQ: ENV-2, RPC-6
    @Test func partOnesPlaintextsAreThePingEnvelopes() throws {
        let values = Dictionary(uniqueKeysWithValues: try Self.computed())
        #expect(values["e_ping_request"] == WorkedExample.requestPlaintext)
        #expect(values["e_ping_response"] == WorkedExample.responsePlaintext)
    }

    /// The two chunk frames open at the device with `s2c` and reassemble to the message; the
    /// first chunk plaintext is 32 bytes below 49,111: the id has 36 characters, not 64, and seq and total one digit, not three.
    // REQ: CHUNK-1, CHUNK-6
    @Test func theChunkFramesOpenAndReassembleAtTheDevice() throws {
        let keys = SessionKeys(c2s: hex(WorkedExampleTests.Expected.c2s), s2c: hex(WorkedExampleTests.Expected.s2c))
        var core = SessionCipher(role: .core, keys: keys), device = SessionCipher(role: .device, keys: keys)
        let chunks = try ChunkSplitter(requestId: Self.largeID, message: Self.largeMessage()).plaintexts
        #expect(chunks.map(\.count) == [49_079, 17_779])
        var reassembler = Reassembler(role: .device)
        var outcome: Reassembler.Outcome?
        for (chunk, nonce) in zip(chunks, Self.chunkNonces) {
            outcome = try reassembler.receive(try device.open(try core.seal(chunk, nonce: nonce)), now: 0)
        }
        guard case .message(let bytes, _)? = outcome else {
            Issue.record("not reassembled")
            return
        }
        #expect(bytes == Self.largeMessage())
    }
}
