import VectorFormat

/// The live checks: requirements that fixed input/output pairs cannot test (fresh randomness,
/// keys nobody chose in advance), checked by the runner against the adapter with the reference
/// library on its own side (spec/kit section 4.2).
///
/// The catalog (ids, requirements, descriptions) belongs to the vector suite,
/// `VectorFormat`'s `LiveCheck.catalog`, so the coverage table counts it; this file maps
/// each id to the code that performs it.
public enum LiveChecks {
    public static let sealNoncesID = "live/frame-seal/fresh-nonces"
    public static let adapterAsDeviceID = "live/handshake/adapter-device"
    public static let adapterAsCoreID = "live/handshake/adapter-core"
    public static let sessionAsDeviceID = "live/session/adapter-device"
    public static let sessionAsCoreID = "live/session/adapter-core"
    public static let pairingCodeAsDeviceID = "live/sas/adapter-device"
    public static let pairingCodeAsCoreID = "live/sas/adapter-core"
    public static let unholdableJSONID = "live/adapter/unholdable-json"
    public static let chunking1MiBID = "live/envelope/chunking-1mib"
    public static let chunking16MiBID = "live/envelope/chunking-16mib"
    public static let pairingV3AsCoreID = "live/pairing-v3/adapter-core"
    public static let pairingV3AsDeviceID = "live/pairing-v3/adapter-device"
    public static let manInTheMiddleID = "live/pairing-v3/man-in-the-middle"
    public static let reconnectV3AsCoreID = "live/reconnect-v3/adapter-core"
    public static let reconnectV3AsDeviceID = "live/reconnect-v3/adapter-device"
    public static let sessionV3AsDeviceID = "live/session-v3/adapter-device"
    public static let sessionV3AsCoreID = "live/session-v3/adapter-core"
    public static let lanHealthyID = "live/transport/lan-healthy"
    public static let lanRefusedAtOnceID = "live/transport/lan-refused-at-once"
    public static let lanSlowID = "live/transport/lan-slow"
    public static let relayDownID = "live/transport/relay-down"
    public static let bothDownThenBackID = "live/transport/both-down-then-back"
    public static let handshakeFloodID = "live/transport/handshake-flood"
    public static let lanLostMidRequestID = "live/transport/lan-lost-mid-request"

    /// The checks of wire spec 15.7, which run the transport lab (`TransportLabSetting`); a
    /// check of this list takes seconds of real time, so the mutant table does not run them per
    /// mutant.
    public static let transportIDs = [
        lanHealthyID, lanRefusedAtOnceID, lanSlowID, relayDownID, bothDownThenBackID, handshakeFloodID,
        lanLostMidRequestID,
    ]

    public static var catalog: [LiveCheck] { LiveCheck.catalog }

    /// The ids this runner can perform.
    public static let implemented =
        [
            sealNoncesID, adapterAsDeviceID, adapterAsCoreID, sessionAsDeviceID, sessionAsCoreID,
            pairingCodeAsDeviceID, pairingCodeAsCoreID, unholdableJSONID,
            chunking1MiBID, chunking16MiBID, pairingV3AsCoreID, pairingV3AsDeviceID, manInTheMiddleID,
            reconnectV3AsCoreID, reconnectV3AsDeviceID, sessionV3AsDeviceID, sessionV3AsCoreID,
        ] + transportIDs

    /// The catalog entry with `id`.
    public static func check(_ id: String) -> LiveCheck? {
        catalog.first { $0.id == id }
    }

    /// The adapter operations each check needs; a check whose operations are not all declared is skipped.
    static func operations(for id: String) -> [String] {
        switch id {
        case sealNoncesID: ["frame-seal"]
        case adapterAsDeviceID: ["handshake-device-start", "handshake-device-finish"]
        case adapterAsCoreID: ["handshake-core"]
        case sessionAsDeviceID, sessionAsCoreID: ["session"]
        case pairingCodeAsDeviceID: ["handshake-device-start", "handshake-device-finish", "sas"]
        case pairingCodeAsCoreID: ["core-channel"]
        case unholdableJSONID: ["hkdf-sha256", "qr-parse"]
        case chunking1MiBID, chunking16MiBID: ["envelope-split", "envelope-reassemble"]
        case pairingV3AsCoreID, manInTheMiddleID: ["pairing-v3-core"]
        case pairingV3AsDeviceID: ["pairing-v3-device"]
        case reconnectV3AsCoreID: ["reconnect-v3-core"]
        case reconnectV3AsDeviceID: ["reconnect-v3-device"]
        case sessionV3AsDeviceID, sessionV3AsCoreID: ["session-v3"]
        case _ where transportIDs.contains(id): ["transport-select"]
        default: []
        }
    }

    /// Runs one check.
    static func perform(_ id: String, context: inout LiveContext) throws(CheckFailure) {
        switch id {
        case sealNoncesID: try SealNonceCheck.run(&context)
        case adapterAsDeviceID: try DeviceHandshakeCheck.run(&context)
        case adapterAsCoreID: try CoreHandshakeCheck.run(&context)
        case sessionAsDeviceID: try SessionCheck.run(adapterRole: .device, context: &context)
        case sessionAsCoreID: try SessionCheck.run(adapterRole: .core, context: &context)
        case pairingCodeAsDeviceID: try PairingCodeCheck.runAdapterAsDevice(&context)
        case pairingCodeAsCoreID: try PairingCodeCheck.runAdapterAsCore(&context)
        case unholdableJSONID: try UnholdableJSONCheck.run(&context)
        case chunking1MiBID: try ChunkingCheck.run(length: 1 << 20, context: &context)
        case chunking16MiBID: try ChunkingCheck.run(length: 16 << 20, context: &context)
        case pairingV3AsCoreID: try PairingV3Check.runAdapterAsCore(&context)
        case pairingV3AsDeviceID: try PairingV3Check.runAdapterAsDevice(&context)
        case manInTheMiddleID: try ManInTheMiddleCheck.run(&context)
        case reconnectV3AsCoreID: try PairingV3Check.reconnectAdapterAsCore(&context)
        case reconnectV3AsDeviceID: try PairingV3Check.reconnectAdapterAsDevice(&context)
        case sessionV3AsDeviceID: try SessionV3Check.run(adapterRole: .device, context: &context)
        case sessionV3AsCoreID: try SessionV3Check.run(adapterRole: .core, context: &context)
        case lanHealthyID: try TransportChecks.lanHealthy(context)
        case lanRefusedAtOnceID: try TransportChecks.lanRefusedAtOnce(context)
        case lanSlowID: try TransportChecks.lanSlow(context)
        case relayDownID: try TransportChecks.relayDown(context)
        case bothDownThenBackID: try TransportChecks.bothDownThenBack(context)
        case handshakeFloodID: try TransportChecks.handshakeFlood(context)
        case lanLostMidRequestID: try TransportChecks.lanLostMidRequest(context)
        default: throw CheckFailure("this runner has no implementation of the live check \(id)")
        }
    }
}
