import OpenHumanTunnel
import VectorFormat

/// The receiver's chunk reassembly, as `envelope-reassemble` drives it. `Reassembler` is the
/// reference; a mutant wraps it to break one rule of CHUNK-4 or CHUNK-6.
public protocol ReassemblerEndpoint {
    mutating func expire(now: Int64) -> [String]
    mutating func receive(
        _ plaintext: [UInt8],
        now: Int64,
        admit: (String) throws(EnvelopeError) -> Void
    ) throws(EnvelopeError) -> Reassembler.Outcome
}

extension Reassembler: ReassemblerEndpoint {}

/// The core's side of the envelope layer for one session, as `envelope-core` drives it.
/// `CoreRequestGate` is the reference; a mutant wraps it to break one rule.
public protocol CoreGateEndpoint {
    mutating func expire(now: Int64) -> [String]
    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> CoreRequestGate.Decision
    /// A new session of the same channel (RPC-2's memory across sessions).
    mutating func startSession()
}

/// The device's side of the envelope layer for one session, as `envelope-device` drives it.
public protocol DeviceEndpoint {
    mutating func expire(now: Int64) -> (timedOut: [String], expired: [String])
    mutating func send(
        requestId: String,
        method: String,
        paramsText: [UInt8]?,
        stream: Bool,
        timeout: Int64,
        now: Int64
    ) throws(EnvelopeError) -> [[UInt8]]
    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> DeviceRequests.Event
    /// A relay event (chapter 12) reaches the device while requests are pending.
    mutating func relayEvent(_ event: String, code: String?)
}

extension DeviceRequests {
    /// SIG-DEV-4: a relay event ends no request. A `tunnel:error` names no frame, so it cannot say
    /// which request lost one, and any relay event may be forged (12.7): each request still ends
    /// by its answer, by STREAM-2 or by its deadline (RPC-5).
    public mutating func relayEvent(_ event: String, code: String?) {}
}

extension CoreRequestGate: CoreGateEndpoint {}
extension DeviceRequests: DeviceEndpoint {}
