/// Drives one adapter implementation across restarts: pipelines requests, turns every way an
/// adapter can misbehave into a per-request incident, restarts it, and goes on.
///
/// Pipelining: up to `window` requests are in flight; responses must come back in request order
/// (ADP-5), so the head of the queue is always the one awaited. Its timeout runs from the later of
/// its sending and the previous response, so a slow-but-working adapter is never blamed for the
/// queue in front of a request.
///
/// Recovery: when the head request meets a fault (crash, hang, garbage, wrong id, oversized line,
/// early exit), only that request fails. The process is killed, a new one is started and greeted,
/// and the requests that were in flight behind the head are sent again.
public final class AdapterDriver {
    public let configuration: AdapterConfiguration
    /// The first `hello` answer; restarts must not change what the run is judged against.
    public let hello: AdapterHello
    /// Set once a restart failed: every later request fails with this incident.
    public private(set) var unavailable: AdapterIncident?
    /// How many times the adapter was restarted after a fault.
    public private(set) var restarts = 0
    private var session: AdapterSession?

    /// Starts the adapter; throws when it cannot be started or its `hello` fails.
    public init(configuration: AdapterConfiguration) throws(AdapterIncident) {
        self.configuration = configuration
        let session = try AdapterSession(configuration: configuration)
        self.session = session
        self.hello = session.hello
    }

    deinit {
        session?.process.terminate()
    }

    /// What the request builder of `exchange(count:next:result:)` answers for the next index.
    public enum Next {
        /// Send this request.
        case send(AdapterRequest)
        /// The request depends on an answer not received yet: read the oldest answer first.
        case wait
        /// Send nothing more; the answers already in flight are still read and handed over.
        case stop
    }

    /// Sends `count` requests, `request(i)` built lazily, and hands each result to `result` in
    /// order. Every index gets exactly one result.
    public func exchange(
        count: Int,
        request: (Int) -> AdapterRequest,
        result: (Int, Result<AdapterResponse, AdapterIncident>) -> Void
    ) {
        exchange(count: count, next: { .send(request($0)) }, result: result)
    }

    /// Sends up to `count` requests, pipelined, where a request may depend on answers to earlier
    /// ones: `next(i)` is asked only when index `i` can go out, and may answer `.wait` until the
    /// answers it needs have been handed to `result`, or `.stop`. Results come in index order.
    /// A request may be asked for again after a fault restarted the adapter, so `next` must give
    /// the same request for the same index. After `.stop`, a fault ends the exchange.
    public func exchange(
        count: Int,
        next: (Int) -> Next,
        result: (Int, Result<AdapterResponse, AdapterIncident>) -> Void
    ) {
        var head = 0
        var nextToSend = 0
        var stopped = false
        // Ids of the requests in flight, oldest at `inFlightStart`.
        var inFlight: [Int64] = []
        // Each one's timeout: the run's, or a longer one of the request's own (VEC-21).
        var inFlightTimeouts: [Int] = []
        var inFlightStart = 0
        var lastProgress = Monotonic.now()
        let runDeadline = configuration.runDeadline
        while head < nextToSend || (!stopped && nextToSend < count) {
            if unavailable == nil, let seconds = configuration.deadlineSeconds, Monotonic.now() >= runDeadline {
                stop(because: AdapterIncident(fault: .deadlineReached(seconds: seconds)))
            }
            let restartsBefore = restarts
            guard let session = liveSession() else {
                let incident = unavailable ?? AdapterIncident(fault: .unavailable(reason: "not started"))
                for index in head..<(stopped ? nextToSend : count) { result(index, .failure(incident)) }
                return
            }
            // A restarted adapter's first request gets a whole timeout of its own.
            if restarts != restartsBefore { lastProgress = Monotonic.now() }
            fill: while !stopped, nextToSend < count, nextToSend - head < configuration.window {
                switch next(nextToSend) {
                case .send(let request):
                    inFlight.append(session.send(request))
                    inFlightTimeouts.append(
                        max(request.timeoutMilliseconds ?? 0, configuration.timeoutMilliseconds)
                    )
                    nextToSend += 1
                case .wait:
                    break fill
                case .stop:
                    stopped = true
                }
            }
            guard head < nextToSend else {
                if !stopped {
                    // `.wait` with nothing in flight: the answer it waits for was never asked for.
                    result(
                        nextToSend,
                        .failure(
                            AdapterIncident(
                                fault: .unavailable(
                                    reason: "request \(nextToSend) waits for an answer that was never requested"
                                )
                            )
                        )
                    )
                }
                return
            }
            let timeoutMilliseconds = inFlightTimeouts[inFlightStart]
            var response = session.receive(
                expectedID: inFlight[inFlightStart],
                deadline: min(lastProgress + Monotonic.milliseconds(timeoutMilliseconds), runDeadline),
                timeoutMilliseconds: timeoutMilliseconds,
                othersInFlight: nextToSend - head - 1
            )
            response = judgeProgress(response)
            inFlightStart += 1
            lastProgress = Monotonic.now()
            result(head, response)
            head += 1
            if case .failure = response {
                // The stream is out of step: restart and resend what was queued behind the head.
                self.session = nil
                nextToSend = head
                inFlight.removeAll(keepingCapacity: true)
                inFlightTimeouts.removeAll(keepingCapacity: true)
                inFlightStart = 0
            } else if inFlightStart >= configuration.window {
                inFlight.removeFirst(inFlightStart)
                inFlightTimeouts.removeFirst(inFlightStart)
                inFlightStart = 0
            }
        }
    }

    /// Timeouts in a row so far; any answer resets it.
    private var consecutiveTimeouts = 0

    /// Watches for a stuck adapter and the run's deadline (ADP-23) after each awaited answer. A
    /// wait cut short by the deadline is reported as the deadline, not as the adapter's timeout.
    private func judgeProgress(
        _ response: Result<AdapterResponse, AdapterIncident>
    ) -> Result<AdapterResponse, AdapterIncident> {
        guard case .failure(let incident) = response, case .timedOut = incident.fault else {
            consecutiveTimeouts = 0
            return response
        }
        if let seconds = configuration.deadlineSeconds, Monotonic.now() >= configuration.runDeadline {
            let reached = AdapterIncident(fault: .deadlineReached(seconds: seconds), stderrTail: incident.stderrTail)
            stop(because: reached)
            return .failure(reached)
        }
        consecutiveTimeouts += 1
        if consecutiveTimeouts >= configuration.stuckAfterTimeouts {
            stop(
                because: AdapterIncident(
                    fault: .stuck(count: consecutiveTimeouts, milliseconds: configuration.timeoutMilliseconds),
                    stderrTail: incident.stderrTail
                )
            )
        }
        return response
    }

    /// Ends the adapter for good: every later request fails with `incident`.
    private func stop(because incident: AdapterIncident) {
        guard unavailable == nil else { return }
        unavailable = incident
        session?.process.terminate()
        session = nil
    }

    /// One request, waited for.
    public func call(_ request: AdapterRequest) -> Result<AdapterResponse, AdapterIncident> {
        var outcome: Result<AdapterResponse, AdapterIncident> = .failure(
            AdapterIncident(fault: .unavailable(reason: "not sent"))
        )
        exchange(count: 1, request: { _ in request }, result: { _, r in outcome = r })
        return outcome
    }

    /// Several requests, pipelined, results in order.
    public func call(_ requests: [AdapterRequest]) -> [Result<AdapterResponse, AdapterIncident>] {
        var outcomes: [Result<AdapterResponse, AdapterIncident>] = []
        outcomes.reserveCapacity(requests.count)
        exchange(count: requests.count, request: { requests[$0] }, result: { _, r in outcomes.append(r) })
        return outcomes
    }

    /// Ends the adapter: `shutdown`, end of input, then a kill if it lingers.
    public func shutdown() {
        session?.shutdown(timeoutMilliseconds: configuration.timeoutMilliseconds)
        session = nil
    }

    /// The current session, restarting the adapter after a fault; nil once a restart failed.
    private func liveSession() -> AdapterSession? {
        if let session { return session }
        guard unavailable == nil else { return nil }
        do {
            session = try AdapterSession(configuration: configuration)
            restarts += 1
            return session
        } catch {
            var reason = error.fault.description
            if case .unavailable(let detail) = error.fault { reason = detail }
            unavailable = AdapterIncident(
                fault: .unavailable(reason: "restart failed: " + reason),
                stderrTail: error.stderrTail
            )
            return nil
        }
    }
}
