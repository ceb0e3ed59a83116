/// The last lines an adapter wrote to stderr, kept to explain a failure.
///
/// stderr is free for the adapter's logs (ADP-3) and is drained continuously so a chatty adapter
/// never blocks on a full pipe; only the tail is kept, and each line is cut to a bounded length,
/// so a flood costs constant memory.
struct StderrTail {
    static let maximumLineLength = 1_000

    private let capacity: Int
    /// Lines finished since the adapter started: a mark that says which lines came after a point.
    private(set) var linesSeen = 0
    private var lines: [String] = []
    private var next = 0
    private var partial: [UInt8] = []
    private var partialTruncated = false

    init(capacity: Int = AdapterConfiguration.defaultStderrLines) {
        self.capacity = max(capacity, 1)
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            if byte == 0x0A {
                finishLine()
            } else if partial.count < Self.maximumLineLength {
                partial.append(byte)
            } else {
                partialTruncated = true
            }
        }
    }

    private mutating func finishLine() {
        var text = String(decoding: partial, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        if partialTruncated { text += " [...]" }
        if lines.count < capacity {
            lines.append(text)
        } else {
            lines[next] = text
        }
        next = (next + 1) % capacity
        linesSeen += 1
        partial.removeAll(keepingCapacity: true)
        partialTruncated = false
    }

    /// The kept lines that finished after `mark` (a past `linesSeen`), oldest first, with an
    /// unterminated last line; and how many lines came after the mark in all (kept or not).
    func lines(after mark: Int) -> (lines: [String], total: Int) {
        let all = snapshot
        let finishedAfter = max(linesSeen - mark, 0)
        let total = finishedAfter + (partial.isEmpty ? 0 : 1)
        return (Array(all.suffix(min(total, all.count))), total)
    }

    /// The kept lines, oldest first, with an unterminated last line included.
    var snapshot: [String] {
        var ordered = lines.count < capacity ? lines : Array(lines[next...] + lines[..<next])
        if !partial.isEmpty {
            ordered.append(String(decoding: partial, as: UTF8.self) + (partialTruncated ? " [...]" : ""))
            if ordered.count > capacity { ordered.removeFirst() }
        }
        return ordered
    }
}
