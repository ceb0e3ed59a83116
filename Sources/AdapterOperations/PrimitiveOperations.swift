import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// x25519, hkdf-sha256, hchacha20, xchacha20poly1305-seal/-open, session-keys.
///
/// HChaCha20 and the AEAD have no mutants (a broken AEAD fails everything at once and teaches
/// nothing), so they call the library directly.
extension Operations {
    func x25519(_ input: RequestInput) throws -> JSONValue {
        let shared = try implementation.x25519(scalar: input.key("scalar"), u: input.key("u"))
        return .object(["shared": .hex(shared)])
    }

    func hkdfSHA256(_ input: RequestInput) throws -> JSONValue {
        // 0 to 2^53 - 1 (ADP-30); above 8,160 HKDF refuses with hkdf_output_too_long (KDF-1).
        let length = try input.safeNatural("length", maximum: implementation.largestInputInteger)
        let okm = try implementation.hkdfSHA256(
            ikm: input.bytes("ikm"),
            salt: input.bytes("salt"),
            info: input.bytes("info"),
            length: Int(length)
        )
        return .object(["okm": .hex(okm)])
    }

    func hChaCha20(_ input: RequestInput) throws -> JSONValue {
        let subkey = XChaCha20Poly1305.hChaCha20(
            key: try input.key("key"),
            nonce16: try input.bytes("nonce", count: 16)
        )
        return .object(["subkey": .hex(subkey)])
    }

    func aeadSeal(_ input: RequestInput) throws -> JSONValue {
        let ciphertext = XChaCha20Poly1305.seal(
            key: try input.key("key"),
            nonce: try input.bytes("nonce", count: XChaCha20Poly1305.nonceLength),
            plaintext: try input.bytes("plaintext"),
            aad: try input.bytes("aad")
        )
        return .object(["ciphertext": .hex(ciphertext)])
    }

    func aeadOpen(_ input: RequestInput) throws -> JSONValue {
        let key = try input.key("key"), nonce = try input.bytes("nonce", count: XChaCha20Poly1305.nonceLength)
        let ciphertext = try input.bytes("ciphertext"), aad = try input.bytes("aad")
        let plaintext = try TunnelError.crypto { () throws(CryptoError) in
            try XChaCha20Poly1305.open(key: key, nonce: nonce, ciphertext: ciphertext, aad: aad)
        }
        return .object(["plaintext": .hex(plaintext)])
    }

    func sessionKeys(_ input: RequestInput) throws -> JSONValue {
        let keys = implementation.sessionKeys(
            staticDH: try input.key("staticDh"),
            ephemeralDH: try input.key("ephemeralDh"),
            clientEphemeralPublic: try input.key("clientEphemeralPublic"),
            serverEphemeralPublic: try input.key("serverEphemeralPublic")
        )
        return .object(["c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)])
    }
}
