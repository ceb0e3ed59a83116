/// One started adapter process that has answered `hello`.
final class AdapterSession {
    let process: AdapterProcess
    let hello: AdapterHello
    private var nextID: Int64 = 1

    /// Starts the adapter and performs the `hello` exchange (ADP-6); any problem is `.unavailable`.
    init(configuration: AdapterConfiguration) throws(AdapterIncident) {
        let process: AdapterProcess
        do {
            process = try AdapterProcess(command: configuration.command,
                                         maximumLineLength: configuration.maximumLineLength,
                                         stderrLines: configuration.stderrLines)
        } catch {
            throw AdapterIncident(fault: .unavailable(reason: error.description))
        }
        self.process = process
        let id = nextID
        nextID += 1
        process.send(AdapterHello.request.line(id: id))
        let deadline = Monotonic.now() + Monotonic.milliseconds(configuration.timeoutMilliseconds)
        let response = AdapterSession.receive(from: process, expectedID: id, deadline: deadline,
                                              timeoutMilliseconds: configuration.timeoutMilliseconds)
        let reason: String
        switch response {
        case .success(.ok(let output)):
            do {
                self.hello = try AdapterHello.parse(output)
                return
            } catch {
                reason = error.description
            }
        case .success(.error(let code)):
            reason = "hello answered with error \"\(code)\""
        case .failure(let incident):
            reason = "hello failed: " + incident.fault.description
        }
        process.terminate()
        throw AdapterIncident(fault: .unavailable(reason: reason), stderrTail: process.stderrTail.snapshot)
    }

    /// Queues a request and returns its id.
    func send(_ request: AdapterRequest) -> Int64 {
        let id = nextID
        nextID += 1
        process.send(request.line(id: id))
        return id
    }

    /// Waits for the response to `expectedID`, which must be the next line on stdout.
    func receive(expectedID: Int64, deadline: UInt64, timeoutMilliseconds: Int) -> Result<AdapterResponse, AdapterIncident> {
        Self.receive(from: process, expectedID: expectedID, deadline: deadline, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Ends the session politely (ADP-10): `shutdown`, end of stdin, a short wait, then a kill.
    func shutdown(timeoutMilliseconds: Int) {
        let id = send(AdapterRequest(operation: "shutdown", input: .object([:])))
        _ = receive(expectedID: id, deadline: Monotonic.now() + Monotonic.milliseconds(timeoutMilliseconds),
                    timeoutMilliseconds: timeoutMilliseconds)
        process.closeInput()
        _ = process.drainUntilEndOfOutput(deadline: Monotonic.now() + Monotonic.milliseconds(min(timeoutMilliseconds, 1_000)))
        _ = process.exitStatus(grace: Monotonic.milliseconds(200))
        process.terminate()
    }

    private static func receive(from process: AdapterProcess, expectedID: Int64, deadline: UInt64,
                                timeoutMilliseconds: Int) -> Result<AdapterResponse, AdapterIncident> {
        let fault: AdapterFault
        switch process.nextLine(deadline: deadline) {
        case .line(let line):
            switch ResponseDecoder.decode(line, expectedID: expectedID) {
            case .success(let response): return .success(response)
            case .failure(let decodingFault): fault = decodingFault
            }
        case .timedOut:
            fault = .timedOut(milliseconds: timeoutMilliseconds)
        case .oversized:
            fault = .oversizedLine(limit: process.maximumLineLength)
        case .endOfOutput:
            // Give the process a moment to finish exiting so a crash is told apart from an exit.
            switch process.exitStatus(grace: Monotonic.milliseconds(500)) {
            case .signalled(let signal)?: fault = .crashed(signal: signal)
            case .exited(let status)?: fault = .exited(status: status)
            case nil: fault = .closedOutput
            }
        }
        // The stream can no longer be trusted: end the process, then collect what it said last.
        process.terminate()
        return .failure(AdapterIncident(fault: fault, stderrTail: process.stderrTail.snapshot))
    }
}
