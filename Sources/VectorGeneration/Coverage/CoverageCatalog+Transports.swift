import VectorFormat

/// The requirements of spec chapter 15 about carriers, which the adapter protocol cannot reach:
/// no operation opens a WebSocket, joins a relay or serves a LAN endpoint, so no vector or live
/// check can test another implementation's carriers. The kit checks them on its reference device,
/// core and endpoint instead, and coverage.md says where. The selection (SELECT-*) and the cloud
/// opt-in (CLOUD-2) have their vectors, and the transport live checks (spec 15.7) drive an
/// implementation's selection against those reference carriers in real time.
extension CoverageCatalog {
    static let transportCarriers: [CoverageExemption] =
        ["TRANS-2", "TRANS-4", "TRANS-5", "TRANS-6", "TRANS-7", "TRANS-8", "TRANS-9", "TRANS-10", "LAN-3", "LAN-4"]
        .map { CoverageExemption(requirement: $0, reason: deviceCarriers) }
        + ["TRANS-1", "TRANS-3", "LAN-8"].map { CoverageExemption(requirement: $0, reason: coreCarriers) }
        + [CoverageExemption(requirement: "LAN-1", reason: producer)]
        + ["LAN-2", "LAN-5", "LAN-6", "LAN-7", "LAN-9", "LAN-10"].map {
            CoverageExemption(requirement: $0, reason: endpoint)
        }
        + ["CLOUD-1", "CLOUD-3", "CLOUD-4"].map { CoverageExemption(requirement: $0, reason: cloud) }

    private static let deviceCarriers =
        "A device's carriers (its LAN WebSocket, relay connection, probes, resends and profile) are outside the adapter "
        + "protocol, which has no operation that opens a carrier. The kit's reference device carries them out in the "
        + "transport live checks (live/transport/..., spec 15.7), under the implementation's own selection, and in "
        + "tools/lan-endpoint/tests end to end; an implementation's device is checked in its decisions (transport-select)."

    private static let coreCarriers =
        "Where a core sends and which bucket a LAN handshake draws from depend on carrier connections, which no adapter "
        + "operation has. The reference core is checked rule by rule in tools/lan-endpoint/tests (routes, buckets, the "
        + "flood, end to end) and runs under the transport live checks (spec 15.7)."

    private static let producer =
        "Whether an endpoint listens where a payload's rpc says is a fact about the core's machine, not about the "
        + "payload's bytes, which qr-encode's vectors cover (QR-ENC-4). The reference producer writes the endpoint's "
        + "own URL (tools/lan-endpoint/openhuman-lan-endpoint prints it), and the transport lab pairs with it."

    private static let endpoint =
        "A LAN endpoint is a server, not an adapter operation. tools/lan-endpoint/tests checks the reference endpoint "
        + "rule by rule with a control beside each refusal, and the transport live checks run it under a handshake "
        + "flood (spec 15.7)."

    private static let cloud =
        "The cloud path needs a hosted core, which the kit does not run; the cloud opt-in and the cloud's place in the "
        + "selection (CLOUD-2, SELECT-10, SELECT-19, SELECT-22, SELECT-25) are covered by transport-select's vectors."
}
