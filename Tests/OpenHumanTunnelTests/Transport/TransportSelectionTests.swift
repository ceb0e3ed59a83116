import OpenHumanTunnel
import Testing

/// The phone's selection (spec/15-transports.md 15.5) on the cases the deployed manager got
/// wrong, each beside the run that shows the rule doing its work.
@Suite struct TransportSelectionTests {
    /// 15.5.5: the LAN's refusal at 3 ms settles first; the deployed race failed the whole connect
    /// there. The attempt goes on, the relay healthy at 420 ms is used, and the LAN is checked
    /// again 10 s later.
    // REQ: SELECT-3, SELECT-8, SELECT-9
    @Test func aFastLanRefusalDoesNotEndTheAttempt() {
        var selection = TransportSelection(hasLan: true, optedIn: false)
        #expect(selection.handle(.start, now: 0).map(\.description) == ["connect(lan)", "connect(relay)"])
        #expect(selection.handle(.error(.lan, code: "refused"), now: 3) == [.close(.lan)])
        #expect(selection.state == .racing && selection.status[.relay] == .connecting)
        #expect(selection.handle(.connected(.relay), now: 180) == [.probe(.relay)])
        #expect(selection.handle(.health(.relay, ok: true), now: 420) == [.use(.relay), .resend(.relay)])
        #expect(selection.state == .relay)
        #expect(selection.timers == [.checkLan: 10_420, .keepalive: 25_420, .idle: 300_000])
    }

    /// Positive control of the rule above: when nothing is left in flight, a failure does end the
    /// attempt, and without the opt-in the cloud is not tried.
    // REQ: SELECT-11, CLOUD-2
    @Test func theAttemptEndsOnlyWhenNothingIsInFlight() {
        var selection = TransportSelection(hasLan: true, optedIn: false)
        _ = selection.handle(.start, now: 0)
        _ = selection.handle(.error(.lan, code: "refused"), now: 3)
        #expect(selection.handle(.error(.relay, code: "refused"), now: 9) == [.close(.relay)])
        #expect(selection.state == .offline && selection.timers[.retry] == 10_009)
        #expect(selection.status[.cloud] == .off)
    }

    /// A pairing whose QR code had no `rpc` has no LAN path: nothing about the LAN is ever done.
    // REQ: SELECT-1
    @Test func aPairingWithoutRpcNeverTouchesTheLan() {
        var selection = TransportSelection(hasLan: false, optedIn: false)
        #expect(selection.handle(.start, now: 0) == [.connect(.relay)])
        #expect(selection.handle(.error(.lan, code: "refused"), now: 1) == [])
        #expect(selection.handle(.connected(.relay), now: 2) == [.probe(.relay)])
        #expect(selection.handle(.health(.relay, ok: true), now: 3) == [.use(.relay), .resend(.relay)])
        #expect(selection.timers[.checkLan] == nil && selection.status[.lan] == .off)
    }
}
