import ConformanceRunner
import Foundation
import Mutants
import OpenHumanTunnel
import ReferenceAdapter
import VectorFormat
import XCTest

/// The suite's self-check: every deliberately broken implementation (a `Mutant`) must fail at
/// least one vector or live check, while the reference and the composed control pass them all.
///
/// Vectors run in-process: each request goes straight to `ReferenceAdapter.handle(request:)`,
/// and the runner's own planning (`CasePlanning`) and comparison (`ResponseComparison`) judge
/// the answer, so a catch here is a catch by `conformance`, without fifty adapter processes.
/// The live checks need a process: the runner's `LiveCheckRunner` drives `reference-adapter`.
///
/// `WRITE_MUTANTS_MD=1 swift test --filter MutantCatchTests` rewrites spec/kit/mutants.md; without
/// it, the test fails when that file no longer matches what the suite catches.
final class MutantCatchTests: XCTestCase {
    /// The positive control: every vector, the 10,000-case accumulated test included. Prints
    /// the time of this one full run (not asserted: machines differ).
    func testReferenceAdapterPassesEveryVector() throws {
        let start = Date()
        let run = try SuiteRun.run(ReferenceAdapter(implementation: .reference))
        print(
            "one full in-process run of the reference: \(run.ran) vectors, \(run.requests) requests, "
                + String(format: "%.3f s", Date().timeIntervalSince(start))
        )
        XCTAssertGreaterThan(run.ran, 0, "no vector ran: is vectors/ empty?")
        XCTAssertEqual(run.failures.map(\.description), [], "the reference fails vectors")
    }

    /// The composed implementation with no bug switched on is the control for every mutant: it
    /// must answer exactly as the library does, so a mutant's failures come from its one bug.
    func testComposedControlPassesEveryVector() throws {
        let run = try SuiteRun.run(
            ReferenceAdapter(implementation: .composedControl),
            accumulatedCaseLimit: MutantReport.mutantAccumulatedCaseLimit
        )
        XCTAssertGreaterThan(run.ran, 0, "no vector ran: is vectors/ empty?")
        XCTAssertEqual(run.failures.map(\.description), [], "the composed control fails vectors")
    }

    func testEveryMutantFailsAtLeastOneVectorOrLiveCheck() throws {
        let report = try MutantReport.make()
        let uncaught = report.rows.filter { !$0.caught }.map(\.mutant.name)
        XCTAssertEqual(uncaught, [], "mutants nothing catches: the suite has a gap for each")
    }

    /// The positive controls of the live checks: the reference and the composed control, each
    /// served by a `reference-adapter` process, pass them all.
    func testReferenceAndComposedControlPassEveryLiveCheck() throws {
        XCTAssertEqual(try LiveRun.failingChecks(.reference), [])
        XCTAssertEqual(try LiveRun.failingChecks(.composedControl), [])
    }

    /// Each mutant is declared once (`static let x = Mutant(...)` in a `MutantCatalog+<area>.swift`
    /// file) and listed in its area: a declaration missing from `Mutant.catalog` would never run.
    func testEveryDeclaredMutantIsInTheCatalogOnceAndBreaksRealRequirements() throws {
        // Wherever the catalog files sit under Sources/ (the mutants may get a target of their own).
        let sources = SuiteRun.repositoryRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
            .filter { ($0 as NSString).lastPathComponent.hasPrefix("MutantCatalog+") }
        XCTAssertFalse(files.isEmpty, "no MutantCatalog+<area>.swift file under Sources/")
        let declarations =
            try files
            .map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8) }
            .reduce(0) { $0 + $1.components(separatedBy: " = Mutant(\n").count - 1 }
        XCTAssertEqual(declarations, Mutant.catalog.count, "a declared mutant is missing from its area's list")
        XCTAssertEqual(Set(Mutant.catalog.map(\.name)).count, Mutant.catalog.count, "a mutant is listed twice")
        let ids = Set(
            try RequirementReader.read(directory: SuiteRun.repositoryRoot.appendingPathComponent("spec")).map(\.id)
        )
        let unknown = Mutant.catalog.flatMap { mutant in
            mutant.breaks.filter { !ids.contains($0) }.map { "\(mutant.name): \($0)" }
        }
        XCTAssertEqual(unknown, [], "mutants that name a requirement the spec does not define")
        // Positive control: a real id passes and a made-up one would not.
        XCTAssertTrue(ids.contains("FRAME-OPEN-7"))
        XCTAssertFalse(ids.contains("FRAME-OPEN-9999"))
    }

    func testMutantsTableIsCurrent() throws {
        let report = try MutantReport.make()
        let url = SuiteRun.repositoryRoot.appendingPathComponent("spec/kit/mutants.md")
        let text = report.markdown()
        if ProcessInfo.processInfo.environment["WRITE_MUTANTS_MD"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let current = try? String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(
            current,
            text,
            "spec/kit/mutants.md is stale: regenerate with WRITE_MUTANTS_MD=1 swift test --filter MutantCatchTests"
        )
    }
}

// MARK: - The adapter protocol, driven without a process

final class ReferenceAdapterProtocolTests: XCTestCase {
    private let adapter = ReferenceAdapter(implementation: .reference)

    private func respond(_ line: String) -> JSONValue {
        adapter.handle(request: try! JSONReader.value(Array(line.utf8)))
    }

    // REQ: ADP-12
    func testHelloDeclaresNameVersionOperationsAndReplayMemory() {
        let response = respond(#"{"id":1,"op":"hello","input":{"protocol":1}}"#)
        XCTAssertEqual(response["ok"], .bool(true))
        XCTAssertEqual(response["output"]?["name"], .string("openhuman-swift-reference"))
        XCTAssertEqual(response["output"]?["version"], .string(VectorFile.currentSuiteVersion))
        XCTAssertEqual(
            response["output"]?["policies"],
            .object(["replayMemory": .int(128), "sessionReplayMemory": .int(65_536)])
        )
        XCTAssertEqual(response["output"]?["operations"]?.arrayValue?.contains(.string("handshake-core")), true)
    }

    // REQ: ADP-12
    func testMutantNamesItselfInHello() {
        let mutant = ReferenceAdapter(mutant: .window127)
        let response = mutant.handle(
            request: .object([
                "id": .int(1), "op": .string("hello"),
                "input": .object(["protocol": .int(1)]),
            ])
        )
        XCTAssertEqual(response["output"]?["name"], .string("openhuman-swift-reference/mutant/window-127"))
        XCTAssertEqual(
            response["output"]?["policies"],
            .object(["replayMemory": .int(128), "sessionReplayMemory": .int(65_536)])
        )
    }

    // REQ: ADP-8, ADP-11
    func testUppercaseHexIsBadRequestAndLowercaseIsAnswered() {
        let scalar = String(repeating: "a5", count: 32), u = String(repeating: "09", count: 31) + "00"
        let good = respond(#"{"id":2,"op":"x25519","input":{"scalar":"\#(scalar)","u":"\#(u)"}}"#)
        XCTAssertEqual(good["ok"], .bool(true))
        let bad = respond(#"{"id":3,"op":"x25519","input":{"scalar":"\#(scalar.uppercased())","u":"\#(u)"}}"#)
        XCTAssertEqual(bad, .object(["id": .int(3), "ok": .bool(false), "error": .string("bad_request")]))
    }

    // REQ: ADP-11
    func testWrongKeyLengthIsBadRequestNotAProtocolError() {
        let response = respond(#"{"id":4,"op":"x25519","input":{"scalar":"00","u":"00"}}"#)
        XCTAssertEqual(response["error"], .string("bad_request"))
    }

    // REQ: ADP-11
    func testUnknownOperationIsUnsupported() {
        XCTAssertEqual(respond(#"{"id":5,"op":"teleport","input":{}}"#)["error"], .string("unsupported"))
    }

    // REQ: ADP-5
    func testUnknownRequestMembersAreIgnored() {
        let response = respond(
            #"{"id":6,"op":"hchacha20","extra":[1,2],"input":{"key":"\#(String(repeating: "00", count: 32))","nonce":"\#(String(repeating: "00", count: 16))","also":true}}"#
        )
        XCTAssertEqual(response["ok"], .bool(true))
    }

    // REQ: ADP-10
    func testProtocolRejectionCarriesTheProtocolCode() {
        let keys = String(repeating: "11", count: 32)
        let response = respond(
            #"{"id":7,"op":"frame-open","input":{"role":"core","c2s":"\#(keys)","s2c":"\#(keys)","frame":"01"}}"#
        )
        XCTAssertEqual(response, .object(["id": .int(7), "ok": .bool(false), "error": .string("legacy_frame")]))
    }

    // REQ: ADP-6
    func testEveryResponseCarriesTheIdAndOkWithOutputOrErrorCode() {
        let key = String(repeating: "00", count: 32), nonce = String(repeating: "00", count: 16)
        let success = respond(#"{"id":21,"op":"hchacha20","input":{"key":"\#(key)","nonce":"\#(nonce)"}}"#)
        XCTAssertEqual(success["id"], .int(21))
        XCTAssertEqual(success["ok"], .bool(true))
        XCTAssertNotNil(success["output"]?.objectValue)
        XCTAssertNil(success["error"])
        let failure = respond(
            #"{"id":22,"op":"frame-open","input":{"role":"device","c2s":"\#(key)","s2c":"\#(key)","frame":""}}"#
        )
        XCTAssertEqual(failure, .object(["id": .int(22), "ok": .bool(false), "error": .string("empty_frame")]))
    }

    // REQ: ADP-9
    func testRequestsCarryNoStateSoTheSameFrameOpensTwice() {
        let keys = String(repeating: "44", count: 32), nonce = String(repeating: "55", count: 24)
        let frame = respond(
            #"{"id":23,"op":"frame-seal","input":{"role":"core","c2s":"\#(keys)","s2c":"\#(keys)","nonce":"\#(nonce)","plaintext":"00"}}"#
        )["output"]!["frame"]!.stringValue!
        let open =
            #"{"id":24,"op":"frame-open","input":{"role":"device","c2s":"\#(keys)","s2c":"\#(keys)","frame":"\#(frame)"}}"#
        XCTAssertEqual(respond(open)["output"], .object(["plaintext": .string("00")]))
        // A second request with the same frame starts from an empty window: not `replayed`.
        XCTAssertEqual(respond(open)["output"], .object(["plaintext": .string("00")]))
        // Positive control: within one `session` request the window does carry over.
        let twice = respond(
            #"{"id":25,"op":"session","input":{"role":"device","c2s":"\#(keys)","s2c":"\#(keys)","steps":[{"open":{"frame":"\#(frame)"}},{"open":{"frame":"\#(frame)"}}]}}"#
        )
        XCTAssertEqual(twice["output"]?["steps"]?.arrayValue?.last, .object(["error": .string("replayed")]))
    }

    // REQ: ADP-14
    func testAnInjectedNonceIsUsedExactlyAndAnAbsentOneIsDrawnFresh() {
        let keys = String(repeating: "66", count: 32), nonce = String(repeating: "77", count: 24)
        let injected = respond(
            #"{"id":26,"op":"frame-seal","input":{"role":"device","c2s":"\#(keys)","s2c":"\#(keys)","nonce":"\#(nonce)","plaintext":"01"}}"#
        )
        let frame = injected["output"]!["frame"]!.stringValue!
        XCTAssertEqual(String(frame.dropFirst(2).prefix(48)), nonce)
        let drawn =
            #"{"id":27,"op":"frame-seal","input":{"role":"device","c2s":"\#(keys)","s2c":"\#(keys)","plaintext":"01"}}"#
        let first = respond(drawn)["output"]!["frame"]!.stringValue!
        let second = respond(drawn)["output"]!["frame"]!.stringValue!
        XCTAssertNotEqual(first.dropFirst(2).prefix(48), second.dropFirst(2).prefix(48))
        XCTAssertNotEqual(String(first.dropFirst(2).prefix(48)), nonce)
    }

    // REQ: ADP-16
    func testHandshakeCoreReportsTheChannelAfterEveryStepAndGoesOnAfterARejection() {
        let core = String(repeating: "01", count: 32)
        let corePublic = respond(
            #"{"id":28,"op":"x25519","input":{"scalar":"\#(core)","u":"09\#(String(repeating: "00", count: 31))"}}"#
        )["output"]!["shared"]!.stringValue!
        let start = respond(
            #"{"id":29,"op":"handshake-device-start","input":{"corePublicKey":"\#(corePublic)","deviceStaticPrivate":"\#(String(repeating: "02", count: 32))","handshakeEphemeralPrivate":"\#(String(repeating: "03", count: 32))","clientEphemeralPrivate":"\#(String(repeating: "04", count: 32))","nonce":"\#(String(repeating: "10", count: 24))"}}"#
        )
        let frame = start["output"]!["frame"]!.stringValue!
        let step = { (frame: String) in
            #"{"frame":"\#(frame)","now":100,"serverEphemeralPrivate":"\#(String(repeating: "05", count: 32))","ackNonce":"\#(String(repeating: "20", count: 24))"}"#
        }
        let response = respond(
            #"{"id":30,"op":"handshake-core","input":{"coreStaticPrivate":"\#(core)","channel":{"state":"pending","expiresAt":100},"steps":[\#(step("03")),\#(step(frame)),\#(step(frame))]}}"#
        )
        let steps = response["output"]?["steps"]?.arrayValue ?? []
        XCTAssertEqual(steps.count, 3)
        guard steps.count == 3 else { return }
        XCTAssertEqual(steps[0]["error"], .string("frame_too_short"))
        XCTAssertEqual(steps[0]["channel"], .object(["state": .string("pending"), "expiresAt": .int(100)]))
        XCTAssertNotNil(steps[1]["ack"])
        XCTAssertEqual(steps[1]["channel"]?["state"], .string("paired"))
        XCTAssertEqual(steps[1]["channel"]?["lastHandshakeEphemeral"], .string(String(frame.dropFirst(2).prefix(64))))
        XCTAssertEqual(steps[2]["error"], .string("handshake_replayed"))
        XCTAssertEqual(steps[2]["channel"], steps[1]["channel"])
    }

    // REQ: ADP-15
    func testSessionStepErrorDoesNotStopLaterSteps() {
        let keys = String(repeating: "22", count: 32), nonce = String(repeating: "33", count: 24)
        let sealed = respond(
            #"{"id":8,"op":"frame-seal","input":{"role":"device","c2s":"\#(keys)","s2c":"\#(keys)","nonce":"\#(nonce)","plaintext":"6869"}}"#
        )
        let frame = sealed["output"]!["frame"]!.stringValue!
        let response = respond(
            #"{"id":9,"op":"session","input":{"role":"core","c2s":"\#(keys)","s2c":"\#(keys)","steps":[{"open":{"frame":"\#(frame)"}},{"open":{"frame":"\#(frame)"}},{"open":{"frame":""}}]}}"#
        )
        XCTAssertEqual(
            response["output"]?["steps"],
            .array([
                .object(["plaintext": .string("6869")]), .object(["error": .string("replayed")]),
                .object(["error": .string("empty_frame")]),
            ])
        )
    }

    // REQ: ADP-1, ADP-4, ADP-7, ADP-11, ADP-13
    func testServeAnswersPipelinedLinesInOrderAndStopsAtShutdown() throws {
        let requests = Pipe(), responses = Pipe()
        let input = #"""
            {"id":1,"op":"hello","input":{"protocol":1}}
            not json
            {"id":2,"op":"teleport","input":{}}\#r
            {"id":3,"op":"hkdf-sha256","input":{"ikm":"","salt":"","info":"","length":1.5}}

            {"id":4,"op":"shutdown","input":{}}
            {"id":5,"op":"hello","input":{"protocol":1}}

            """#
        requests.fileHandleForWriting.write(Data(input.utf8))
        try requests.fileHandleForWriting.close()
        let status = adapter.serve(
            input: requests.fileHandleForReading.fileDescriptor,
            output: responses.fileHandleForWriting.fileDescriptor
        )
        try responses.fileHandleForWriting.close()
        let lines = String(decoding: responses.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(lines.count, 5, "one line per request up to shutdown, none for the blank line or after shutdown")
        XCTAssertEqual(
            lines.dropFirst(),
            [
                #"{"id":null,"ok":false,"error":"bad_request"}"#,
                #"{"id":2,"ok":false,"error":"unsupported"}"#,
                #"{"id":3,"ok":false,"error":"bad_request"}"#,
                #"{"id":4,"ok":true,"output":{}}"#,
            ]
        )
    }

    // REQ: ADP-30, ADP-32
    func testJSONTheAdapterCannotHoldIsBadRequestUnderItsOwnID() throws {
        let requests = Pipe(), responses = Pipe()
        let input = #"""
            {"id":1,"op":"qr-parse","input":{"payload":"openhuman://pair?cid=\ud800","now":0}}
            {"id":2,"op":"qr-parse","input":{"payload":"\udc00\ud800","now":0}}
            {"id":3,"op":"hkdf-sha256","input":{"ikm":"","salt":"","info":"","length":18446744073709551616}}
            {"id":4,"op":"qr-parse","input":{"payload":"\ud83d\ude00","now":0}}
            {"id":5,"op":"hkdf-sha256","input":{"ikm":"","salt":"","info":"","length":9007199254740991}}
            {"id":6,"op":"qr-parse","input":{"payload":"\ud800
            """#
        requests.fileHandleForWriting.write(Data(input.utf8))
        try requests.fileHandleForWriting.close()
        _ = adapter.serve(
            input: requests.fileHandleForReading.fileDescriptor,
            output: responses.fileHandleForWriting.fileDescriptor
        )
        try responses.fileHandleForWriting.close()
        let lines = String(decoding: responses.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines,
            [
                #"{"id":1,"ok":false,"error":"bad_request"}"#,
                #"{"id":2,"ok":false,"error":"bad_request"}"#,
                #"{"id":3,"ok":false,"error":"bad_request"}"#,
                // Positive controls: a paired surrogate is a character, 2^53 - 1 is a length.
                #"{"id":4,"ok":false,"error":"qr_bad_character"}"#,
                #"{"id":5,"ok":false,"error":"hkdf_output_too_long"}"#,
                // A line that is not JSON at all keeps the null id of ADP-11.
                #"{"id":null,"ok":false,"error":"bad_request"}"#,
            ]
        )
    }

    // REQ: ADP-13
    func testEndOfInputEndsServingWithStatusZeroAfterTheLastLine() throws {
        let requests = Pipe(), responses = Pipe()
        requests.fileHandleForWriting.write(Data(#"{"id":1,"op":"hello","input":{"protocol":1}}"#.utf8))
        try requests.fileHandleForWriting.close()
        let status = adapter.serve(
            input: requests.fileHandleForReading.fileDescriptor,
            output: responses.fileHandleForWriting.fileDescriptor
        )
        try responses.fileHandleForWriting.close()
        let text = String(decoding: responses.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(
            text.hasPrefix(#"{"id":1,"ok":true,"output":{"#),
            "the last line, without its line feed, is answered"
        )
    }
}

// MARK: - Running the suite in-process

/// One full run of the vector suite against one adapter, in-process.
struct SuiteRun {
    struct Failure: CustomStringConvertible {
        let id: String
        let message: String
        var description: String { "\(id): \(message)" }
    }

    /// Vectors that ran, requests sent, and the failures in vector order.
    var ran = 0
    var requests = 0
    var failures: [Failure] = []

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let bundle = Result {
        try VectorBundle.load(directory: repositoryRoot.appendingPathComponent("vectors"))
    }

    /// Runs every vector the runner would run by default (slow ones aside), or with `slowOnly`
    /// the slow ones alone. Accumulated vectors with more than `accumulatedCaseLimit` cases are
    /// left out: their cases are the smaller ones' cases and more of the same kind.
    static func run(
        _ adapter: ReferenceAdapter,
        accumulatedCaseLimit: Int64 = .max,
        slowOnly: Bool = false
    ) throws -> SuiteRun {
        var run = SuiteRun()
        var client = InProcessClient(adapter: adapter)
        let hello = try client.hello()
        for vector in try bundle.get().vectors where vector.isSlow == slowOnly {
            guard CasePlanning.decide(vector, hello: hello, includeSlow: slowOnly) == .run else { continue }
            let mismatch: String?
            if vector.operation == "accumulated" {
                guard let cases = vector.input["cases"]?.intValue, cases <= accumulatedCaseLimit else { continue }
                mismatch = try AccumulatedInProcess.mismatch(vector, client: &client)
            } else {
                mismatch = ResponseComparison.mismatch(
                    expected: vector.expected,
                    response: client.ask(vector.operation, vector.input)
                )
            }
            run.ran += 1
            if let mismatch { run.failures.append(Failure(id: vector.id, message: mismatch)) }
        }
        run.requests = client.requests
        return run
    }
}

/// Sends requests straight to `ReferenceAdapter.handle(request:)`.
struct InProcessClient {
    let adapter: ReferenceAdapter
    private(set) var requests = 0

    init(adapter: ReferenceAdapter) { self.adapter = adapter }

    mutating func ask(_ operation: String, _ input: JSONValue) -> AdapterResponse {
        requests += 1
        let response = adapter.handle(
            request: .object(["id": .int(Int64(requests)), "op": .string(operation), "input": input])
        )
        if response["ok"] == .bool(true) { return .ok(response["output"] ?? .null) }
        return .error(response["error"]?.stringValue ?? "")
    }

    /// The adapter's `hello`, as the runner reads it.
    mutating func hello() throws -> AdapterHello {
        guard case .ok(let output) = ask("hello", .object(["protocol": .int(1)])) else {
            throw SuiteError("hello failed")
        }
        return AdapterHello(
            name: output["name"]?.stringValue ?? "",
            version: output["version"]?.stringValue ?? "",
            operations: Set(output["operations"]?.arrayValue?.compactMap(\.stringValue) ?? []),
            policies: (output["policies"]?.objectValue ?? [:]).compactMapValues(\.intValue)
        )
    }
}

/// An `accumulated` vector (spec/kit/01-vectors.md) expanded in-process: one `frame-seal` and one
/// `frame-open` per case, one SHA-256 over all answers, as `conformance` computes it.
enum AccumulatedInProcess {
    static func mismatch(_ vector: Vector, client: inout InProcessClient) throws -> String? {
        guard let seed = vector.input["seed"]?.stringValue, let count = vector.input["cases"]?.intValue,
            let expected = vector.expected["sha256"]?.stringValue
        else { throw SuiteError("\(vector.id) is malformed") }
        var hash = AccumulatedHash()
        for testCase in AccumulatedCases(seed: seed, count: Int(count)) {
            guard case .ok(let output) = client.ask("frame-seal", testCase.sealInput),
                let sealed = output["frame"]?.stringValue.flatMap(Hex.decode)
            else {
                return "frame-seal failed for case \(hash.count)"
            }
            switch client.ask("frame-open", testCase.openInput(sealed: sealed)) {
            case .ok(let opened):
                hash.absorb(
                    sealed: sealed,
                    opened: .plaintext(opened["plaintext"]?.stringValue.flatMap(Hex.decode) ?? [])
                )
            case .error(let code):
                hash.absorb(sealed: sealed, opened: .error(code))
            }
        }
        let actual = hash.finalize()
        return actual == expected ? nil : "accumulated hash \(actual), expected \(expected)"
    }
}

/// The runner's live checks (spec/kit section 4.2), which need an adapter process: they are run
/// through `conformance`'s own driver against `reference-adapter [--mutant NAME]`, built next to
/// this test bundle by `swift build --build-tests` / `swift test`.
enum LiveRun {
    static var executable: URL {
        get throws {
            let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent()
            let candidates = [directory, directory.deletingLastPathComponent()].map {
                $0.appendingPathComponent("reference-adapter")
            }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw SuiteError(
                    "reference-adapter is not built next to the test bundle (\(directory.path)); "
                        + "run swift build --build-tests first"
                )
            }
            return found
        }
    }

    /// The ids of the live checks that fail; throws when one is skipped or the adapter cannot be driven.
    static func failingChecks(_ implementation: AdapterImplementation) throws -> [String] {
        let arguments: [String]
        switch implementation {
        case .reference: arguments = []
        case .composedControl: arguments = ["--composed-control"]
        case .mutant(let mutant): arguments = ["--mutant", mutant.name]
        }
        let command = [try executable.path] + arguments
        let driver: AdapterDriver
        do {
            driver = try AdapterDriver(configuration: AdapterConfiguration(command: command))
        } catch {
            throw SuiteError("cannot start \(command.joined(separator: " ")): \(error.fault.description)")
        }
        defer { driver.shutdown() }
        // A fixed seed: which live checks catch a mutant may depend on the draw, and the table
        // below must come out the same on every run.
        let results = LiveCheckRunner(seed: Array("spec/kit/mutants.md".utf8)).run(
            catalog(for: implementation),
            driver: driver
        )
        if let skipped = results.first(where: { $0.outcome == .skipped }) {
            throw SuiteError("live check \(skipped.id) was skipped: \(skipped.message ?? "")")
        }
        return results.filter { $0.outcome != .passed }.map(\.id)
    }
}

extension LiveRun {
    /// Every live check but the transport checks for the reference and the composed control; for a
    /// mutant, also not the 16 MiB round trip, which repeats the 1 MiB check's comparisons at sixteen times the cost
    /// (about a second per mutant) and changes no catch: an envelope mutant that breaks chunking
    /// breaks it at 1 MiB and in the envelope vectors.
    /// The transport checks of wire spec 15.7 are left out for every implementation: they run
    /// against servers in real time, once, in `TransportLiveCheckTests`.
    static func catalog(for implementation: AdapterImplementation) -> [LiveCheck] {
        let checks = LiveChecks.catalog.filter { !LiveChecks.transportIDs.contains($0.id) }
        guard case .mutant = implementation else { return checks }
        return checks.filter { $0.id != LiveChecks.chunking16MiBID }
    }
}

struct SuiteError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Which vectors and live checks catch which mutant: the content of spec/kit/mutants.md.
struct MutantReport {
    /// Accumulated vectors up to this many cases run against the mutants; larger ones repeat
    /// the same kinds of cases and would multiply the self-check's time.
    static let mutantAccumulatedCaseLimit: Int64 = 100

    struct Row {
        let mutant: Mutant
        let caughtBy: [String]
        let liveChecksFailed: [String]
        var caught: Bool { !caughtBy.isEmpty || !liveChecksFailed.isEmpty }
    }

    let rows: [Row]
    let vectorsRun: Int

    nonisolated(unsafe) private static var cached: Result<MutantReport, Error>?

    static func make() throws -> MutantReport {
        if let cached { return try cached.get() }
        let result = Result { try compute() }
        cached = result
        return try result.get()
    }

    private static func compute() throws -> MutantReport {
        let control = try SuiteRun.run(
            ReferenceAdapter(implementation: .composedControl),
            accumulatedCaseLimit: mutantAccumulatedCaseLimit
        )
        guard control.failures.isEmpty else {
            throw SuiteError(
                "the composed control fails \(control.failures.count) vectors; mutant catches would mean nothing"
            )
        }
        guard try LiveRun.failingChecks(.composedControl).isEmpty else {
            throw SuiteError("the composed control fails live checks; mutant catches would mean nothing")
        }
        let slowControl = try SuiteRun.run(
            ReferenceAdapter(implementation: .composedControl),
            accumulatedCaseLimit: mutantAccumulatedCaseLimit,
            slowOnly: true
        )
        guard slowControl.failures.isEmpty else {
            throw SuiteError(
                "the composed control fails \(slowControl.failures.count) slow vectors; mutant catches would mean nothing"
            )
        }
        let mutants = Mutant.catalog
        let rows = LockedArray<Result<Row, Error>>(count: mutants.count)
        // Mutants are independent: two at a time keeps both cores busy.
        DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
            let mutant = mutants[index]
            rows[index] = Result {
                var run = try SuiteRun.run(
                    ReferenceAdapter(mutant: mutant),
                    accumulatedCaseLimit: mutantAccumulatedCaseLimit
                )
                let live = try LiveRun.failingChecks(.mutant(mutant))
                if run.failures.isEmpty && live.isEmpty {
                    // Only a bound at the top of a range needs a slow vector (RPC-2's 2^20 requests):
                    // those run for the mutants the others miss, not for every mutant.
                    run = try SuiteRun.run(
                        ReferenceAdapter(mutant: mutant),
                        accumulatedCaseLimit: mutantAccumulatedCaseLimit,
                        slowOnly: true
                    )
                }
                return Row(mutant: mutant, caughtBy: run.failures.map(\.id), liveChecksFailed: live)
            }
        }
        return MutantReport(rows: try rows.values.map { try $0!.get() }, vectorsRun: control.ran)
    }

    func markdown() -> String {
        let liveOnly = rows.filter { $0.caughtBy.isEmpty && !$0.liveChecksFailed.isEmpty }.map { "`\($0.mutant.name)`" }
        var lines = [
            "# Mutants: deliberately broken implementations the suite must catch",
            "",
            "Generated by `WRITE_MUTANTS_MD=1 swift test --filter MutantCatchTests` (Tests/MutantsTests/MutantCatchTests.swift);",
            "do not edit by hand. Without the variable, that test fails when this file is stale.",
            "",
            "Each mutant is the reference implementation rebuilt from the library's public primitives",
            "(`Sources/Mutants/`) with one realistic bug switched on. Serve one with",
            "`swift run reference-adapter --mutant NAME` (`conformance` links no mutant);",
            "`reference-adapter --list-mutants` lists them.",
            "",
            "The self-check runs the vectors (slow ones only for a mutant that the others miss; accumulated ones up to \(Self.mutantAccumulatedCaseLimit) cases)",
            "in-process through `ReferenceAdapter.handle(request:)`, judged by the runner's own `CasePlanning` and",
            "`ResponseComparison`, and the runner's live checks through a `reference-adapter` process. Every",
            "mutant must fail at least one vector or live check. The reference and the composed control (the",
            "rebuilt implementation with no bug switched on) must fail none, so every catch below comes from",
            "the mutant's one bug. The transport checks (live/transport/...) take seconds of real time each and",
            "are not run per mutant: `TransportLiveCheckTests` runs them against the reference, and",
            "live/transport/lan-refused-at-once against the composed control and `select-first-settled`.",
            "",
            "Vectors run per implementation: \(vectorsRun). Mutants: \(rows.count); caught by a vector: "
                + "\(rows.filter { !$0.caughtBy.isEmpty }.count); caught by a live check only: \(liveOnly.count)"
                + (liveOnly.isEmpty
                    ? "." : " (\(liveOnly.joined(separator: ", ")): no fixed vector can test fresh randomness)."),
            "",
            "| mutant | what it gets wrong | breaks | caught by (first 5 vectors) | vectors failed | live checks failed |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            let caught =
                row.caughtBy.isEmpty
                ? (row.caught ? "none" : "**none: a gap in the suite**")
                : row.caughtBy.prefix(5).map { "`\($0)`" }.joined(separator: "<br>")
            let live =
                row.liveChecksFailed.isEmpty ? "none" : row.liveChecksFailed.map { "`\($0)`" }.joined(separator: "<br>")
            // A '|' inside a cell (`a || b`) would end the cell.
            let wrong = row.mutant.wrong.replacingOccurrences(of: "|", with: "\\|")
            let breaks = row.mutant.breaks.joined(separator: ", ")
            lines.append(
                "| `\(row.mutant.name)` | \(wrong) | \(breaks) | \(caught) | \(row.caughtBy.count) | \(live) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Slots written from concurrent iterations, each index by one iteration only.
final class LockedArray<Element>: @unchecked Sendable {
    private var storage: [Element?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Element? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Element?] { lock.withLock { storage } }
}
