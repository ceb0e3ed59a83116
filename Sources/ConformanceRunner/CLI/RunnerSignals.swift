import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP end the runner with status 128 + the signal's number, and end
/// every adapter process group first (ADP-22): adapters run in groups of their own, outside the
/// terminal's foreground group, so nothing else would stop a hung adapter when the runner goes.
///
/// The signals are received on a dispatch queue (not in an async-signal handler), so ending the
/// groups may take a lock and sleep through the grace period while the main thread is blocked in
/// `poll`. No report is written: the run was cut short by its user or its supervisor.
public enum RunnerSignals {
    public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; call once, from the runner's `main`.
    public static func install() {
        let queue = DispatchQueue(label: "conformance.signals")
        for signalNumber in handled {
            // The default action must not run: the dispatch source alone handles the signal.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                ProcessGroups.shared.endAll(grace: AdapterProcess.terminationGrace) { groups in
                    let message =
                        "conformance: stopped by \(AdapterFault.signalName(signalNumber)); ended \(groups) "
                        + "adapter process group\(groups == 1 ? "" : "s"); exit status \(128 + signalNumber)\n"
                    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
                    _exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
