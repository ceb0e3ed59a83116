import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Version 3's pairing and reconnection with keys nobody chose in advance (V3-NOISE-1, V3-SAS-1,
/// V3-CONFIRM-1, V3-CONFIRM-2, V3-ATTEMPT-1, V3-RECON-1 to V3-RECON-4), from both ends, the other
/// end being the reference.
///
/// As core, the adapter then faces a party in the middle that holds the QR code: three
/// attempts with fresh keys are answered, the fourth is `too_many_attempts` and revokes the
/// channel, whatever keys the attacker draws.
enum PairingV3Check {
    static func runAdapterAsCore(_ context: inout LiveContext) throws(CheckFailure) {
        let adapter = adapterSide(context, "pairing-v3-core")
        var exchange = PairingV3Exchange(
            device: referenceSide("pairing-v3-device"),
            core: adapter,
            random: &context.random
        )
        record(&exchange, in: context)
        _ = try exchange.pair()
        var attempts: [JSONValue] = []
        var messagesOne: [[UInt8]] = []
        for attempt in 0...CorePairingV3.maximumAttempts {
            let attacker = PairingV3Exchange(
                device: referenceSide("pairing-v3-device"),
                core: adapter,
                random: &context.random
            )
            // The attacker's device, with the QR code of `exchange`'s core: its message 1 under fresh keys.
            let messageOne = try LiveContext.hexMember(
                "messageOne",
                of: try referenceSide("pairing-v3-device")(exchange.deviceInput([], replacingKeysWith: attacker)),
                operation: "pairing-v3-device"
            )
            messagesOne.append(messageOne)
            attempts.append([
                "receive": [
                    "message": .hex(messageOne), "now": .int(exchange.now + 12 * Int64(attempt)),
                    "coreEphemeral": .hex(context.bytes(32)), "coreNonce": .hex(context.bytes(32)),
                ]
            ])
        }
        let answer = try adapter(exchange.coreInput(attempts))
        // In the core's order: each message 1, then the message 2 that answered it, if any.
        for (index, messageOne) in messagesOne.enumerated() {
            context.recorder.frame(messageOne, from: .device)
            if let reply = PairingV3Exchange.step(answer, index)?["send"]?.arrayValue?.first?.stringValue
                .flatMap(Hex.decode)
            {
                context.recorder.frame(reply, from: .core)
            }
        }
        guard PairingV3Exchange.step(answer, 3)?["error"] == "too_many_attempts",
            PairingV3Exchange.step(answer, 3)?["state"] == "revoked"
        else {
            throw CheckFailure(
                "the 4th attempt with the QR secret is not too_many_attempts with the channel revoked",
                actual: answer
            )
        }
    }

    static func runAdapterAsDevice(_ context: inout LiveContext) throws(CheckFailure) {
        var exchange = PairingV3Exchange(
            device: adapterSide(context, "pairing-v3-device"),
            core: referenceSide("pairing-v3-core"),
            random: &context.random
        )
        record(&exchange, in: context)
        _ = try exchange.pair()
    }

    /// A reconnection with fresh keys, the adapter as the core and the reference as the phone.
    static func reconnectAdapterAsCore(_ context: inout LiveContext) throws(CheckFailure) {
        var exchange = ReconnectionV3Exchange(
            device: referenceSide("reconnect-v3-device"),
            core: adapterSide(context, "reconnect-v3-core"),
            random: &context.random
        )
        record(&exchange, in: context)
        _ = try exchange.reconnect()
    }

    /// A reconnection with fresh keys, the adapter as the phone and the reference as the core.
    static func reconnectAdapterAsDevice(_ context: inout LiveContext) throws(CheckFailure) {
        var exchange = ReconnectionV3Exchange(
            device: adapterSide(context, "reconnect-v3-device"),
            core: referenceSide("reconnect-v3-core"),
            random: &context.random
        )
        record(&exchange, in: context)
        _ = try exchange.reconnect()
    }

    /// The pairing's trace: the QR code's `cid` and `cpk`, then each message as it is handed on,
    /// so that the adapter's key log opens it with `conformance verify` (VERIFY-13, VERIFY-14).
    /// The attacker's attempts of `runAdapterAsCore`, a request of their own, follow on the same
    /// trace channel, each message 1 with the message 2 that answered it.
    private static func record(_ exchange: inout PairingV3Exchange, in context: LiveContext) {
        context.recorder.pairingPayload(corePublicKey: exchange.corePublic, channelID: exchange.channelID)
        exchange.record = { [recorder = context.recorder] message, sender in recorder.frame(message, from: sender) }
    }

    /// The reconnection's trace: the channel's `cpk`, then the 0x13, the 0x14, the 0x15 and the
    /// replayed 0x13 (a probe of V3-RECON-2), which the adapter's `V3_TRANSPORT` opens with
    /// `conformance verify` (VERIFY-15, VERIFY-16).
    private static func record(_ exchange: inout ReconnectionV3Exchange, in context: LiveContext) {
        context.recorder.pairingPayload(corePublicKey: exchange.corePublic, channelID: exchange.channelID)
        exchange.record = { [recorder = context.recorder] message, sender, probe in
            recorder.frame(message, from: sender, probe: probe)
        }
    }

    /// The adapter's answer, which must also be the reference's to the same input.
    private static func adapterSide(_ context: LiveContext, _ operation: String) -> PairingV3Exchange.Side {
        { [context] input throws(CheckFailure) in
            try context.expectReference(operation, input, context: "\(operation) with fresh keys")
        }
    }

    /// The reference library, in process.
    private static func referenceSide(_ operation: String) -> PairingV3Exchange.Side {
        { input throws(CheckFailure) in
            switch Operations.reference(operation, input: input) {
            case .output(let output): return output
            case .error(let code): throw CheckFailure("the reference's \(operation) answered \(code)", actual: input)
            }
        }
    }
}
