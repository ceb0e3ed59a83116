import Foundation
import OpenHumanTunnel

/// The named hex values that spec/10-worked-example.md prints: in a fenced block, a line
/// `name  (N bytes)` followed by the value's hex, wrapped at 64 digits.
enum WorkedExampleChapter {
    static let url = RepositoryFile.url("spec/10-worked-example.md")

    struct Printed: Equatable {
        var declaredLength: Int
        var hex: String
    }

    /// Every printed value by name. A name printed twice is kept twice, so the caller sees it.
    static func values(in text: String) -> [(name: String, value: Printed)] {
        var result: [(String, Printed)] = []
        var inFence = false
        // The value whose hex lines are being read: a fence, or any line that is neither hex nor
        // a header (a formula such as `sas_salt = SHA-256(...)  (32 bytes)`), ends it, so one
        // value never swallows the digits printed under the next.
        var reading = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inFence.toggle()
                reading = false
                continue
            }
            guard inFence else { continue }
            if let header = header(line) {
                result.append((header.0, Printed(declaredLength: header.1, hex: "")))
                reading = true
            } else if reading, !line.isEmpty, line.allSatisfy({ "0123456789abcdef".contains($0) }) {
                result[result.count - 1].1.hex += line
            } else {
                reading = false
            }
        }
        return result
    }

    /// `name  (N bytes)` -> (name, N).
    private static func header(_ line: String) -> (String, Int)? {
        guard let open = line.range(of: "  ("), line.hasSuffix(" bytes)") else { return nil }
        let name = String(line[..<open.lowerBound])
        let count = line[open.upperBound...].dropLast(" bytes)".count)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let length = Int(count)
        else { return nil }
        return (name, length)
    }

    /// How the chapter prints `bytes` under `name`, for a failure message that can be pasted.
    static func block(_ name: String, _ bytes: [UInt8]) -> String {
        let hex = Hex.encode(bytes)
        var lines = ["\(name)  (\(bytes.count) bytes)"]
        var index = hex.startIndex
        while index < hex.endIndex {
            let end = hex.index(index, offsetBy: 64, limitedBy: hex.endIndex) ?? hex.endIndex
            lines.append(String(hex[index..<end]))
            index = end
        }
        return lines.joined(separator: "\n")
    }
}
