import Foundation
import KitModels
import OpenHumanTunnel
import VectorFormat

/// What the runner passed between the two sides of one check, in the trace format of
/// spec/kit/03-verifier.md: `conformance verify` can then check and, with the adapters' key
/// logs, decrypt it offline.
///
/// A check records every protocol message at the moment it hands it on: from the reference to
/// the adapter, from the adapter to the reference, or from one adapter to the other (interop).
/// Each becomes a `tunnel:frame` record, as a relay would have forwarded it, on one channel
/// named after the check; messages the runner forged (a tampered ack, a replayed handshake) are
/// recorded too, since a relay could have sent them.
final class TraceRecorder {
    private let clock: () -> Date
    private(set) var channelID = ""
    private var records: [TraceRecord] = []
    /// Secrets the runner gave the adapter as input (session keys), not the adapter's own.
    private(set) var givenKeys: [KeyLogEntry] = []
    private var lastTime: Int64 = 0

    init(clock: @escaping () -> Date) {
        self.clock = clock
    }

    /// Starts the trace of the check `id`: no records, its own channel, named by the id with `/`
    /// as `_` (a channel id is base64url text, chapter 12).
    func begin(_ id: String) {
        channelID = TraceSaving.fileName(id)
        records = []
        givenKeys = []
    }

    /// A secret the check gave the adapter as an operation's input: the adapter derived
    /// nothing, so without it no key log would open the trace (ADP-97).
    func given(_ entry: KeyLogEntry) {
        givenKeys.append(entry)
    }

    /// Whether the check passed any message.
    var isEmpty: Bool { records.isEmpty }

    /// A message `from` one side to the other, as the base64url text a relay carries (ENC-2);
    /// `probe` when the runner made it to break a rule (TRACE-6).
    func frame(_ message: [UInt8], from sender: Role, probe: TraceProbe? = nil) {
        let receiver: Role = sender == .device ? .core : .device
        records.append(
            TraceRecord.frame(
                time: now(),
                from: Self.peer(sender),
                to: Self.peer(receiver),
                channelId: channelID,
                payload: Base64URL.encode(message)
            ).probing(probe)
        )
    }

    /// The message at `name` of an adapter's output, when it is there and hex: what the adapter sent.
    func frame(_ name: String, of output: JSONValue?, from sender: Role) {
        guard let message = output?[name]?.stringValue.flatMap(Hex.decode) else { return }
        frame(message, from: sender)
    }

    /// The pairing payload of a check in which the runner's core gives the device its public key:
    /// what a core's QR code tells a device (chapter 8), on this trace's channel, valid for ten
    /// minutes from now. Without it a verifier holding only the device's key log could not open
    /// the handshake, which is sealed to the core's key.
    ///
    /// `channelID` is the payload's `cid` when the check's handshake binds another one than the
    /// trace's channel (a version 3 prologue, V3-PRO-1): the verifier takes the payload's `cid`
    /// first (VERIFY-14).
    func pairingPayload(corePublicKey: [UInt8], channelID cid: String? = nil) {
        let time = now()
        let payload = PairingPayload(
            channelID: cid ?? channelID,
            pairingToken: "conformance-runner",
            corePublicKey: corePublicKey,
            rpcURL: nil,
            expiresAt: UInt64(time / 1000 + 600)
        )
        // The channel id is never empty and the key is 32 bytes: the reference producer accepts it.
        guard let text = try? PairingPayloadEncoder.encode(payload) else { return }
        records.append(TraceRecord(time: time, body: .pairingPayload(text)))
    }

    /// The trace file: the header and one record per line, each line ending in LF.
    var text: String {
        ([TraceHeader().line] + records.map(\.line)).map { $0 + "\n" }.joined()
    }

    private static func peer(_ role: Role) -> TracePeer { role == .device ? .device : .core }

    /// The runner's clock in Unix milliseconds, never going back along the trace (a clock step
    /// backwards must not make the trace invalid).
    private func now() -> Int64 {
        let milliseconds = Int64((clock().timeIntervalSince1970 * 1000).rounded(.down))
        lastTime = max(lastTime, min(max(milliseconds, 0), TraceRecord.maximumTime))
        return lastTime
    }
}
