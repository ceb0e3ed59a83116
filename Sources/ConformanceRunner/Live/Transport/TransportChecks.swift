import VectorFormat

/// The live checks of wire spec section 15.7: the adapter's `transport-select` decides, in real
/// time, for a device whose carriers, core, relay and LAN endpoint are the reference's, running
/// in the transport lab on loopback. Each check puts the servers in a state the deployed manager
/// got wrong or that needs a timer to get right, and then asks what the device did and what the
/// core saw. Every decision is also compared with the reference's as it is made
/// (`SelectionDriver.feed`), so a wrong one fails at the event it answered.
enum TransportChecks {
    /// LAN-7's per-source bucket lets 3 handshakes through at once and one more per 12 s; a flood
    /// of a few seconds lets one more through at most.
    static let floodAllowedThrough: Int64 = 4

    /// Endpoint and relay up: the LAN is in use before its deadline, the relay is closed, and a
    /// request is answered on the LAN.
    static func lanHealthy(_ context: LiveContext) throws(CheckFailure) {
        var driver = try SelectionDriver.lab(context)
        try driver.start()
        try driver.run(
            untilState: "lan",
            within: SelectionDriver.deadline(.lan),
            "the LAN in use within deadline(lan) of the start (SELECT-5, SELECT-8)"
        )
        guard driver.decision.paths["relay"] == "off", try driver.carrier("relay") == "closed" else {
            throw CheckFailure(
                "the LAN is in use but the relay was not closed (SELECT-8); the events so far: \(driver.timeline)"
            )
        }
        try driver.expectAnswered("lan-healthy-1", on: "lan")
    }

    /// Nothing listens at the `rpc` port: the refusal comes first and the attempt goes on; the
    /// relay is used; the LAN is checked again `base` later and, failing, `2 × base` after that.
    /// The deployed race took the refusal as the outcome of the whole connect.
    static func lanRefusedAtOnce(_ context: LiveContext) throws(CheckFailure) {
        var driver = try SelectionDriver.lab(context, lan: "refused")
        try driver.start()
        try driver.run(
            untilState: "relay",
            within: SelectionDriver.deadline(.relay),
            "the relay in use after the LAN's refusal (SELECT-9, SELECT-8)"
        )
        guard let refused = driver.first("error(lan"), let healthy = driver.first("health(relay, ok)"),
            refused < healthy
        else {
            throw CheckFailure(
                "the LAN's refusal did not arrive before the relay was healthy, so this run did not test "
                    + "SELECT-9; the events so far: \(driver.timeline)"
            )
        }
        try driver.expectAnswered("lan-refused-1", on: "relay")
        try driver.run(
            until: { $0.count("timer(check.lan)") >= 2 && $0.count("error(lan") >= 3 },
            within: 3 * SelectionDriver.base + SelectionDriver.slack,
            "two background checks of the refused LAN, base and 2 × base apart (SELECT-17, SELECT-18)"
        )
        let checks = driver.events.filter { $0.name == "timer(check.lan)" }.map(\.at)
        guard checks[1] - checks[0] >= 2 * SelectionDriver.base else {
            throw CheckFailure(
                "the LAN's second background check came \(checks[1] - checks[0]) ms after the first, not at least "
                    + "2 × base (SELECT-2's backoff); the events so far: \(driver.timeline)"
            )
        }
    }

    /// The endpoint holds every message 3,000 ms: the LAN's deadline fires, the relay is used, and
    /// the LAN's background check fails at its deadline too.
    static func lanSlow(_ context: LiveContext) throws(CheckFailure) {
        var driver = try SelectionDriver.lab(context, lan: "slow")
        try driver.start()
        try driver.run(
            untilState: "relay",
            within: SelectionDriver.deadline(.relay) + SelectionDriver.slack,
            "the relay in use while the LAN is slow"
        )
        guard driver.count("timer(deadline.lan)") >= 1, driver.count("health(lan, ok)") == 0 else {
            throw CheckFailure(
                "the slow LAN did not reach its deadline before the relay was used; the events so far: \(driver.timeline)"
            )
        }
        try driver.run(
            until: { $0.count("timer(deadline.lan)") >= 2 },
            within: 2 * SelectionDriver.base + SelectionDriver.deadline(.lan) + SelectionDriver.slack,
            "a background check of the slow LAN ended by its deadline (SELECT-6, SELECT-17)"
        )
        guard driver.decision.state == "relay", driver.count("health(lan, ok)") == 0 else {
            throw CheckFailure("the slow LAN was taken for healthy; the events so far: \(driver.timeline)")
        }
    }

    /// The relay unreachable: the LAN is used; then the endpoint stops too: `offline`, with
    /// retries `base` and then `2 × base` later that find nothing.
    static func relayDown(_ context: LiveContext) throws(CheckFailure) {
        var driver = try SelectionDriver.lab(context, relay: "down")
        try driver.start()
        try driver.run(
            untilState: "lan",
            within: SelectionDriver.deadline(.lan),
            "the LAN in use with the relay down (SELECT-9, SELECT-8)"
        )
        try driver.set("lan", "down")
        try driver.run(
            untilState: "offline",
            within: SelectionDriver.deadline(.relay) + SelectionDriver.slack,
            "offline once the LAN closed with the relay down (SELECT-14, SELECT-11)"
        )
        try driver.run(
            until: { $0.count("timer(retry)") >= 2 && $0.decision.state == "offline" },
            within: 3 * SelectionDriver.base + SelectionDriver.slack,
            "two retries, base and 2 × base after going offline, each back to offline (SELECT-20, SELECT-2)"
        )
        let retries = driver.events.filter { $0.name == "timer(retry)" }.map(\.at)
        guard retries[1] - retries[0] >= 2 * SelectionDriver.base else {
            throw CheckFailure(
                "the second retry came too early (SELECT-2's goOffline); the events so far: \(driver.timeline)"
            )
        }
    }

    /// Both down: `offline`, a request held. The relay comes back: in use at the next retry, the
    /// held request sent there and answered. The endpoint comes back: `promotion` healthy LAN
    /// checks later the LAN is in use; a request running on the relay finishes there (drain),
    /// and every request ran once.
    static func bothDownThenBack(_ context: LiveContext) throws(CheckFailure) {
        var driver = try SelectionDriver.lab(context, lan: "refused", relay: "down")
        try driver.start()
        try driver.run(
            untilState: "offline",
            within: SelectionDriver.deadline(.relay),
            "offline with both paths down (SELECT-11)"
        )
        try driver.request("both-down-held")
        try driver.set("relay", "up")
        try driver.run(
            untilState: "relay",
            within: 2 * SelectionDriver.base + SelectionDriver.deadline(.relay),
            "the relay in use at the retry after it came back (SELECT-20, SELECT-8)"
        )
        try driver.expectAnswered("both-down-held", on: "relay", send: false)
        try driver.request("both-down-running", method: "test.hold")
        try driver.run(
            untilStatus: { $0["dispatched"]?["both-down-running"]?.intValue == 1 },
            within: SelectionDriver.slack,
            "the core running request both-down-running"
        )
        try driver.set("lan", "up")
        try driver.run(
            untilState: "lan",
            within: SelectionDriver.promotionBudget,
            "the LAN in use after promotion healthy checks (SELECT-15, SELECT-16)"
        )
        guard try driver.carrier("relay") == "open" else {
            throw CheckFailure("the relay closed at the promotion with a request running on it (TRANS-7 drain)")
        }
        try driver.lab.call(["op": "release", "requestId": "both-down-running"])
        try driver.expectAnswered("both-down-running", on: "relay", send: false)
        try driver.run(
            untilStatus: { $0["carriers"]?["relay"]?.stringValue == "closed" },
            within: SelectionDriver.slack,
            "the drained relay closed once its last request was answered (TRANS-7)"
        )
        try driver.expectAnswered("both-down-back", on: "lan")
    }

    /// A second client floods the endpoint with 1,000 handshakes from the device's own address:
    /// at most 3 reach the channel, the flood is closed with 4429, the relay's bucket is
    /// untouched, and the device, whose LAN handshake is refused, is in use on the relay.
    static func handshakeFlood(_ context: LiveContext) throws(CheckFailure) {
        var driver = try SelectionDriver.lab(context)
        let flood = try driver.lab.call(["op": "flood", "count": 1_000], seconds: 120)
        let reached = flood["reachedChannel"]?.intValue ?? -1
        let refused = flood["closedRateLimited"]?.intValue ?? 0
        guard (0...floodAllowedThrough).contains(reached), refused >= 1 else {
            throw CheckFailure(
                "of 1,000 flooding handshakes \(reached) reached the channel and \(refused) connections were closed with "
                    + "4429; LAN-7 lets at most \(floodAllowedThrough) through and closes the rest",
                actual: flood
            )
        }
        guard try driver.status()["relayBucketTouched"] == .bool(false) else {
            throw CheckFailure("the LAN flood took tokens of the channel's relay bucket (LAN-8)")
        }
        try driver.start()
        try driver.run(
            untilState: "relay",
            within: SelectionDriver.deadline(.relay),
            "the relay in use while the LAN refuses the device's handshake"
        )
        let closeCode = try driver.status()["lanCloseCode"]?.intValue
        guard driver.count("closed(lan)") >= 1, closeCode == 4429 else {
            throw CheckFailure(
                "the device's LAN handshake was not refused with 4429 during the flood (its LAN closed with "
                    + "\(closeCode.map(String.init) ?? "no code")), so the relay was not tested; the events so far: "
                    + driver.timeline
            )
        }
        try driver.expectAnswered("flood-1", on: "relay")
    }

    /// The end-to-end story with the selection deciding: a request runs on the LAN, the LAN is
    /// lost, the selection moves to the relay and resends it, the core runs it once and answers
    /// on the relay, and the LAN comes back by promotion.
    static func lanLostMidRequest(_ context: LiveContext) throws(CheckFailure) {
        var driver = try SelectionDriver.lab(context)
        try driver.start()
        try driver.run(untilState: "lan", within: SelectionDriver.deadline(.lan), "the LAN in use (SELECT-8)")
        try driver.request("lost-running", method: "test.hold")
        try driver.run(
            untilStatus: { $0["dispatched"]?["lost-running"]?.intValue == 1 },
            within: SelectionDriver.slack,
            "the core running request lost-running"
        )
        try driver.set("lan", "down")
        try driver.run(
            untilState: "relay",
            within: SelectionDriver.deadline(.relay) + SelectionDriver.slack,
            "the relay in use after the LAN was lost (SELECT-14, SELECT-8)"
        )
        try driver.run(
            untilStatus: { $0["requests"]?["lost-running"]?["sentOn"] == ["lan", "relay"] },
            within: SelectionDriver.slack,
            "request lost-running resent on the relay (resend(relay), TRANS-7)"
        )
        try driver.expectDispatchedOnce("lost-running")
        try driver.lab.call(["op": "release", "requestId": "lost-running"])
        try driver.expectAnswered("lost-running", on: "relay", send: false)
        try driver.set("lan", "up")
        try driver.run(
            untilState: "lan",
            within: SelectionDriver.promotionBudget,
            "the LAN back in use by promotion (SELECT-15, SELECT-16)"
        )
        try driver.expectAnswered("lost-back", on: "lan")
    }
}
