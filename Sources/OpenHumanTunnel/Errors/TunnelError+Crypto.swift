import TunnelCrypto

extension TunnelError {
    /// The protocol error of the same name as a primitive's refusal (spec/07-errors.md).
    public init(_ error: CryptoError) {
        switch error {
        case .badKeyLength: self = .badKeyLength
        case .lowOrderKey: self = .lowOrderKey
        case .authFailed: self = .authFailed
        case .hkdfOutputTooLong: self = .hkdfOutputTooLong
        }
    }

    /// Runs a primitive of `TunnelCrypto`, reporting its refusal as the protocol error of the
    /// same name: `try TunnelError.crypto { () throws(CryptoError) in try X25519.sharedSecret(...) }`.
    @inlinable
    public static func crypto<Value>(_ primitive: () throws(CryptoError) -> Value) throws(TunnelError) -> Value {
        do {
            return try primitive()
        } catch {
            throw TunnelError(error)
        }
    }
}
