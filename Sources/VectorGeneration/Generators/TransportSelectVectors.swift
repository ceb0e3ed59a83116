import OpenHumanTunnel
import VectorFormat

/// `vectors/transport-select.json`: the phone's choice of a path (spec/15-transports.md 15.5),
/// one sequence of timed events per vector, each timer fired at the due time the answer before it
/// listed. Every transition of SELECT-3 to SELECT-27 is taken by at least one vector, beside the
/// deployed race's case (15.5.5).
enum TransportSelectVectors {
    private typealias Script = TransportSelectScript
    private typealias T = TransportSelectionTimer

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "transport-select",
            description:
                "The phone's selection of a path (transport-select): the race won by the first healthy path, "
                + "background checks with their backoff, promotion back to the LAN, the cloud only when opted in, "
                + "keepalive, idle timeout, and events the selection must ignore.",
            flags: [
                "Race": Flag(
                    description: "An attempt over several paths: which wins, and when the attempt ends.",
                    bug: "The first outcome to settle ends the attempt (the deployed race), or a later path is kept."
                ),
                "Background": Flag(
                    description: "Checks of a preferred path while another is in use: their delays and the promotion.",
                    bug: "No backoff, no cap, a promotion without hysteresis, or a streak that survives a failure."
                ),
                "Cloud": Flag(
                    description: "The cloud path: only when opted in, and left at the first healthy tunnel path.",
                    bug: "The cloud used without the user's opt-in, or kept while the tunnel is back."
                ),
                "Lifecycle": Flag(
                    description: "Keepalive, network changes, offline retries and the idle timeout.",
                    bug: "A lost path unnoticed, retries that never slow down or never reset, carriers never closed."
                ),
                "Ignored": Flag(
                    description: "Events the selection must not act on: late, for a path it gave up, or not due.",
                    bug: "A late report switches paths, or a timer fires twice."
                ),
            ]
        )
        try addRaces(&file)
        try addBackground(&file)
        try addCloud(&file)
        try addLifecycle(&file)
        try addIgnored(&file)
        return try file.build()
    }

    private static func add(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        flag: String,
        _ script: Script
    ) throws {
        try file.add(
            name,
            operation: "transport-select",
            requirements: ["ADP-134", "SELECT-1", "SELECT-2"] + requirements,
            comment: comment,
            flags: [flag],
            input: script.input,
            expect: .valid
        )
    }

    /// The relay in use after the LAN was refused: the start of several vectors.
    private static func relayInUse(lan: Bool = true, cloudOptIn: Bool = false) throws -> Script {
        var s = Script(lan: lan, cloudOptIn: cloudOptIn)
        s.at(0, .start)
        if lan { s.at(3, .error(.lan, code: "refused")) }
        s.at(180, .connected(.relay))
        s.at(420, .health(.relay, ok: true))
        try s.expect(.relay, actions: ["use(relay)", "resend(relay)"])
        return s
    }

    /// The LAN in use, won at the start.
    private static func lanInUse(cloudOptIn: Bool = false) throws -> Script {
        var s = Script(cloudOptIn: cloudOptIn)
        s.at(0, .start)
        s.at(5, .connected(.lan))
        s.at(12, .health(.lan, ok: true))
        try s.expect(.lan, actions: ["close(relay)", "use(lan)", "resend(lan)"])
        return s
    }

    // MARK: - Races

    private static func addRaces(_ file: inout VectorFileBuilder) throws {
        try add(
            &file,
            "lan-refused-at-once",
            ["SELECT-3", "SELECT-4", "SELECT-5", "SELECT-6", "SELECT-8", "SELECT-9"],
            "15.5.5: the LAN's refusal arrives first and does not end the attempt; the relay, healthy at 420 ms, is "
                + "used and the LAN is checked again 10 s later. The deployed race fails here.",
            flag: "Race",
            try relayInUse()
        )
        try add(
            &file,
            "lan-healthy-first",
            ["SELECT-3", "SELECT-4", "SELECT-5", "SELECT-8"],
            "Both paths are tried; the LAN answers first and is used, and the relay, less preferred, is closed.",
            flag: "Race",
            try lanInUse()
        )
        var slowLan = Script()
        slowLan.at(0, .start)
        slowLan.at(10, .connected(.lan))
        slowLan.at(150, .connected(.relay))
        slowLan.at(300, .health(.relay, ok: true))
        try slowLan.expect(.relay, actions: ["use(relay)", "resend(relay)"])
        try slowLan.fire(.deadlineLan)
        try slowLan.expect(.relay, actions: ["close(lan)"])
        try add(
            &file,
            "relay-first-lan-in-flight",
            ["SELECT-6", "SELECT-8", "SELECT-17"],
            "The relay is healthy while the LAN, more preferred, is still in flight: the relay is used and the LAN "
                + "stays in flight; its deadline at 2,000 ms counts as a failed background check.",
            flag: "Race",
            slowLan
        )
        var bothFail = Script()
        bothFail.at(0, .start)
        bothFail.at(2, .error(.lan, code: "refused"))
        bothFail.at(40, .connected(.relay))
        try bothFail.fire(.deadlineRelay)
        try bothFail.expect(.offline, actions: ["close(relay)"])
        try bothFail.fire(.retry)
        try bothFail.expect(.racing, actions: ["connect(lan)", "connect(relay)"])
        bothFail.after(1, .error(.relay, code: "refused"))
        bothFail.after(1, .error(.lan, code: "refused"))
        try bothFail.expect(.offline)
        try add(
            &file,
            "both-fail-offline-and-retry",
            ["SELECT-9", "SELECT-11", "SELECT-20"],
            "Both paths fail, the relay at its 10 s deadline: offline, retried after 10 s; both fail again: the "
                + "next retry is 20 s later.",
            flag: "Race",
            bothFail
        )
        var noLan = Script(lan: false)
        noLan.at(0, .start)
        try noLan.expect(.racing, actions: ["connect(relay)"])
        noLan.at(5, .connected(.lan))
        noLan.at(6, .error(.lan, code: "refused"))
        noLan.at(50, .connected(.relay))
        noLan.at(90, .health(.relay, ok: true))
        try noLan.expect(.relay, actions: ["use(relay)", "resend(relay)"])
        try add(
            &file,
            "no-lan-path",
            ["SELECT-3", "SELECT-7", "SELECT-8"],
            "A pairing without rpc has no LAN path: only the relay is tried, LAN events change nothing, and no LAN "
                + "check is armed.",
            flag: "Race",
            noLan
        )
    }

    // MARK: - Background checks and promotion

    private static func addBackground(_ file: inout VectorFileBuilder) throws {
        var promote = try relayInUse()
        for round in 1...3 {
            try promote.fire(.checkLan)
            if round == 1 { promote.after(4, .connected(.lan)) }
            promote.after(6, .health(.lan, ok: true))
        }
        try promote.expect(.lan, actions: ["drain(relay)", "use(lan)"])
        try add(
            &file,
            "promotion-after-three-checks",
            ["SELECT-15", "SELECT-16", "SELECT-18"],
            "With the relay in use, three healthy LAN checks in a row, 10 s apart, move the device to the LAN; the "
                + "relay drains (its requests finish there) and nothing is resent.",
            flag: "Background",
            promote
        )
        var broken = try relayInUse()
        try broken.fire(.checkLan)
        broken.after(4, .connected(.lan))
        broken.after(6, .health(.lan, ok: true))
        try broken.fire(.checkLan)
        broken.after(6, .health(.lan, ok: true))
        try broken.fire(.checkLan)
        broken.after(7, .closed(.lan))
        try broken.expect(.relay, actions: ["close(lan)"])
        for _ in 1...3 {
            try broken.fire(.checkLan)
            broken.after(4, .connected(.lan))
            broken.after(6, .health(.lan, ok: true))
        }
        try broken.expect(.lan, actions: ["drain(relay)", "use(lan)"])
        try add(
            &file,
            "failed-check-resets-streak",
            ["SELECT-15", "SELECT-16", "SELECT-17"],
            "Two healthy LAN checks, then a failure: the count starts again, the next check 10 s later (the healthy "
                + "checks reset the delay), and only three new healthy checks in a row promote.",
            flag: "Background",
            broken
        )
        var backoff = try relayInUse()
        var delays: [Int64] = []
        for _ in 1...7 {
            let due = try backoff.due(.checkLan)
            delays.append(due - backoff.now)
            try backoff.fire(.checkLan)
            backoff.after(3, .error(.lan, code: "refused"))
        }
        guard delays == [10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000] else {
            throw GenerationError("backoff delays \(delays)")
        }
        try add(
            &file,
            "backoff-doubles-to-cap",
            ["SELECT-17", "SELECT-18"],
            "A LAN refused at every check is checked again after 10, 20, 40, 80, 160 s, then every 300 s.",
            flag: "Background",
            backoff
        )
        var recovered = try relayInUse()
        for _ in 1...3 {
            try recovered.fire(.checkLan)
            recovered.after(3, .error(.lan, code: "refused"))
        }
        try recovered.fire(.checkLan)
        recovered.after(4, .connected(.lan))
        recovered.after(6, .health(.lan, ok: true))
        try recovered.expect(.relay)
        try recovered.fire(.checkLan)
        recovered.after(5, .closed(.lan))
        guard try recovered.due(.checkLan) - recovered.now == 10_000 else {
            throw GenerationError("a healthy check must reset the delay")
        }
        try add(
            &file,
            "healthy-check-resets-delay",
            ["SELECT-5", "SELECT-15"],
            "After three failed checks the next delay is 80 s; a healthy check sets it back, so the next failure "
                + "is checked again after 10 s.",
            flag: "Background",
            recovered
        )
    }

    // MARK: - The cloud

    private static func addCloud(_ file: inout VectorFileBuilder) throws {
        var cloud = Script(cloudOptIn: true)
        cloud.at(0, .start)
        cloud.at(2, .error(.lan, code: "refused"))
        cloud.at(30, .error(.relay, code: "connect_failed"))
        try cloud.expect(.racing, actions: ["close(relay)", "probe(cloud)"])
        cloud.after(200, .health(.cloud, ok: true))
        try cloud.expect(.cloud, actions: ["use(cloud)", "resend(cloud)"])
        try cloud.fire(.checkRelay)
        cloud.after(100, .connected(.relay))
        cloud.after(100, .health(.relay, ok: true))
        try cloud.expect(.relay, actions: ["use(relay)", "resend(relay)"])
        try add(
            &file,
            "cloud-after-tunnel-fails-when-opted-in",
            ["SELECT-10", "SELECT-8", "SELECT-18", "SELECT-19", "CLOUD-2"],
            "Opted in: when both tunnel paths failed the cloud is probed and used; the first healthy tunnel check "
                + "takes over at once, and the LAN's check stays armed.",
            flag: "Cloud",
            cloud
        )
        var toLan = Script(cloudOptIn: true)
        toLan.at(0, .start)
        toLan.at(2, .error(.lan, code: "refused"))
        toLan.at(30, .error(.relay, code: "connect_failed"))
        toLan.after(200, .health(.cloud, ok: true))
        try toLan.fire(.checkLan)
        toLan.after(5, .connected(.lan))
        toLan.after(5, .health(.lan, ok: true))
        try toLan.expect(.lan, actions: ["use(lan)", "resend(lan)"])
        try add(
            &file,
            "cloud-left-for-lan",
            ["SELECT-19"],
            "From the cloud, a healthy LAN check is used at once and the relay's check is disarmed.",
            flag: "Cloud",
            toLan
        )
        var notOptedIn = Script()
        notOptedIn.at(0, .start)
        notOptedIn.at(2, .error(.lan, code: "refused"))
        notOptedIn.at(30, .error(.relay, code: "connect_failed"))
        try notOptedIn.expect(.offline, actions: ["close(relay)"])
        notOptedIn.after(1_000, .optIn)
        try notOptedIn.expect(.racing, actions: ["probe(cloud)"])
        notOptedIn.after(300, .health(.cloud, ok: true))
        try notOptedIn.expect(.cloud)
        try add(
            &file,
            "cloud-only-after-opt-in",
            ["SELECT-11", "SELECT-22", "CLOUD-2"],
            "Without the opt-in a failed tunnel goes offline and the cloud is never probed; the user's opt-in while "
                + "offline probes it and it is used.",
            flag: "Cloud",
            notOptedIn
        )
        var optOut = Script(cloudOptIn: true)
        optOut.at(0, .start)
        optOut.at(2, .error(.lan, code: "refused"))
        optOut.at(30, .error(.relay, code: "connect_failed"))
        optOut.after(200, .health(.cloud, ok: true))
        optOut.after(5_000, .optOut)
        try optOut.expect(.racing, actions: ["connect(lan)", "connect(relay)"])
        try add(
            &file,
            "opt-out-leaves-cloud",
            ["SELECT-25", "SELECT-14", "CLOUD-2"],
            "Opting out while the cloud is in use fails it: both tunnel paths are tried again at once.",
            flag: "Cloud",
            optOut
        )
        var cloudFails = Script(cloudOptIn: true)
        cloudFails.at(0, .start)
        cloudFails.at(2, .error(.lan, code: "refused"))
        cloudFails.at(30, .error(.relay, code: "connect_failed"))
        try cloudFails.fire(.deadlineCloud)
        try cloudFails.expect(.offline)
        try add(
            &file,
            "cloud-fails-offline",
            ["SELECT-10", "SELECT-11"],
            "Opted in, both tunnel paths and then the cloud fail (its deadline is 5,000 ms): offline.",
            flag: "Cloud",
            cloudFails
        )
        var inIdle = Script()
        inIdle.at(0, .optIn)
        inIdle.at(10, .start)
        inIdle.at(12, .error(.lan, code: "refused"))
        inIdle.at(40, .error(.relay, code: "connect_failed"))
        try inIdle.expect(.racing, actions: ["close(relay)", "probe(cloud)"])
        try add(
            &file,
            "opt-in-while-idle",
            ["SELECT-24", "SELECT-10"],
            "An opt-in in idle is kept: when the tunnel then fails, the cloud is probed.",
            flag: "Cloud",
            inIdle
        )
    }

    // MARK: - Keepalive, network, offline and idle

    private static func addLifecycle(_ file: inout VectorFileBuilder) throws {
        var keepalive = try lanInUse()
        try keepalive.fire(.keepalive)
        try keepalive.expect(.lan, actions: ["probe(lan)"])
        keepalive.after(8, .health(.lan, ok: true))
        try keepalive.expect(.lan, actions: [])
        try keepalive.fire(.keepalive)
        try keepalive.fire(.deadlineLan)
        try keepalive.expect(.racing, actions: ["close(lan)", "connect(relay)"])
        keepalive.after(100, .connected(.relay))
        keepalive.after(100, .health(.relay, ok: true))
        try keepalive.expect(.relay, actions: ["use(relay)", "resend(relay)"])
        try add(
            &file,
            "keepalive-finds-lost-lan",
            ["SELECT-12", "SELECT-13", "SELECT-14", "SELECT-8"],
            "The LAN in use is probed every 25 s; an answered probe changes nothing; an unanswered one fails it at "
                + "its deadline, the relay is tried and used, and the LAN is checked again 10 s later.",
            flag: "Lifecycle",
            keepalive
        )
        var relayLost = try relayInUse()
        relayLost.after(1_000, .closed(.relay))
        try relayLost.expect(.racing, actions: ["close(relay)", "connect(lan)"])
        relayLost.after(2, .error(.lan, code: "refused"))
        try relayLost.expect(.offline)
        relayLost.after(500, .network)
        try relayLost.expect(.racing, actions: ["connect(lan)", "connect(relay)"])
        try add(
            &file,
            "relay-lost-then-network",
            ["SELECT-14", "SELECT-11", "SELECT-21"],
            "The relay in use closes: the LAN alone is tried (the relay waits); it fails: offline. A network change "
                + "tries both at once and resets the retry delay.",
            flag: "Lifecycle",
            relayLost
        )
        var network = try relayInUse()
        network.after(1_000, .network)
        try network.expect(.relay, actions: ["connect(lan)", "probe(relay)"])
        try add(
            &file,
            "network-rechecks-at-once",
            ["SELECT-23"],
            "A network change with the relay in use checks the LAN now (its backoff cancelled) and probes the relay.",
            flag: "Lifecycle",
            network
        )
        var idle = try lanInUse()
        idle.after(200_000, .activity)
        try idle.fire(.idle)
        try idle.expect(.idle, actions: ["close(lan)"])
        idle.after(10, .start)
        try idle.expect(.racing, actions: ["connect(lan)", "connect(relay)"])
        try add(
            &file,
            "idle-timeout-closes-carriers",
            ["SELECT-26", "SELECT-27", "SELECT-3"],
            "Activity pushes the idle timeout back by 300 s; when it fires every carrier closes and every timer is "
                + "disarmed; the next start races again.",
            flag: "Lifecycle",
            idle
        )
        var offline = Script()
        offline.at(0, .start)
        offline.at(2, .error(.lan, code: "refused"))
        offline.at(3, .error(.relay, code: "connect_failed"))
        for _ in 1...6 {
            try offline.fire(.retry)
            offline.after(2, .error(.lan, code: "refused"))
            offline.after(1, .error(.relay, code: "connect_failed"))
        }
        try offline.expect(.offline)
        try offline.fire(.retry)
        offline.after(20, .connected(.relay))
        offline.after(20, .health(.relay, ok: true))
        offline.after(1, .closed(.relay))
        offline.after(2, .error(.lan, code: "refused"))
        try offline.expect(.offline)
        guard try offline.due(.retry) - offline.now == 10_000 else {
            throw GenerationError("a path in use must reset the retry delay")
        }
        try add(
            &file,
            "offline-retries-back-off",
            ["SELECT-20", "SELECT-8", "SELECT-11"],
            "Offline retries come after 10, 20, 40, 80, 160, 300 s; once a path has been in use the next outage "
                + "starts again at 10 s.",
            flag: "Lifecycle",
            offline
        )
    }

    // MARK: - Ignored events

    private static func addIgnored(_ file: inout VectorFileBuilder) throws {
        var late = Script()
        late.at(0, .start)
        late.at(5, .connected(.lan))
        try late.fire(.deadlineLan)
        late.after(10, .health(.lan, ok: true))
        try late.expect(.racing, actions: [])
        late.after(1, .timer(.keepalive))
        late.after(1, .start)
        late.after(1, .connected(.lan))
        try late.expect(.racing, actions: [])
        late.after(100, .connected(.relay))
        late.after(100, .health(.relay, ok: true))
        try late.expect(.relay)
        try add(
            &file,
            "late-events-ignored",
            ["SELECT-7", "SELECT-6"],
            "A health report after the path's deadline, a timer not armed, start while racing and connected for a "
                + "path given up change nothing; the relay then wins.",
            flag: "Ignored",
            late
        )
        var lateFailure = try relayInUse()
        try lateFailure.fire(.checkLan)
        lateFailure.after(4, .connected(.lan))
        lateFailure.after(6, .health(.lan, ok: true))
        lateFailure.after(1, .health(.lan, ok: false))
        try lateFailure.expect(.relay, actions: [])
        lateFailure.after(1, .health(.relay, ok: false))
        try lateFailure.expect(.relay, actions: [])
        try lateFailure.fire(.checkLan)
        lateFailure.after(6, .health(.lan, ok: false))
        try lateFailure.expect(.relay, actions: ["close(lan)"])
        try add(
            &file,
            "health-failure-only-while-probing",
            ["SELECT-7", "SELECT-6", "SELECT-17"],
            "A failed health report for a path that is up (the LAN between checks, the relay in use) answers no "
                + "probe and changes nothing; the same report while the LAN is probing drops it.",
            flag: "Ignored",
            lateFailure
        )
        var idleEvents = Script()
        idleEvents.at(0, .health(.relay, ok: true))
        idleEvents.at(1, .connected(.relay))
        idleEvents.at(2, .network)
        idleEvents.at(3, .timer(.idle))
        try idleEvents.expect(.idle, actions: [])
        idleEvents.at(4, .activity)
        try idleEvents.expect(.racing, actions: ["connect(lan)", "connect(relay)"])
        try add(
            &file,
            "idle-takes-only-start-and-activity",
            ["SELECT-7", "SELECT-3"],
            "In idle, path events, a network change and a timer change nothing; activity starts an attempt.",
            flag: "Ignored",
            idleEvents
        )
    }
}
