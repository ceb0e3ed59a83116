import OpenHumanTunnel

/// The readable transcript (VERIFY-1): one block per step, then the departures and the verdict.
public enum TranscriptText {
    /// Longest plaintext shown whole; longer ones are cut with their length given.
    static let excerptLength = 600

    public static func render(_ verification: Verification) -> String {
        var out = ""
        for block in verification.blocks {
            out += "step \(block.step)  \(block.summary)\n"
            for line in block.details { out += "    \(line)\n" }
            for departure in verification.departures where departure.step == block.step {
                out += "  ! \(departure.requirement) at step \(departure.step): \(departure.detail)\n"
            }
        }
        if verification.stoppedEarly { out += "stopped at the first departure (--continue reads on)\n" }
        switch verification.status {
        case .pass: out += "PASS: no departure\n"
        case .departure:
            let first = verification.departures[0]
            out +=
                "DEPARTURE: \(verification.departures.count) departure(s), the first \(first.requirement) at step \(first.step)\n"
        }
        return out
    }

    /// A plaintext as text: UTF-8 shown as is (control characters escaped), cut after
    /// `excerptLength` bytes; anything else as hex.
    static func excerpt(_ bytes: [UInt8]) -> String {
        let shown = Array(bytes.prefix(excerptLength))
        let tail = bytes.count > shown.count ? " … (\(bytes.count) bytes)" : ""
        guard let text = String(validating: shown, as: UTF8.self) else { return "hex " + Hex.encode(shown) + tail }
        let escaped = text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7f ? "\\u{\(String($0.value, radix: 16))}" : String($0)
        }
        return escaped.joined() + tail
    }
}
