import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The attack of review R3-1 against the adapter's version 3 core (V3-COMMIT-1, V3-SAS-1,
/// V3-ATTEMPT-1): a party in the middle has seen the real QR code, has handed the phone a payload
/// of its own core, and grinds offline as much as it likes.
///
/// Its best strategy: finish with the phone first (so it knows the phone's code), then try the
/// real core with the QR secret and reveal only an attempt whose code is the phone's. Each QR code
/// allows three attempts; the fourth must be `too_many_attempts`. With `--slow` the check tries
/// 3,334 QR codes (10,002 attempts), otherwise 3.
///
/// A conforming core makes each attempt's code uniform and independent of the phone's, so a match
/// has probability 10^-6; the check fails on a third match, which chance alone gives with
/// probability below 10^-6 over 10,002 attempts, while a core whose code the attacker can steer
/// matches every time.
enum ManInTheMiddleCheck {
    static let quickQRCodes = 3
    static let slowQRCodes = 3_334
    static let allowedMatches = 2

    static func run(_ context: inout LiveContext) throws(CheckFailure) {
        var matches = 0
        for _ in 0..<(context.slow ? slowQRCodes : quickQRCodes) {
            let phoneCode = try phoneCodeWithAttackersCore(&context)
            let codes = try attackRealCore(&context)
            matches += codes.filter { $0 == phoneCode }.count
        }
        guard matches <= allowedMatches else {
            throw CheckFailure(
                "a party in the middle holding the QR code made the real core's code equal the phone's \(matches) times"
            )
        }
    }

    /// The phone, handed the attacker's own payload, pairs with the attacker's core: the code it
    /// shows, which the attacker knows (both ends are the reference, in process).
    private static func phoneCodeWithAttackersCore(_ context: inout LiveContext) throws(CheckFailure) -> String {
        let coreStatic = context.bytes(32), secret = context.bytes(PairingV3.pairingSecretLength)
        let channelID = Hex.encode(context.bytes(16)).uppercased()
        let shown: String?
        do throws(TunnelError) {
            var core = CorePairingV3(
                coreStaticPrivate: coreStatic,
                channelID: channelID,
                pairingSecret: secret,
                expiresAt: LiveContext.now + 600
            )
            var phone = try DevicePairingV3(
                corePublicKey: X25519.publicKey(privateKey: coreStatic),
                channelID: channelID,
                pairingSecret: secret,
                deviceStaticPrivate: context.bytes(32),
                deviceEphemeralPrivate: context.bytes(32),
                deviceNonce: context.bytes(PairingV3.nonceLength)
            )
            let reply = try core.receive(
                phone.messageOne,
                now: LiveContext.now,
                coreEphemeralPrivate: context.bytes(32),
                coreNonce: context.bytes(PairingV3.nonceLength)
            ).reply
            if let reply { _ = try phone.receive(reply, now: LiveContext.now) }
            shown = phone.code
        } catch {
            throw CheckFailure("the reference pairing failed: \(error.code)")
        }
        guard let shown else { throw CheckFailure("the reference phone shows no code after its own core's message 2") }
        return shown
    }

    /// Four message 1s with the real QR code under fresh keys, at one request to the adapter's
    /// core: the codes of the three it must answer, computed by the attacker from each message 2;
    /// the fourth must be refused with `too_many_attempts`.
    private static func attackRealCore(_ context: inout LiveContext) throws(CheckFailure) -> [String] {
        let coreStatic = context.bytes(32), secret = context.bytes(PairingV3.pairingSecretLength)
        let channelID = Hex.encode(context.bytes(16)).uppercased()
        var attackers: [DevicePairingV3] = []
        do throws(TunnelError) {
            for _ in 0...CorePairingV3.maximumAttempts {
                attackers.append(
                    try DevicePairingV3(
                        corePublicKey: X25519.publicKey(privateKey: coreStatic),
                        channelID: channelID,
                        pairingSecret: secret,
                        deviceStaticPrivate: context.bytes(32),
                        deviceEphemeralPrivate: context.bytes(32),
                        deviceNonce: context.bytes(PairingV3.nonceLength)
                    )
                )
            }
        } catch {
            throw CheckFailure("the reference phone could not build message 1: \(error.code)")
        }
        // One token of HS-RATE-1's bucket comes back every 12 s (V3-RATE-1).
        let steps: [JSONValue] = attackers.enumerated().map { index, attacker in
            [
                "receive": [
                    "message": .hex(attacker.messageOne), "now": .int(LiveContext.now + 12 * Int64(index)),
                    "coreEphemeral": .hex(context.bytes(32)), "coreNonce": .hex(context.bytes(PairingV3.nonceLength)),
                ]
            ]
        }
        let input: JSONValue = [
            "coreStaticPrivate": .hex(coreStatic), "cid": .string(channelID), "pairingSecret": .hex(secret),
            "expiresAt": .int(LiveContext.now + 600), "steps": .array(steps),
        ]
        let answer = try context.expectReference(
            "pairing-v3-core",
            input,
            context: "pairing-v3-core facing a party in the middle"
        )
        var codes: [String] = []
        for index in 0..<CorePairingV3.maximumAttempts {
            guard let step = PairingV3Exchange.step(answer, index), step["error"] == nil,
                case .array(let send)? = step["send"], send.count == 1,
                let reply = send[0].stringValue.flatMap(Hex.decode)
            else {
                throw CheckFailure(
                    "attempt \(index + 1) with the QR secret is not answered with message 2",
                    actual: answer
                )
            }
            var attacker = attackers[index]
            guard (try? attacker.receive(reply, now: LiveContext.now)) != nil, let code = attacker.code else {
                throw CheckFailure("attempt \(index + 1)'s message 2 does not open at the phone", actual: answer)
            }
            codes.append(code)
        }
        guard let fourth = PairingV3Exchange.step(answer, CorePairingV3.maximumAttempts),
            fourth["error"] == "too_many_attempts", fourth["state"] == "revoked"
        else {
            throw CheckFailure(
                "the 4th attempt with the QR secret is not too_many_attempts with the channel revoked",
                actual: answer
            )
        }
        return codes
    }
}
