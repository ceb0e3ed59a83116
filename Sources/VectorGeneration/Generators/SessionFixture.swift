import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Session keys and frames for one vector, all derived from the vector's id.
///
/// `sealed(by:...)` builds a frame as the peer would send it, with a nonce derived from
/// `name`, so every frame of a step sequence is distinct and reproducible.
struct SessionFixture {
    let id: String
    let keys: SessionKeys

    init(id: String) {
        self.id = id
        keys = SessionKeys(c2s: LabelDerived.key(id: id, name: "c2s"), s2c: LabelDerived.key(id: id, name: "s2c"))
    }

    func nonce(_ name: String) -> [UInt8] { LabelDerived.nonce(id: id, name: "nonce/" + name) }

    func plaintext(_ name: String, length: Int) -> [UInt8] {
        LabelDerived.bytes(length, id: id, name: "plaintext/" + name)
    }

    /// A frame sealed by `role` with nonce `nonce(name)` over `plaintext(name, length:)`.
    func sealed(by role: Role, _ name: String, length: Int = 16) throws -> [UInt8] {
        try cipher(role).seal(plaintext(name, length: length), nonce: nonce(name))
    }

    /// A fresh cipher of `role` over the fixture's keys.
    func cipher(_ role: Role) -> SessionCipher {
        SessionCipher(role: role, keys: keys)
    }

    /// A frame sealed directly with the AEAD, bypassing the cipher's size check: how an
    /// oversize (but authentic) frame is built.
    func rawSealed(by role: Role, nonce: [UInt8], plaintext: [UInt8], aad: [UInt8] = []) -> [UInt8] {
        [MessageType.session.rawValue] + nonce
            + XChaCha20Poly1305.seal(key: keys.sealingKey(for: role), nonce: nonce, plaintext: plaintext, aad: aad)
    }

    /// The common members of a frame-open or session input.
    func input(role: Role) -> JSONValue {
        ["role": .string(role.rawValue), "c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)]
    }
}

extension Role {
    /// The other party: the one whose frames this role opens.
    var peer: Role { self == .device ? .core : .device }
}
