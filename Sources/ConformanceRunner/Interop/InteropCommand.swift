/// `conformance interop --adapter A --adapter B ...`: drives every ordered pair of
/// implementations against each other and prints a table of pairs and outcomes. A single
/// `--adapter` is paired with the reference.
struct InteropCommand {
    let command: ConformanceCommand

    func run(_ options: RunOptions) -> ExitStatus {
        var commands = options.adapters
        if commands.count == 1 { commands.insert(command.referenceAdapter, at: 0) }
        let saving: TraceSaving?
        do {
            saving = try options.saveTracesDirectory.map { directory throws(StandardStreams.WriteError) in
                try TraceSaving(directory: directory, all: options.saveAllTraces)
            }
        } catch {
            command.standardError(
                "conformance interop: --save-traces: cannot write to \(error.target): \(error.reason)\n"
            )
            return .usage
        }
        defer { saving?.finish() }
        var keyLogs: [String: KeyLogCapture] = [:]
        var parties: [InteropPair.Party] = []
        var lines: [String] = ["interop: \(commands.count) implementations"]
        for (index, argv) in commands.enumerated() {
            let label = Self.label(index)
            do {
                var configuration = AdapterConfiguration(
                    command: argv,
                    timeoutMilliseconds: options.timeoutMilliseconds,
                    window: options.maxInFlight,
                    deadlineSeconds: options.deadlineSeconds
                )
                // Each adapter writes its own key log; a check takes the lines of both its sides.
                keyLogs[label] = saving?.keyLog(for: label)
                configuration.environment = keyLogs[label]?.environment ?? [:]
                let driver = try AdapterDriver(configuration: configuration)
                parties.append(InteropPair.Party(label: label, driver: driver))
                lines.append(
                    "  \(label) = \(TextReport.printable(driver.hello.name)) \(TextReport.printable(driver.hello.version)) "
                        + "(\(argv.joined(separator: " ")))"
                )
            } catch {
                command.standardError(
                    "conformance interop: \(label) (\(argv.joined(separator: " "))): "
                        + "\(TextReport.printable(error.fault.description))\n"
                        + error.stderrTail.map { "  | \(TextReport.printable($0))\n" }.joined()
                )
                parties.forEach { $0.driver.shutdown() }
                return .adapterUnavailable
            }
        }
        defer { parties.forEach { $0.driver.shutdown() } }

        let links = SpecSite.links(
            RequirementTexts.load(specDirectory: options.effectiveSpecDirectory),
            specURL: options.specURL,
            vectorsDirectory: options.vectorsDirectory
        )
        let checks = InteropPair.Check.allCases
        var rows: [[String]] = [["device/sender", "core/receiver"] + checks.map(\.rawValue)]
        var problems: [String] = []
        var counts = (passed: 0, failed: 0, skipped: 0)
        for sender in parties {
            for receiver in parties where receiver.label != sender.label {
                let capture = saving.map { saving in
                    TraceCapture(
                        recorder: TraceRecorder(clock: command.clock),
                        saving: saving,
                        keyLogs: [sender.label, receiver.label].compactMap { keyLogs[$0] }
                    )
                }
                var pair = InteropPair(sender: sender, receiver: receiver, selects: options.selects, capture: capture)
                let verdicts = pair.run()
                rows.append([sender.label, receiver.label] + checks.map { verdicts[$0]?.cell ?? "-" })
                for check in checks {
                    switch verdicts[check] {
                    case .passed?: counts.passed += 1
                    case .deselected?: break
                    case .failed(let message)?:
                        counts.failed += 1
                        problems.append(
                            "FAIL \(sender.label) -> \(receiver.label) \(check.rawValue) "
                                + "[\(check.requirements.joined(separator: ", "))]: \(TextReport.printable(message))"
                        )
                        problems += check.requirements.compactMap { id in links[id].map { "  spec: \($0)" } }
                    default: counts.skipped += 1
                    }
                }
            }
        }
        lines.append("")
        lines.append(contentsOf: Self.table(rows))
        lines.append("(the sender plays the device in the handshake; \"frames both ways\" uses the handshake's keys)")
        if !problems.isEmpty {
            lines.append("")
            lines.append(contentsOf: problems)
        }
        lines.append("\(counts.passed) passed, \(counts.failed) failed, \(counts.skipped) skipped")
        if let saving {
            _ = command.savingOutcome(saving)
            lines.append(contentsOf: saving.problems.map { "conformance interop: \($0)" })
        }
        // An adapter that could not be driven to the end (a restart failed, it got stuck, the
        // deadline passed) makes the table incomplete: that is status 3, as in a suite run.
        let lost = parties.compactMap { party in party.driver.unavailable.map { (party.label, $0) } }
        for (label, incident) in lost {
            lines.append("conformance interop: \(label) could not be driven to the end: \(incident.fault.description)")
            lines.append(contentsOf: incident.stderrTail.map { "  | \($0)" })
        }
        guard command.write(lines.joined(separator: "\n") + "\n") else { return .usage }
        if !lost.isEmpty { return .adapterUnavailable }
        if let saving, !saving.problems.isEmpty { return .usage }
        if counts.failed > 0 { return .failures }
        return counts.passed == 0 ? .nothingSelected : .success
    }

    /// A, B, ..., Z, then A1, B1, ...
    static func label(_ index: Int) -> String {
        let letter = String(UnicodeScalar(UInt8(65 + index % 26)))
        return index < 26 ? letter : letter + String(index / 26)
    }

    /// Left-aligned columns separated by two spaces.
    static func table(_ rows: [[String]]) -> [String] {
        let widths = rows.reduce(into: [Int]()) { widths, row in
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }
}
