/// One started adapter process that has answered `hello`.
final class AdapterSession {
    let process: AdapterProcess
    let hello: AdapterHello
    private var nextID: Int64 = 1
    /// The stderr lines that had arrived before the previous answer was read: the lines after
    /// them are the ones that can be tied to the request awaited now (ADP-26).
    private var answeredMark = 0

    /// Starts the adapter and performs the `hello` exchange (ADP-6); any problem is `.unavailable`.
    init(configuration: AdapterConfiguration) throws(AdapterIncident) {
        if let name = configuration.command.first, let problem = ExecutableCheck.problem(with: name) {
            throw AdapterIncident(fault: .unavailable(reason: problem))
        }
        let process: AdapterProcess
        do {
            process = try AdapterProcess(
                command: configuration.command,
                maximumLineLength: configuration.maximumLineLength,
                stderrLines: configuration.stderrLines,
                environment: configuration.environment
            )
        } catch {
            throw AdapterIncident(fault: .unavailable(reason: error.description))
        }
        self.process = process
        let id = nextID
        nextID += 1
        process.send(AdapterHello.request.line(id: id))
        let deadline = Monotonic.now() + Monotonic.milliseconds(configuration.timeoutMilliseconds)
        let response = AdapterSession.receive(
            from: process,
            expectedID: id,
            deadline: deadline,
            timeoutMilliseconds: configuration.timeoutMilliseconds
        )
        let reason: String
        switch response {
        case .success(.ok(let output)):
            do {
                self.hello = try AdapterHello.parse(output)
                answeredMark = process.stderrMarkOfLastLine
                return
            } catch {
                reason = error.description
            }
        case .success(.error(let code)):
            reason = "hello answered with error \"\(code)\""
        case .failure(let incident):
            reason =
                "hello failed: " + incident.fault.description
                + (incident.fault.kind == "timeout" ? Self.flushHint : "")
        }
        process.terminate()
        throw AdapterIncident(fault: .unavailable(reason: reason), stderrTail: process.stderrTail.snapshot)
    }

    /// A silent `hello` is nearly always an answer sitting in the adapter's stdout buffer.
    static let flushHint =
        "; if the adapter did answer, its stdout is probably buffered: it must flush "
        + "after every response line (ADP-4; kit section 2.7, spec/kit/02-adapter-protocol.md, shows how in each language)"

    /// Queues a request and returns its id.
    func send(_ request: AdapterRequest) -> Int64 {
        let id = nextID
        nextID += 1
        process.send(request.line(id: id))
        return id
    }

    /// Waits for the response to `expectedID`, which must be the next line on stdout.
    /// `othersInFlight` is how many later requests were sent and not answered: on a fault, the
    /// quoted stderr says whether its lines can be tied to this request alone (ADP-26).
    func receive(
        expectedID: Int64,
        deadline: UInt64,
        timeoutMilliseconds: Int,
        othersInFlight: Int = 0
    ) -> Result<AdapterResponse, AdapterIncident> {
        var response = Self.receive(
            from: process,
            expectedID: expectedID,
            deadline: deadline,
            timeoutMilliseconds: timeoutMilliseconds
        )
        if case .failure(var incident) = response {
            let (lines, total) = process.stderrTail.lines(after: answeredMark)
            if total > 0 {
                incident.stderrTail = lines
                incident.stderrNote = Self.stderrNote(shown: lines.count, total: total, othersInFlight: othersInFlight)
            } else if !incident.stderrTail.isEmpty {
                incident.stderrNote =
                    "the adapter wrote nothing to stderr after its previous answer was read; its last lines "
                    + "before that, which may belong to earlier requests"
            }
            response = .failure(incident)
        } else {
            answeredMark = process.stderrMarkOfLastLine
        }
        return response
    }

    /// What the quoted stderr lines are, honestly: lines are told apart only by when they
    /// arrived, and with requests pipelined a line may come from any request in flight.
    static func stderrNote(shown: Int, total: Int, othersInFlight: Int) -> String {
        let count = total <= shown ? "\(total) line\(total == 1 ? "" : "s")" : "the last \(shown) of \(total) lines"
        guard othersInFlight > 0 else {
            return "adapter stderr after its previous answer, while this request was the only one in flight (\(count))"
        }
        return "adapter stderr after its previous answer (\(count)); \(othersInFlight) later "
            + "request\(othersInFlight == 1 ? " was" : "s were") in flight too, so some lines may be theirs "
            + "(--max-in-flight 1 ties every line to its request)"
    }

    /// Ends the session politely (ADP-10): `shutdown`, end of stdin, a short wait, then a kill.
    func shutdown(timeoutMilliseconds: Int) {
        let id = send(AdapterRequest(operation: "shutdown", input: .object([:])))
        _ = receive(
            expectedID: id,
            deadline: Monotonic.now() + Monotonic.milliseconds(timeoutMilliseconds),
            timeoutMilliseconds: timeoutMilliseconds
        )
        process.closeInput()
        _ = process.drainUntilEndOfOutput(
            deadline: Monotonic.now() + Monotonic.milliseconds(min(timeoutMilliseconds, 1_000))
        )
        _ = process.exitStatus(grace: Monotonic.milliseconds(200))
        process.terminate()
    }

    private static func receive(
        from process: AdapterProcess,
        expectedID: Int64,
        deadline: UInt64,
        timeoutMilliseconds: Int
    ) -> Result<AdapterResponse, AdapterIncident> {
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
