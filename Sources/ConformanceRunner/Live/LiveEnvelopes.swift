import OpenHumanTunnel

/// The plaintexts the runner seals in live checks: envelopes of chapter 11 of the kind their
/// sender sends (a device's request, a core's response), so that a saved trace opened with its
/// key log reads as an exchange and not as ENV-2 departures of the runner's making.
enum LiveEnvelopes {
    /// An envelope from `sender` with request id `live-<id>` and `padding` bytes of filler in
    /// its payload: the sizes a check wants to vary, inside a valid envelope.
    static func plaintext(from sender: Role, id: Int, padding: Int) -> [UInt8] {
        let filler = String(repeating: "x", count: padding)
        return sender == .device
            ? Array(
                #"{"requestId":"live-\#(id)","kind":"request","seq":0,"payload":{"method":"core.ping","params":"\#(filler)"}}"#
                    .utf8
            )
            : Array(#"{"requestId":"live-\#(id)","kind":"response","seq":0,"payload":"\#(filler)"}"#.utf8)
    }
}
