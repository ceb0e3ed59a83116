import OpenHumanTunnel
import TunnelCrypto

/// FRAME-SEAL-2 cannot be tested by a fixed vector: the nonce must come from the implementation's
/// own CSPRNG. So the runner asks for many seals of one plaintext without a nonce and looks at
/// what comes back.
///
/// Three properties are checked: every frame is a correct frame (it opens under the reference
/// with the role's key), no nonce repeats, and every one of the 24 nonce byte positions takes
/// many values. The last one catches nonces that are distinct but not random, such as a counter
/// or a timestamp in some bytes: over 1,000 CSPRNG nonces each position takes about 250 of the
/// 256 values, and fewer than 150 essentially never happens (the chance is far below 2^-100),
/// while a counter leaves its high bytes constant.
enum SealNonceCheck {
    static let frames = 1_000
    static let minimumDistinctPerPosition = 150

    static func run(_ context: inout LiveContext) throws(CheckFailure) {
        let keys = SessionKeys(c2s: context.bytes(32), s2c: context.bytes(32))
        let plaintext = context.bytes(32)
        let roles = (0..<frames).map { $0 < frames / 2 ? Role.device : Role.core }
        let requests = roles.map { role in
            AdapterRequest(
                operation: "frame-seal",
                input: [
                    "role": .string(role.rawValue), "c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c),
                    "plaintext": .hex(plaintext),
                ]
            )
        }
        // One opener per sealing role, alive for the whole check: the peer of the sealing role
        // opens with the same direction key. Duplicates are caught by `seen` before the window.
        var openers: [Role: SessionCipher] = [
            .device: SessionCipher(role: .core, keys: keys),
            .core: SessionCipher(role: .device, keys: keys),
        ]
        var seen = Set<[UInt8]>()
        var valuesAtPosition = [Set<UInt8>](repeating: [], count: XChaCha20Poly1305.nonceLength)
        for (index, result) in context.driver.call(requests).enumerated() {
            let output = try LiveContext.unwrap(result, operation: "frame-seal")
            let frame = try LiveContext.hexMember("frame", of: output, operation: "frame-seal")
            context.recorder.frame(frame, from: roles[index])
            let where_ = "frame \(index + 1) of \(frames) (role \(roles[index].rawValue))"
            guard frame.count == plaintext.count + Limits.sessionFrameOverhead, frame.first == 0x02 else {
                throw CheckFailure(
                    "\(where_) is not a session frame of a \(plaintext.count)-byte plaintext "
                        + "(\(frame.count) bytes, first byte \(frame.first.map { String($0) } ?? "none"))",
                    actual: output
                )
            }
            let nonce = Array(frame[SessionFrame.nonceRange])
            guard seen.insert(nonce).inserted else {
                throw CheckFailure(
                    "\(where_) repeats an earlier nonce \(Hex.encode(nonce)): FRAME-SEAL-2 forbids reuse",
                    actual: output
                )
            }
            for (position, byte) in nonce.enumerated() { valuesAtPosition[position].insert(byte) }
            let opened: [UInt8]
            do {
                opened = try openers[roles[index]]!.open(frame)
            } catch {
                throw CheckFailure(
                    "\(where_) does not open under the reference with the \(roles[index].rawValue)'s "
                        + "sealing key: \(error.code)",
                    actual: output
                )
            }
            guard opened == plaintext else {
                throw CheckFailure("\(where_) opens to another plaintext", actual: output)
            }
        }
        for (position, values) in valuesAtPosition.enumerated() where values.count < minimumDistinctPerPosition {
            throw CheckFailure(
                "nonce byte \(position) took only \(values.count) distinct values over \(frames) frames "
                    + "(CSPRNG output takes about 250): the nonces look like a counter or a timestamp, "
                    + "not fresh random bytes (FRAME-SEAL-2)"
            )
        }
    }
}
