import OpenHumanTunnel

/// An error with a stable protocol code (spec/07-errors.md, chapters 8 and 11): the adapter
/// answers it `{"ok":false,"error":code}`, and a step that fails with it `{"error": code}`,
/// after which the next step runs (ADP-15, ADP-16).
public protocol ProtocolFailure: Error {
    var code: String { get }
}

extension TunnelError: ProtocolFailure {}
extension EnvelopeError: ProtocolFailure {}
extension PairingPayloadError: ProtocolFailure {}
