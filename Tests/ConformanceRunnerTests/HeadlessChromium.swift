import Foundation
import XCTest

/// Debian's `chromium`, driven headless by the tests that load HTML the kit produces (the runner's
/// HTML report, the rendered spec). Under `tools/test` (`CONFORMANCE_REQUIRE_CHROMIUM=1`) a
/// missing browser fails the test instead of skipping it, so the suite cannot pass unchecked.
enum HeadlessChromium {
    struct Run {
        var status: Int32
        var stdout: String
        /// stdout and stderr, for messages.
        var output: String
        var stderr: String
    }

    /// The browser's path; throws XCTSkip without one, unless the environment requires it (then
    /// the test is failed and nil returned).
    static func executable() throws -> String? {
        if let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(
            where: FileManager.default.isExecutableFile
        ) {
            return found
        }
        try requireOrSkip("chromium is not installed (Debian's `chromium`)")
        return nil
    }

    /// Fails the test when `tools/test` requires every browser test to run, else skips it.
    static func requireOrSkip(_ what: String) throws {
        if ProcessInfo.processInfo.environment["CONFORMANCE_REQUIRE_CHROMIUM"] == "1" {
            XCTFail("\(what), and tools/test requires it: run tools/install-deps")
            return
        }
        throw XCTSkip("\(what); run tools/install-deps")
    }

    /// The options every run uses: headless, a throw-away profile, console messages on stderr.
    static func commonArguments(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--enable-logging=stderr",
            "--v=0",
        ]
    }

    /// Runs a program with a 120-second bound (a hung browser fails the test rather than the
    /// suite), both pipes drained on threads of their own so the bound holds.
    static func run(_ executable: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let out = Box(), errors = Box()
        let readers = [
            Thread { out.data = stdout.fileHandleForReading.readDataToEndOfFile() },
            Thread { errors.data = stderr.fileHandleForReading.readDataToEndOfFile() },
        ]
        readers.forEach { $0.start() }
        if finished.wait(timeout: .now() + 120) == .timedOut {
            process.terminate()
            XCTFail("\(executable) did not finish within 120 s")
            process.waitUntilExit()
        }
        while readers.contains(where: { !$0.isFinished }) { Thread.sleep(forTimeInterval: 0.01) }
        let text = String(decoding: out.data, as: UTF8.self)
        let errorText = String(decoding: errors.data, as: UTF8.self)
        return Run(
            status: process.terminationStatus,
            stdout: text,
            output: text + "\n--- stderr ---\n" + errorText,
            stderr: errorText
        )
    }
}
