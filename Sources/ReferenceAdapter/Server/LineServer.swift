import VectorFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The adapter's stdin/stdout loop (ADP-1, ADP-4, ADP-7, ADP-13, ADP-25).
///
/// Input is read in large chunks and split into lines here, so thousands of pipelined requests
/// cost a few `read` calls; each response is written with one `write` call straight to the file
/// descriptor, so nothing ever waits in a user-space buffer (a Swift `print` to a pipe is block
/// buffered, and the runner would wait forever for an answer sitting in that buffer).
struct LineServer {
    let adapter: ReferenceAdapter
    let input: Int32
    let output: Int32
    /// `OPENHUMAN_KEYLOG`'s file, when one is named.
    let keyLog = KeyLogFile.fromEnvironment()

    /// Deeper than any request (a `handshake-core` step sits at depth 4); refuses hostile nesting.
    static let maximumRequestDepth = 32
    /// ADP-2's line limit: a longer line is answered `bad_request` and skipped, never buffered whole.
    static let maximumLineLength = 4 << 20
    private static let chunkSize = 1 << 20

    /// Serves until `shutdown` or end of input (status 0), or until stdout or stdin fails (status 1).
    func run() -> Int32 {
        // A runner that goes away closes the pipe: stop with an error status instead of dying of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var buffer: [UInt8] = []
        var scanned = 0
        /// Inside an over-long line: its bytes are dropped up to the next line feed.
        var discarding = false
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return fail("reading stdin failed (errno \(errno))")
            }
            if count == 0 {
                // End of input: a last line without its line feed is still a request.
                if discarding { return 0 }
                return serve(line: buffer[...]) == .failed ? 1 : 0
            }
            var received = chunk[0..<count]
            if discarding {
                guard let newline = received.firstIndex(of: 0x0A) else { continue }
                received = received[(newline + 1)...]
                discarding = false
            }
            buffer.append(contentsOf: received)
            var lineStart = 0
            while let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = buffer[lineStart..<newline]
                lineStart = newline + 1
                scanned = lineStart
                switch serve(line: line) {
                case .next: continue
                case .stop: return 0
                case .failed: return 1
                }
            }
            buffer.removeFirst(lineStart)
            scanned = buffer.count
            if buffer.count > Self.maximumLineLength {
                Self.logToStderr("request line longer than \(Self.maximumLineLength) bytes: skipped")
                guard writeAll(Self.responseLine(Self.badRequest(id: .null)) + [0x0A]) else { return 1 }
                buffer.removeAll(keepingCapacity: false)
                scanned = 0
                discarding = true
            }
        }
    }

    private enum Outcome { case next, stop, failed }

    private func serve(line: ArraySlice<UInt8>) -> Outcome {
        var line = line
        if line.last == 0x0D { line.removeLast() }
        guard line.contains(where: { !Self.isWhitespace($0) }) else { return .next }
        let reply: ReferenceAdapter.Reply
        do {
            reply = adapter.respond(
                to: try JSONReader.value(line, maximumDepth: Self.maximumRequestDepth),
                loggingKeys: keyLog != nil
            )
        } catch  where !error.isSyntaxError {
            // JSON, but not a request this protocol can carry (a float, a repeated member):
            // still answered with its id when the id itself is readable (ADP-11).
            reply = ReferenceAdapter.Reply(
                response: Self.badRequest(id: Self.requestID(line)),
                log: "unreadable request: \(error.reason)"
            )
        } catch {
            reply = ReferenceAdapter.Reply(
                response: Self.badRequest(id: .null),
                log: "unreadable request line: \(error)"
            )
        }
        if let log = reply.log { Self.logToStderr(log) }
        // Before the response: whoever reads the key log after the answer finds its lines.
        keyLog?.append(reply.keys)
        var out = Self.responseLine(reply.response)
        if out.count > Self.maximumLineLength {
            // ADP-25: a line the runner must refuse would fail the request as a fault and cost a
            // restart; a short answer naming the problem keeps the stream in step.
            Self.logToStderr(
                "response of \(out.count) bytes exceeds the \(Self.maximumLineLength)-byte line cap: "
                    + "answered response_too_large"
            )
            out = Self.responseLine(Self.responseTooLarge(id: reply.response["id"] ?? .null))
        }
        out.append(0x0A)
        guard writeAll(out) else { return .failed }
        return reply.stop ? .stop : .next
    }

    /// The first top-level member `id` of a JSON line when it is an integer, else null. Lone
    /// surrogate escapes are read leniently here, so a request that carries one still gets its
    /// `bad_request` under its own id (ADP-32).
    private static func requestID(_ line: ArraySlice<UInt8>) -> JSONValue {
        var leniency = JSONReader.Leniency.strict
        leniency.loneSurrogates = true
        let members = try? JSONReader.topLevelMembers(line, maximumDepth: maximumRequestDepth, leniency: leniency)
        guard case .int(let id)? = members?.first(where: { $0.name == "id" })?.value else { return .null }
        return .int(id)
    }

    /// One response line without its line feed: `id` and `ok` first, then the other members sorted.
    private static func responseLine(_ response: JSONValue) -> [UInt8] {
        JSONWriter.compact(response, leading: ["id", "ok"])
    }

    /// The answer to a request whose response would exceed the line cap (ADP-25).
    static let responseTooLargeCode = "response_too_large"

    private static func responseTooLarge(id: JSONValue) -> JSONValue {
        .object(["id": id, "ok": .bool(false), "error": .string(responseTooLargeCode)])
    }

    private static func badRequest(id: JSONValue) -> JSONValue {
        .object(["id": id, "ok": .bool(false), "error": .string("bad_request")])
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(output, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    Self.logToStderr("writing stdout failed (errno \(errno))")
                    return false
                }
                offset += written
            }
            return true
        }
    }

    private func fail(_ message: String) -> Int32 {
        Self.logToStderr(message)
        return 1
    }

    static func logToStderr(_ message: String) {
        let line = Array("\(ReferenceAdapter.name): \(message)\n".utf8)
        line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension ReferenceAdapter {
    /// Serves the adapter protocol on `input`/`output` (stdin/stdout by default) until
    /// `shutdown` or end of input, and returns the exit status: 0, or 1 when a pipe failed.
    public func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        LineServer(adapter: self, input: input, output: output).run()
    }
}
