// The mutants of one area. The phone's selection of a path (spec/15-transports.md 15.5,
// SELECT-1 to SELECT-27). Each is declared once: its name (as given to `--mutant`), the
// requirements it breaks and what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas.

extension Mutant {
    public static let selectFirstSettled = Mutant(
        "select-first-settled",
        breaks: ["SELECT-9"],
        "the race takes the first outcome to settle, as the deployed manager does: a fast LAN refusal ends the attempt while the relay is still connecting"
    )
    public static let selectHealthFailFromAnyPath = Mutant(
        "select-health-fail-from-any-path",
        breaks: ["SELECT-6", "SELECT-7"],
        "a failed health report is taken from a path that is not probing: a late report from a probe already given up drops a path that is up"
    )
    public static let selectCloudWithoutOptIn = Mutant(
        "select-cloud-without-opt-in",
        breaks: ["SELECT-10", "SELECT-11", "CLOUD-2"],
        "when every tunnel path failed the cloud is probed although the user never opted in"
    )
    public static let selectPromoteAtFirstCheck = Mutant(
        "select-promote-at-first-check",
        breaks: ["SELECT-15", "SELECT-16"],
        "the LAN is taken back at its first healthy check: a LAN at the edge of the Wi-Fi is taken and lost again every few seconds"
    )
    public static let selectPromotionOffByOne = Mutant(
        "select-promotion-off-by-one",
        breaks: ["SELECT-15", "SELECT-16"],
        "the LAN is taken back after four healthy checks instead of three"
    )
    public static let selectStreakKeptOnFailure = Mutant(
        "select-streak-kept-on-failure",
        breaks: ["SELECT-17"],
        "a failed LAN check does not reset the count of healthy ones, so checks that were not consecutive promote"
    )
    public static let selectBackoffNotDoubled = Mutant(
        "select-backoff-not-doubled",
        breaks: ["SELECT-2"],
        "a failed path is checked again every 10 s forever instead of after 10, 20, 40 ... 300 s"
    )
    public static let selectBackoffUncapped = Mutant(
        "select-backoff-uncapped",
        breaks: ["SELECT-2"],
        "the background check's delay doubles past its cap of 300 s"
    )
    public static let selectIntervalKeptAfterSuccess = Mutant(
        "select-interval-kept-after-success",
        breaks: ["SELECT-5"],
        "a healthy check does not reset the path's delay: after one bad hour the LAN is checked every five minutes"
    )
    public static let selectLanDeadlineTenSeconds = Mutant(
        "select-lan-deadline-10s",
        breaks: ["SELECT-2"],
        "a LAN check gets 10 s (the deployed call timeout) instead of 2,000 ms"
    )
    public static let selectDeadlineRestartedOnConnect = Mutant(
        "select-deadline-restarted-on-connect",
        breaks: ["SELECT-4"],
        "connected re-arms the path's deadline, so a path that connects slowly and never answers gets twice its time"
    )
    public static let selectResendOnPromotion = Mutant(
        "select-resend-on-promotion",
        breaks: ["SELECT-16"],
        "promotion resends the relay's pending requests on the LAN and closes the relay instead of draining it"
    )
    public static let selectNoResendOnFallback = Mutant(
        "select-no-resend-on-fallback",
        breaks: ["SELECT-8", "TRANS-7"],
        "the new path is used without resending the requests sent on the lost one: they wait for their deadlines"
    )
    public static let selectLateHealthAccepted = Mutant(
        "select-late-health-accepted",
        breaks: ["SELECT-7"],
        "a health report for a path already given up still makes it healthy and switches to it"
    )
    public static let selectLostPathReraced = Mutant(
        "select-lost-path-reraced",
        breaks: ["SELECT-14"],
        "the path in use that failed is raced again at once instead of waiting for its background check"
    )
    public static let selectCloudSticky = Mutant(
        "select-cloud-sticky",
        breaks: ["SELECT-19"],
        "a healthy tunnel path does not take over from the cloud: the user stays on a path that is not end to end"
    )
    public static let selectOptOutIgnored = Mutant(
        "select-opt-out-ignored",
        breaks: ["SELECT-25", "CLOUD-2"],
        "opting out of the cloud while it is in use leaves it in use"
    )
    public static let selectKeepaliveOnce = Mutant(
        "select-keepalive-once",
        breaks: ["SELECT-12"],
        "the keepalive is not armed again after it fires: a path lost later goes unnoticed until a request fails"
    )
    public static let selectIdleNotRearmed = Mutant(
        "select-idle-not-rearmed",
        breaks: ["SELECT-26"],
        "activity does not push the idle timeout back: carriers close five minutes after the start, busy or not"
    )
    public static let selectRetryNotReset = Mutant(
        "select-retry-not-reset",
        breaks: ["SELECT-8"],
        "the retry delay is not reset when a path comes into use, so the next outage starts at the longest delay"
    )
    public static let selectFiredTimerKept = Mutant(
        "select-fired-timer-kept",
        breaks: ["SELECT-2"],
        "a timer that fired stays armed with its old due time"
    )

    static let transportSelectionArea: [Mutant] = [
        .selectFirstSettled, .selectCloudWithoutOptIn, .selectPromoteAtFirstCheck, .selectPromotionOffByOne,
        .selectStreakKeptOnFailure, .selectBackoffNotDoubled, .selectBackoffUncapped, .selectIntervalKeptAfterSuccess,
        .selectLanDeadlineTenSeconds, .selectDeadlineRestartedOnConnect, .selectResendOnPromotion,
        .selectNoResendOnFallback, .selectLateHealthAccepted, .selectLostPathReraced, .selectCloudSticky,
        .selectOptOutIgnored, .selectKeepaliveOnce, .selectIdleNotRearmed, .selectRetryNotReset,
        .selectFiredTimerKept, .selectHealthFailFromAnyPath,
    ]
}
