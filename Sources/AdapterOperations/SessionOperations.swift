import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// frame-seal, frame-open and session: one fresh session endpoint per request.
extension Operations {
    func frameSeal(_ input: RequestInput) throws -> JSONValue {
        var session = implementation.session(role: try input.role(), keys: try input.sessionKeys())
        let frame = try session.seal(
            try input.bytes("plaintext"),
            nonce: try input.optionalBytes("nonce", count: XChaCha20Poly1305.nonceLength)
        )
        return .object(["frame": .hex(frame)])
    }

    func frameOpen(_ input: RequestInput) throws -> JSONValue {
        var session = implementation.session(role: try input.role(), keys: try input.sessionKeys())
        return .object(["plaintext": .hex(try session.open(try input.bytes("frame")))])
    }

    /// A step of the `session` operation, read completely before any step runs, so a malformed
    /// step makes the whole request `bad_request` instead of leaving half a run.
    private enum SessionStep {
        case seal(plaintext: [UInt8], nonce: [UInt8]?)
        case open(frame: [UInt8])

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            switch (step.has("seal"), step.has("open")) {
            case (true, false):
                let seal = try step.object("seal")
                self = .seal(
                    plaintext: try seal.bytes("plaintext"),
                    nonce: try seal.optionalBytes("nonce", count: XChaCha20Poly1305.nonceLength)
                )
            case (false, true):
                self = .open(frame: try step.object("open").bytes("frame"))
            default:
                throw BadRequest(reason: "\(path): expected exactly one of \"seal\" and \"open\"")
            }
        }
    }

    /// One session object for all steps; a failing step reports its code and the next runs.
    func session(_ input: RequestInput) throws -> JSONValue {
        var session = implementation.session(role: try input.role(), keys: try input.sessionKeys())
        return try StepRunner.run(input, catching: TunnelError.self, parse: SessionStep.init) { step in
            switch step {
            case .seal(let plaintext, let nonce): ["frame": .hex(try session.seal(plaintext, nonce: nonce))]
            case .open(let frame): ["plaintext": .hex(try session.open(frame))]
            }
        }
    }
}
