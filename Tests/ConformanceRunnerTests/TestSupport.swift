import ConformanceRunner
import Foundation
import VectorFormat
import VectorGeneration
import XCTest

/// The fake adapters in Fixtures/, found next to this file.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures"
    )

    /// argv of misbehaving-adapter.py with `options`.
    static func misbehaving(_ options: String...) -> [String] {
        misbehaving(options)
    }

    static func misbehaving(_ options: [String]) -> [String] {
        [directory.appendingPathComponent("misbehaving-adapter.py").path] + options
    }

    /// The same, as one `--adapter` string.
    static func misbehavingCommand(_ options: String...) -> String {
        ([directory.appendingPathComponent("misbehaving-adapter.py").path] + options).joined(separator: " ")
    }

    static func weakNonce(_ mode: String) -> [String] {
        [directory.appendingPathComponent("weak-nonce-adapter.py").path, mode]
    }
}

/// A vector of the fake adapters' operations: `echo` passes when `expected` equals the input.
func fakeVector(
    _ id: String,
    _ operation: String = "echo",
    input: JSONValue = ["value": "x"],
    expected: JSONValue? = nil,
    result: VectorResult = .valid,
    policy: String? = nil,
    flags: [String] = []
) -> Vector {
    Vector(
        id: id,
        operation: operation,
        requirements: ["ADP-18"],
        comment: "runner self-test",
        flags: flags,
        result: result,
        policy: policy,
        input: input,
        expected: expected ?? input
    )
}

/// A temporary vectors directory holding one file with `vectors` and, unless `manifest` is
/// false, its manifest.json, as vectorgen writes them; removed by the test's teardown.
func writeVectors(
    _ vectors: [Vector],
    area: String = "fake",
    manifest: Bool = true,
    in testCase: XCTestCase
) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "conformance-tests-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let file = VectorFile(
        schema: "fake.schema.json",
        area: area,
        description: "runner self-test",
        flags: [:],
        vectors: vectors
    )
    for (name, data) in try VectorSuite.encode([file]) where manifest || name != Manifest.fileName {
        try data.write(to: directory.appendingPathComponent(name))
    }
    return directory
}

/// A fixture adapter of Fixtures/ by file name, with its arguments.
func fixtureAdapter(_ name: String, _ arguments: String...) -> [String] {
    [Fixture.directory.appendingPathComponent(name).path] + arguments
}

/// A text file in a temporary directory, removed by the test's teardown.
func writeTemporaryFile(_ text: String, in testCase: XCTestCase) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "conformance-tests-\(UUID().uuidString).txt"
    )
    try Data(text.utf8).write(to: url)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
}

/// Runs `conformance` in-process with captured output.
struct CommandRun {
    var status: ExitStatus
    var stdout: String
    var stderr: String

    /// The last line of stdout.
    var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }

    /// The first line of stdout.
    var firstLine: String { stdout.split(separator: "\n").first.map(String.init) ?? "" }

    static func run(
        _ arguments: [String],
        reference: [String] = Fixture.misbehaving(),
        installedVectors: String? = nil,
        progressLog: Bool = false
    ) -> CommandRun {
        final class Sink: @unchecked Sendable { var text = "" }
        let out = Sink(), err = Sink()
        let command = ConformanceCommand(
            referenceAdapter: reference,
            installedVectors: installedVectors,
            standardOutput: { out.text += $0 },
            standardError: { err.text += $0 },
            progressEnabled: false,
            progressLogEnabled: progressLog
        )
        let status = command.run(arguments)
        return CommandRun(status: status, stdout: out.text, stderr: err.text)
    }
}

/// Runs `vectors` against an adapter through the driver and the vector runner.
func runVectors(
    _ vectors: [Vector],
    adapter: [String],
    timeoutMilliseconds: Int = 5_000,
    maximumLineLength: Int = AdapterConfiguration.defaultMaximumLineLength,
    window: Int = AdapterConfiguration.defaultWindow
) throws -> (results: [CaseResult], driver: AdapterDriver) {
    let driver = try AdapterDriver(
        configuration: AdapterConfiguration(
            command: adapter,
            timeoutMilliseconds: timeoutMilliseconds,
            maximumLineLength: maximumLineLength,
            window: window
        )
    )
    let results = VectorRunner().run(vectors, driver: driver)
    driver.shutdown()
    return (results, driver)
}

/// The repository's root folder, for the vectors and the spec beside the tests.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
