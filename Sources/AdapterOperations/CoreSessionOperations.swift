import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// core-session: the core's production opener, with its whole-session memory and bound
/// (MEMORY-1, MEMORY-2), and the `openMany` step that opens thousands of device frames from a
/// seed so a vector can replay a frame after 10,000 others, or at the bound, in a few bytes.
extension Operations {
    /// The largest `openMany` count: the larger allowed bound of MEMORY-2.
    static let maximumOpenMany: Int64 = 1_048_576

    private enum CoreSessionStep {
        case seal(plaintext: [UInt8], nonce: [UInt8]?)
        case open(frame: [UInt8])
        case openMany(seed: String, count: Int)

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            switch (step.has("seal"), step.has("open"), step.has("openMany")) {
            case (true, false, false):
                let seal = try step.object("seal")
                self = .seal(
                    plaintext: try seal.bytes("plaintext"),
                    nonce: try seal.optionalBytes("nonce", count: XChaCha20Poly1305.nonceLength)
                )
            case (false, true, false):
                self = .open(frame: try step.object("open").bytes("frame"))
            case (false, false, true):
                let many = try step.object("openMany")
                let count = try many.safeNatural("count")
                guard count <= Operations.maximumOpenMany else {
                    throw BadRequest(reason: "\(path).openMany.count: at most \(Operations.maximumOpenMany)")
                }
                self = .openMany(seed: try many.string("seed"), count: Int(count))
            default:
                throw BadRequest(reason: "\(path): expected exactly one of \"seal\", \"open\" and \"openMany\"")
            }
        }
    }

    func coreSession(_ input: RequestInput) throws -> JSONValue {
        let keys = try input.sessionKeys()
        var session = implementation.coreSession(keys: keys)
        return try StepRunner.run(input, catching: TunnelError.self, parse: CoreSessionStep.init) { step in
            switch step {
            case .seal(let plaintext, let nonce): ["frame": .hex(try session.seal(plaintext, nonce: nonce))]
            case .open(let frame): ["plaintext": .hex(try session.open(frame))]
            case .openMany(let seed, let count): Self.openMany(&session, keys: keys, seed: seed, count: count)
            }
        }
    }

    /// Frame `i` is `0x02 || S[24i:24i+24] || XChaCha20-Poly1305(c2s, nonce, "", "")` with
    /// `S = stream(seed)`: the device's frames, sealed here with the library (the sealing side
    /// is not under test), opened by the implementation until the first failure.
    private static func openMany(
        _ session: inout any SessionEndpoint,
        keys: SessionKeys,
        seed: String,
        count: Int
    ) -> [String: JSONValue] {
        var stream = ByteStream(label: seed)
        let device = SessionCipher(role: .device, keys: keys)
        for index in 0..<count {
            do throws(TunnelError) {
                _ = try session.open(try device.seal([], nonce: stream.next(XChaCha20Poly1305.nonceLength)))
            } catch {
                return ["opened": .int(Int64(index)), "error": .string(error.code)]
            }
        }
        return ["opened": .int(Int64(count))]
    }
}
