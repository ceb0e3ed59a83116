import TunnelCrypto

/// A second Noise, written from spec/13-handshake-v3.md's table (13.1) and Noise revision 34
/// sections 5 and 9 on TunnelCrypto's primitives alone, that records its state after every step.
///
/// The library's `NoiseHandshakeState` keeps `h`, `ck` and `k` private, as a party must; the
/// worked example of 13.5 prints every one of them. A trace that shares no code with the library
/// gives them without widening its API, and checks it: the trace's messages, final `h` and
/// transport keys must equal the library's.
struct NoiseTrace {
    /// The tokens of Noise's notation, as the chapter writes them.
    enum Token: String {
        case e, s, ee, es, se, ss, psk
    }

    /// One party's two key pairs; the trace plays both parties, so it holds both private keys.
    struct Party {
        /// `device` or `core`, as the chapter's value names write it.
        let name: String
        /// `D` or `C`, the subscript of the chapter's `e_D`, `s_C`.
        let initial: String
        let staticPrivate: [UInt8]
        let ephemeralPrivate: [UInt8]
        var staticPublic: [UInt8] { X25519.publicKey(privateKey: staticPrivate) }
        var ephemeralPublic: [UInt8] { X25519.publicKey(privateKey: ephemeralPrivate) }
    }

    /// The state after one step, and what the step produced.
    struct Step {
        /// `init`, `prologue`, `pre_core_s`, `m1_e`, …, `m2_payload`: the chapter's value names
        /// begin with it.
        let name: String
        /// 1 or 2; 0 for the steps before message 1.
        let message: Int
        let operation: String
        let h: [UInt8]
        let ck: [UInt8]
        let k: [UInt8]?
        let n: UInt64
        /// The bytes this step appended to the message (empty for a step that appends nothing).
        let appended: [UInt8]
        /// The values this step printed in full, by name suffix, in the chapter's order.
        let values: [(suffix: String, bytes: [UInt8])]
    }

    private(set) var steps: [Step] = []
    private(set) var messages: [[UInt8]] = []
    private var h: [UInt8]
    private var ck: [UInt8]
    private var k: [UInt8]?
    private var n: UInt64 = 0

    /// Runs a whole two-message handshake, then `payloads[2...]` as transport messages,
    /// alternating from the initiator.
    init(
        protocolName: String,
        prologue: [UInt8],
        preMessages: [Bool],
        pattern: [[Token]],
        initiator: Party,
        responder: Party,
        psk: [UInt8],
        payloads: [[UInt8]]
    ) throws {
        // InitializeSymmetric: both names are 36 bytes, more than HASHLEN, so h is their hash.
        precondition(protocolName.utf8.count > 32)
        h = SHA256.hash(Array(protocolName.utf8))
        ck = h
        record("init", "`h = SHA-256(name)`, `ck = h`", values: [("h", h)])
        mixHash(prologue)
        record("prologue", "`MixHash(prologue)`", values: [("h", h)])
        for (party, isPreMessage) in zip([initiator, responder], preMessages) where isPreMessage {
            mixHash(party.staticPublic)
            record("pre_\(party.name)_s", "`MixHash(s_\(party.initial).pub)`", values: [("h", h)])
        }
        for (index, tokens) in pattern.enumerated() {
            let (writer, payload) = (index == 0 ? initiator : responder, payloads[index])
            var message: [UInt8] = []
            for token in tokens {
                try apply(
                    token,
                    message: index + 1,
                    writer: writer,
                    initiator: initiator,
                    responder: responder,
                    psk: psk
                )
                message += steps[steps.count - 1].appended
            }
            let ciphertext = encryptAndHash(payload)
            record(
                "m\(index + 1)_payload",
                "`EncryptAndHash(payload)`",
                message: index + 1,
                appended: ciphertext,
                values: [("", ciphertext), ("h", h)]
            )
            messages.append(message + ciphertext)
        }
        let (initiatorToResponder, responderToInitiator) = split()
        self.transportKeys = (initiatorToResponder, responderToInitiator)
        for (index, payload) in payloads.dropFirst(2).enumerated() {
            let key = index % 2 == 0 ? initiatorToResponder : responderToInitiator
            // Each direction's counter starts at 0 and counts that direction's messages.
            let counter = UInt64(index / 2)
            messages.append(ChaCha20Poly1305.seal(key: key, nonce: Self.nonce(counter), plaintext: payload, aad: []))
        }
    }

    /// `Split()`'s two keys: initiator to responder, then responder to initiator.
    private(set) var transportKeys: (initiatorToResponder: [UInt8], responderToInitiator: [UInt8]) = ([], [])

    /// The final handshake hash, which the code and the reconnection psk are derived from.
    var handshakeHash: [UInt8] { steps[steps.count - 1].h }

    private mutating func apply(
        _ token: Token,
        message: Int,
        writer: Party,
        initiator: Party,
        responder: Party,
        psk: [UInt8]
    ) throws {
        let name = "m\(message)_\(token.rawValue)"
        switch token {
        case .e:
            let ephemeral = writer.ephemeralPublic
            mixHash(ephemeral)
            // Noise section 9.2: in a psk handshake `e` is also MixKey'd.
            mixKey(ephemeral)
            let keys = "e_\(writer.initial).pub"
            record(
                name,
                "`MixHash(\(keys))`, `MixKey(\(keys))`",
                message: message,
                appended: ephemeral,
                values: [("h", h), ("ck", ck), ("k", k!)]
            )
        case .s:
            let ciphertext = encryptAndHash(writer.staticPublic)
            record(
                name,
                "`EncryptAndHash(s_\(writer.initial).pub)`",
                message: message,
                appended: ciphertext,
                values: [("", ciphertext), ("h", h)]
            )
        case .ee, .es, .se, .ss:
            // The first letter names the initiator's key, the second the responder's.
            let letters = Array(token.rawValue)
            let initiatorPrivate = letters[0] == "e" ? initiator.ephemeralPrivate : initiator.staticPrivate
            let responderPublic = letters[1] == "e" ? responder.ephemeralPublic : responder.staticPublic
            let dh = try X25519.sharedSecret(privateKey: initiatorPrivate, publicKey: responderPublic)
            mixKey(dh)
            let keys = "\(letters[0])_\(initiator.initial), \(letters[1])_\(responder.initial)"
            record(name, "`MixKey(DH(\(keys)))`", message: message, values: [("dh", dh), ("ck", ck), ("k", k!)])
        case .psk:
            let outputs = Self.hkdf(ck, psk, count: 3)
            ck = outputs[0]
            mixHash(outputs[1])
            initializeKey(outputs[2])
            record(
                name,
                "`MixKeyAndHash(psk)`",
                message: message,
                values: [("ck", ck), ("temp_h", outputs[1]), ("h", h), ("k", outputs[2])]
            )
        }
    }

    private mutating func record(
        _ name: String,
        _ operation: String,
        message: Int = 0,
        appended: [UInt8] = [],
        values: [(String, [UInt8])]
    ) {
        steps.append(
            Step(
                name: name,
                message: message,
                operation: operation,
                h: h,
                ck: ck,
                k: k,
                n: n,
                appended: appended,
                values: values
            )
        )
    }

    private mutating func mixHash(_ data: [UInt8]) {
        h = SHA256.hash(h, data)
    }

    private mutating func mixKey(_ inputKeyMaterial: [UInt8]) {
        let outputs = Self.hkdf(ck, inputKeyMaterial, count: 2)
        ck = outputs[0]
        initializeKey(outputs[1])
    }

    private mutating func initializeKey(_ key: [UInt8]) {
        k = key
        n = 0
    }

    /// In both patterns `e` (MixKey'd) comes first, so a key is set before anything is encrypted.
    private mutating func encryptAndHash(_ plaintext: [UInt8]) -> [UInt8] {
        let ciphertext = ChaCha20Poly1305.seal(key: k!, nonce: Self.nonce(n), plaintext: plaintext, aad: h)
        n += 1
        mixHash(ciphertext)
        return ciphertext
    }

    private func split() -> ([UInt8], [UInt8]) {
        let outputs = Self.hkdf(ck, [], count: 2)
        return (outputs[0], outputs[1])
    }

    /// 4 zero bytes, then the counter as 64 bits little-endian (Noise section 12.3).
    static func nonce(_ counter: UInt64) -> [UInt8] {
        [0, 0, 0, 0] + (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) }
    }

    /// Noise's `HKDF(ck, ikm, n)`: RFC 5869 with salt `ck` and empty info, cut into 32-byte outputs.
    static func hkdf(_ chainingKey: [UInt8], _ inputKeyMaterial: [UInt8], count: Int) -> [[UInt8]] {
        let okm = HKDF.expand(prk: HKDF.extract(salt: chainingKey, ikm: inputKeyMaterial), info: [], length: 32 * count)
        return (0..<count).map { Array(okm[32 * $0..<32 * ($0 + 1)]) }
    }
}
