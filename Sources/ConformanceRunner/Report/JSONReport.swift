import VectorFormat

/// The machine-readable report: the run's context, the summary, and for every case its outcome,
/// message, expected and actual answer in full (the text formats cut long values).
///
/// ```
/// {"tool":"conformance","suite":"openhuman-tunnel","suiteVersion":"3.2.0",
///  "adapter":{"command":[...],"name":...,"version":...,"operations":[...],"policies":{...}},
///  "summary":{"passed":n,"failed":n,"skipped":n,"expectedFailures":n,"unexpectedPasses":n,
///             "staleEntries":n,"durationMs":n,"exitStatus":n},
///  "results":[{"id","area","operation","requirements","outcome","message","expected","actual",
///              "fault","stderr","stderrNote","expectedFailure":{"line","glob","reason"},"durationUs",
///              "specLinks":{"<ID>":"<base>/<chapter>.html#<ID>"}}],
///  "staleEntries":[{"line","glob","reason"}], "adapterUnavailable":{...},
///  "runFailures":[{"kind","message","stderr","exitStatus"}], "warnings":["..."]}
/// ```
/// `runFailures` lists the failures of the run as a whole (ADP-40); with the failing results and
/// stale entries, the report shows a failure whenever `exitStatus` is not 0.
/// `outcome` is one of `passed`, `failed`, `skipped`, `expected-failure`, `unexpected-pass`.
/// `specLinks` maps each requirement a result cites to its anchor in the rendered spec (ADP-81).
public enum JSONReport {
    public static func render(_ report: RunReport) -> String {
        String(decoding: JSONWriter.pretty(value(report)), as: UTF8.self)
    }

    public static func value(_ report: RunReport) -> JSONValue {
        let summary = report.summary
        var adapter: [String: JSONValue] = ["command": .array(report.adapterCommand.map { .string($0) })]
        if let hello = report.adapter, case .object(let members) = hello.json {
            adapter.merge(members) { current, _ in current }
        }
        var root: [String: JSONValue] = [
            "tool": "conformance",
            "suite": .string(VectorFile.suiteName),
            "suiteVersion": report.suiteVersion.map { .string($0) } ?? .null,
            "vectors": .string(report.vectorsDirectory),
            "adapter": .object(adapter),
            "summary": [
                "passed": .int(Int64(summary.passed)),
                "failed": .int(Int64(summary.failed)),
                "skipped": .int(Int64(summary.skipped)),
                "expectedFailures": .int(Int64(summary.expectedFailures)),
                "unexpectedPasses": .int(Int64(summary.unexpectedPasses)),
                "staleEntries": .int(Int64(summary.staleEntries)),
                "restarts": .int(Int64(report.restarts)),
                "durationMs": .int(Int64(report.durationNanoseconds / 1_000_000)),
                "exitStatus": .int(Int64(report.exitStatus.rawValue)),
            ],
            "results": .array(report.results.map { result($0, links: report.specLinks($0)) }),
            "staleEntries": .array(report.staleEntries.map(entry)),
            "runFailures": .array(
                report.runFailures.map { failure in
                    [
                        "kind": .string(failure.kind), "message": .string(failure.message),
                        "stderr": .array(failure.stderrTail.map { .string($0) }),
                        "exitStatus": .int(Int64(failure.status.rawValue)),
                    ]
                }
            ),
            "warnings": .array(report.warnings.map { .string($0) }),
        ]
        if let incident = report.adapterUnavailable {
            root["adapterUnavailable"] = [
                "message": .string(incident.fault.description),
                "stderr": .array(incident.stderrTail.map { .string($0) }),
            ]
        }
        return .object(root)
    }

    private static func result(_ result: CaseResult, links: [(id: String, link: String)]) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": .string(result.id),
            "area": .string(result.area),
            "operation": .string(result.operation),
            "requirements": .array(result.requirements.map { .string($0) }),
            "outcome": .string(result.outcome.rawValue),
            "durationUs": .int(Int64(result.durationNanoseconds / 1_000)),
        ]
        if let message = result.message { members["message"] = .string(message) }
        if let expected = result.expected { members["expected"] = expected }
        if let actual = result.actual { members["actual"] = actual }
        if let fault = result.fault { members["fault"] = .string(fault) }
        if !result.stderrTail.isEmpty { members["stderr"] = .array(result.stderrTail.map { .string($0) }) }
        if let note = result.stderrNote { members["stderrNote"] = .string(note) }
        if let expectation = result.expectation { members["expectedFailure"] = entry(expectation) }
        if !links.isEmpty {
            members["specLinks"] = .object(
                Dictionary(links.map { ($0.id, JSONValue.string($0.link)) }) { first, _ in first }
            )
        }
        return .object(members)
    }

    private static func entry(_ entry: ExpectedFailures.Entry) -> JSONValue {
        ["line": .int(Int64(entry.line)), "glob": .string(entry.glob.pattern), "reason": .string(entry.reason)]
    }
}
