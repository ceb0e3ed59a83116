import Foundation

/// The key log one adapter writes while the runner saves traces: the runner names a fresh file
/// in a temporary directory as the adapter's `OPENHUMAN_KEYLOG`, and takes from it, for each
/// check, the lines written between the check's start and its end.
///
/// These are the implementation's own secrets as it reports them, which is what a key log is
/// for: the runner adds nothing of its own. An adapter writes each line before its answer (the
/// implementations of this kit do), and the runner runs one check at a time, so the lines
/// between two offsets are those of the check's requests.
///
/// The file is adapter output like any other, so what the runner holds of it is bounded as
/// ADP-24 bounds responses (ADP-97): it reads the span in blocks and keeps only whole entry
/// lines (`LABEL SP hex SP hex LF`, KEYLOG-1's shape, any label), each of at most
/// `maximumLineLength` bytes, up to `maximumKeptBytes` per check. Junk, comments, a line with
/// invalid UTF-8 and a last line without its LF are dropped, so they cannot hide the real lines.
package final class KeyLogCapture {
    static let environmentVariable = "OPENHUMAN_KEYLOG"
    /// The longest line kept: the longest entry of chapter 3 (`SESSION_KEYS`, 270 bytes with its
    /// LF) with room for labels a later version adds.
    package static let maximumLineLength = 1_024
    /// The most kept for one check: a live check logs a few hundred lines at most (1,000 seals
    /// of `live/frame-seal/*` give about 150 KiB).
    package static let maximumKeptBytes = 1_048_576
    /// How much of the file is read at a time.
    package static let blockSize = 65_536

    let path: String

    init(path: String) {
        self.path = path
    }

    /// The environment the adapter is started with.
    var environment: [String: String] { [Self.environmentVariable: path] }

    /// The key log's current length: where the next check's lines start.
    func offset() -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }

    /// The entry lines written from `start` on, as bounded above (none when the adapter wrote none).
    func lines(from start: UInt64) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: start)) != nil else { return "" }
        var filter = KeyLogLineFilter()
        while let block = try? handle.read(upToCount: Self.blockSize), !block.isEmpty {
            filter.take([UInt8](block))
        }
        return filter.text
    }
}

/// Splits a stream of key log bytes into lines, keeping the whole entry lines within the bounds
/// of `KeyLogCapture` and dropping everything else without holding it.
package struct KeyLogLineFilter {
    package private(set) var kept: [UInt8] = []

    package init() {}
    private var line: [UInt8] = []
    private var lineTooLong = false

    /// Reads the next bytes of the stream: whole lines are judged at their LF, the current one
    /// is held only up to `maximumLineLength` bytes.
    package mutating func take(_ block: [UInt8]) {
        var rest = block[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "\n"))
            let piece = rest[..<(end ?? rest.endIndex)]
            let room = KeyLogCapture.maximumLineLength - line.count
            if piece.count > room { lineTooLong = true }
            line += piece.prefix(max(room, 0))
            guard let end else { return }
            endLine()
            rest = rest[(end + 1)...]
        }
    }

    private mutating func endLine() {
        if !lineTooLong, Self.isEntry(line[...]), kept.count + line.count + 1 <= KeyLogCapture.maximumKeptBytes {
            kept += line
            kept.append(UInt8(ascii: "\n"))
        }
        line.removeAll(keepingCapacity: true)
        lineTooLong = false
    }

    /// What the filter holds now: the kept lines and the current line's head, never more than
    /// `maximumKeptBytes + maximumLineLength` whatever the stream (ADP-24, ADP-97).
    package var heldBytes: Int { kept.count + line.count }

    /// The lines kept, as text: every kept line is ASCII, so the text is exactly those bytes.
    var text: String { String(decoding: kept, as: UTF8.self) }

    /// `label SP hex SP hex`: an uppercase label, then two runs of lowercase hex (KEYLOG-1).
    static func isEntry(_ line: ArraySlice<UInt8>) -> Bool {
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 3, let first = fields[0].first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
        else { return false }
        let isLabel = fields[0].allSatisfy { c in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                || c == UInt8(ascii: "_")
        }
        let isHex = { (field: ArraySlice<UInt8>) in
            !field.isEmpty
                && field.allSatisfy {
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
                }
        }
        return isLabel && isHex(fields[1]) && isHex(fields[2])
    }
}
