import AdapterOperations
import OpenHumanTunnel

/// Version 3's session frames (spec/14-sessions-v3.md), placeholder until the mutants land.
struct ComposedSessionV3: SessionV3Endpoint {
    var session: SessionV3

    init(setup: SessionV3Setup, mutant: Mutant?) {
        session = setup.session()
    }

    mutating func seal(_ content: [UInt8], now: Int64) throws(TunnelError) -> [UInt8] { try session.seal(content, now: now) }
    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] { try session.open(frame) }
}
