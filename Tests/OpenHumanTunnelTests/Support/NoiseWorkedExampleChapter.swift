import Foundation
import OpenHumanTunnel

/// What section 13.5 of spec/13-handshake-v3.md prints of `NoiseWorkedExample`, and every way
/// a printed section differs from it.
///
/// Values are printed as chapter 10 prints them (`name  (N bytes)` and hex wrapped at 64 digits,
/// read by `WorkedExampleChapter`); the two state tables and the code's sentence are compared line
/// by line. Each difference comes with the text to print instead, so the section is regenerated
/// by pasting.
struct NoiseWorkedExampleChapter {
    static let url = RepositoryFile.url("spec/13-handshake-v3.md")
    static let heading = "## 13.5 "

    let values: [(name: String, bytes: [UInt8])]
    let tables: [[String]]
    /// Texts that are not hex: the channel id and the code with its number.
    let phrases: [String]

    init() throws {
        let pairing = try NoiseWorkedExample.pairing()
        let reconnection = try NoiseWorkedExample.reconnection(pairing)
        let e = NoiseWorkedExample.self
        let okm = e.codeKeyMaterial(pairing)
        var values: [(String, [UInt8])] = [("ps", e.pairingSecret)]
        for party in [e.device, e.core] {
            values += [
                ("\(party.name)_static_private", party.staticPrivate),
                ("\(party.name)_static_public", party.staticPublic),
            ]
        }
        values += Self.ephemerals("", [e.device, e.core])
        values += [
            ("N_D", e.deviceNonce), ("N_C", e.coreNonce), ("prologue", e.prologue), ("psk", e.psk),
            ("commitment", e.commitment),
        ]
        for step in pairing.steps {
            values += step.values.map { ($0.suffix.isEmpty ? step.name : "\(step.name)_\($0.suffix)", $0.bytes) }
            // Each message in full after its payload, the last step that writes it.
            if step.name.hasSuffix("_payload") {
                values.append(("message_\(step.message)", pairing.messages[step.message - 1]))
            }
        }
        values += [
            ("h", pairing.handshakeHash), ("k_device_to_core", pairing.transportKeys.initiatorToResponder),
            ("k_core_to_device", pairing.transportKeys.responderToInitiator), ("reveal", pairing.messages[2]),
            ("sas_okm", okm), ("reconnect_psk", e.reconnectPsk(pairing)),
        ]
        values += Self.ephemerals("r_", [e.reconnectingDevice, e.reconnectingCore])
        values += [
            ("r_message_1", reconnection.messages[0]), ("r_message_2", reconnection.messages[1]),
            ("r_h", reconnection.handshakeHash),
            ("r_k_device_to_core", reconnection.transportKeys.initiatorToResponder),
            ("r_k_core_to_device", reconnection.transportKeys.responderToInitiator),
            ("r_ping", reconnection.messages[2]), ("r_pong", reconnection.messages[3]),
        ]
        self.values = values
        tables = [Self.stateTable(pairing), Self.hashTable(reconnection)]
        phrases = [
            "`\(e.channelID)`",
            "`0x\(Hex.encode(okm))` = \(Self.grouped(e.codeNumber(okm))), and modulo 1,000,000 that is **\(e.code(okm))**",
        ]
    }

    /// The section's text: from its heading to the next `## ` heading.
    static func section(of chapter: String) -> String {
        let lines = chapter.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return "" }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    /// Every difference between `section` and what it must print; empty when it is true.
    func discrepancies(in section: String) -> [String] {
        var found: [String] = []
        let printed = WorkedExampleChapter.values(in: section)
        if printed.map(\.name) != values.map(\.name) {
            found.append("the section prints these values, in this order: \(values.map(\.name))")
        }
        for (name, bytes) in values {
            let block = WorkedExampleChapter.block(name, bytes)
            let matches = printed.filter { $0.name == name }.map(\.value)
            if matches != [WorkedExampleChapter.Printed(declaredLength: bytes.count, hex: Hex.encode(bytes))] {
                let what = matches.count == 1 ? "differs" : "is printed \(matches.count) times"
                found.append("\(name) \(what); print once:\n\(block)")
            }
        }
        let lines = Set(section.components(separatedBy: "\n"))
        for table in tables where !section.contains(table.joined(separator: "\n")) {
            let wrong = table.filter { !lines.contains($0) }
            found.append(
                "these rows differ:\n\(wrong.joined(separator: "\n"))\nprint the table:\n\(table.joined(separator: "\n"))"
            )
        }
        found += phrases.filter { !section.contains($0) }.map { "print: \($0)" }
        return found
    }

    private static func ephemerals(_ prefix: String, _ parties: [NoiseTrace.Party]) -> [(String, [UInt8])] {
        parties.flatMap { party in
            [
                ("\(prefix)\(party.name)_ephemeral_private", party.ephemeralPrivate),
                ("\(prefix)\(party.name)_ephemeral_public", party.ephemeralPublic),
            ]
        }
    }

    /// The pairing's table: every step with the first 8 digits of `h`, `ck` and `k` after it.
    private static func stateTable(_ trace: NoiseTrace) -> [String] {
        let short = { (bytes: [UInt8]) in "`\(Hex.encode(Array(bytes.prefix(4))))...`" }
        return [
            "| message | step | operation | `h` | `ck` | `k` | `n` | bytes appended |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
            + trace.steps.map { step in
                let (message, label) = Self.label(step)
                let key = step.k.map(short) ?? "none"
                let counter = step.k == nil ? "" : String(step.n)
                let appended = step.appended.isEmpty ? "" : String(step.appended.count)
                return
                    "| \(message) | \(label) | \(step.operation) | \(short(step.h)) | \(short(step.ck)) | \(key) | \(counter) | \(appended) |"
            }
    }

    /// The reconnection's table: `h` in full after every step.
    private static func hashTable(_ trace: NoiseTrace) -> [String] {
        ["| message | step | operation | `h` after it |", "| --- | --- | --- | --- |"]
            + trace.steps.map { step in
                let (message, label) = Self.label(step)
                return "| \(message) | \(label) | \(step.operation) | `\(Hex.encode(step.h))` |"
            }
    }

    /// The table's first two cells: `m1_es` is message 1's `es`; the steps before message 1
    /// have no message number.
    private static func label(_ step: NoiseTrace.Step) -> (String, String) {
        switch step.name {
        case "init": return ("", "initialise")
        case "prologue": return ("", "prologue")
        case _ where step.message == 0: return ("", "pre-message")
        default:
            let token = step.name.dropFirst("m1_".count)
            return (String(step.message), token == "payload" ? "payload" : "`\(token)`")
        }
    }

    /// `702034886166912049` -> `702,034,886,166,912,049`, as chapter 10 writes large numbers.
    private static func grouped(_ number: UInt64) -> String {
        var digits = String(number)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }
}
