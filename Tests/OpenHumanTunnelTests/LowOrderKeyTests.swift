import OpenHumanTunnel
import Testing
import TunnelCrypto

/// The fourteen low-order encodings (spec 2.3) at each of the six DH sites (spec 2.2), and the
/// question whether any other public key gives an all-zero output.
@Suite struct LowOrderKeyTests {
    /// libsodium's seven values (0, 1, the two order-8 points, p - 1, p, p + 1), each with bit
    /// 255 clear and set.
    static let encodings = [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "0000000000000000000000000000000000000000000000000000000000000080",
        "0100000000000000000000000000000000000000000000000000000000000080",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    ]

    // MARK: The six DH sites

    /// Core, HS-4 step 5: hs_eph_pub in the frame header. The frame is a valid handshake whose
    /// header key is replaced; the check fires before the AEAD could notice.
    // REQ: DH-2, HS-4, CHAN-6
    @Test(arguments: encodings)
    func coreRefusesALowOrderHandshakeEphemeralKey(encoding: String) throws {
        let pairing = Pairing.named("low hs_eph")
        let frame = try pairing.device.start()
        var channel = Pairing.openPending
        #expect(throws: TunnelError.lowOrderKey) {
            try pairing.core.accept(frame.replacing(at: 1, with: hex(encoding)), channel: &channel)
        }
        #expect(channel == Pairing.openPending)
        _ = try pairing.core.accept(frame, channel: &channel)
    }

    /// Core, HS-4 step 10: device_pubkey inside the authenticated JSON of a pending channel.
    // REQ: DH-2, HS-4, CHAN-6
    @Test(arguments: encodings)
    func coreRefusesALowOrderDeviceKey(encoding: String) throws {
        let pairing = Pairing.named("low device")
        let text = Base64URL.encode(hex(encoding))
        let frame = try pairing.device.sealHandshake(
            pairing.device.plaintext(#"{"device_pubkey":"\#(text)","client_ephemeral_pubkey":"<C>"}"#)
        )
        var channel = Pairing.openPending
        #expect(throws: TunnelError.lowOrderKey) { try pairing.core.accept(frame, channel: &channel) }
        #expect(channel == Pairing.openPending)
        _ = try pairing.core.accept(pairing.device.sealHandshake(pairing.device.canonicalPlaintext), channel: &channel)
    }

    /// Core, HS-4 step 11: client_ephemeral_pubkey inside the authenticated JSON.
    // REQ: DH-2, HS-4, CHAN-6
    @Test(arguments: encodings)
    func coreRefusesALowOrderClientEphemeralKey(encoding: String) throws {
        let pairing = Pairing.named("low client_eph")
        let text = Base64URL.encode(hex(encoding))
        let frame = try pairing.device.sealHandshake(
            pairing.device.plaintext(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"\#(text)"}"#)
        )
        var channel = Pairing.openPending
        #expect(throws: TunnelError.lowOrderKey) { try pairing.core.accept(frame, channel: &channel) }
        #expect(channel == Pairing.openPending)
        // The same on a paired channel of that device: the session is not replaced.
        var paired = ChannelState.paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil)
        #expect(throws: TunnelError.lowOrderKey) { try pairing.core.accept(frame, channel: &paired) }
        #expect(paired == .paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil))
        _ = try pairing.core.accept(pairing.device.sealHandshake(pairing.device.canonicalPlaintext), channel: &channel)
    }

    /// Device, HS-3: a QR code with a low-order cpk; the device refuses to build the handshake.
    // REQ: DH-2, HS-3
    @Test(arguments: encodings)
    func deviceRefusesToStartWithALowOrderCoreKey(encoding: String) throws {
        var device = Pairing.named("low cpk start").device
        _ = try device.start()
        device.corePublic = hex(encoding)
        #expect(throws: TunnelError.lowOrderKey) { try device.start() }
    }

    /// Device, ACK-4 step 4: static_dh with a low-order cpk, before the ack is authenticated.
    // REQ: DH-2, ACK-4
    @Test(arguments: encodings)
    func deviceRefusesToFinishWithALowOrderCoreKey(encoding: String) throws {
        let pairing = Pairing.named("low cpk finish")
        var channel = Pairing.openPending
        let ack = try pairing.core.accept(pairing.device.start(), channel: &channel).ack
        _ = try pairing.device.finish(ack)
        var device = pairing.device
        device.corePublic = hex(encoding)
        #expect(throws: TunnelError.lowOrderKey) { try device.finish(ack) }
    }

    /// Device, ACK-4 step 7: server_ephemeral_pubkey inside the authenticated ack.
    // REQ: DH-2, ACK-4
    @Test(arguments: encodings)
    func deviceRefusesALowOrderServerEphemeralKey(encoding: String) throws {
        let pairing = Pairing.named("low server_eph")
        let text = Base64URL.encode(hex(encoding))
        let ack = try pairing.core.sealAck(
            utf8(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"\#(text)"}"#),
            for: pairing.device
        )
        #expect(throws: TunnelError.lowOrderKey) { try pairing.device.finish(ack) }
        _ = try pairing.device.finish(pairing.core.sealAck(pairing.core.canonicalAckPlaintext, for: pairing.device))
    }

    /// On a paired channel a low-order device_pubkey is not the stored key: step 8 fires first.
    // REQ: HS-4, CHAN-3
    @Test func onAPairedChannelALowOrderDeviceKeyIsAnUnknownDevice() throws {
        let pairing = Pairing.named("low device paired")
        let frame = try pairing.device.sealHandshake(
            pairing.device.plaintext(
                #"{"device_pubkey":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","client_ephemeral_pubkey":"<C>"}"#
            )
        )
        var channel = ChannelState.paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil)
        #expect(throws: TunnelError.unknownDevice) { try pairing.core.accept(frame, channel: &channel) }
        var pending = Pairing.openPending
        #expect(throws: TunnelError.lowOrderKey) { try pairing.core.accept(frame, channel: &pending) }
    }

    // MARK: Is there any other key that gives zero?

    /// Every listed encoding gives zero with every clamped scalar (a few dozen here), and the
    /// library's `isLowOrder` agrees.
    // REQ: DH-1, DH-2
    @Test(arguments: encodings)
    func everyListedEncodingGivesZeroForEveryScalar(encoding: String) {
        for index in 0..<24 {
            #expect(throws: CryptoError.lowOrderKey) {
                try X25519.sharedSecret(privateKey: testPrivateKey("scalar \(index)"), publicKey: hex(encoding))
            }
        }
        #expect(X25519.isLowOrder(hex(encoding)))
    }

    /// The answer: no. X25519 masks bit 255 (DH-1), so a public key is a 255-bit integer taken
    /// modulo p = 2^255 - 19, plus the ignored top bit. A clamped scalar is 8 * s' with
    /// 2^251 <= s' < 2^252, smaller than both large prime factors (curve order 8 * l, twist order
    /// 4 * l', with l, l' > 2^252), so the output is zero exactly when the point has order
    /// dividing 8 on the curve or 4 on the twist. Those points have five u values modulo p:
    /// 0 (order 2), 1 (order 4, curve), p - 1 (order 4, twist) and the two order-8 values; no
    /// point of order 16 exists over F_p. (Found independently in Python as the F_p roots of the
    /// x-only doubling equations x(2P) = t, t running over the lower orders; spec 2.4 reaches the
    /// same five values.) The 255-bit encodings of u are u and u + p when u + p < 2^255, which
    /// holds only for u < 19: so p and p + 1, and seven values in all. With bit 255 clear or set,
    /// that is exactly the fourteen listed encodings.
    ///
    /// This test proves the boundary that a mistaken list would most likely get wrong: every
    /// other non-canonical encoding (u + p for u = 2 to 18, both top bits) gives the same non-zero
    /// output as u itself, and a scan around each of the five values, in both top-bit variants,
    /// finds zero exactly at the listed encodings.
    // REQ: DH-1, DH-2
    @Test func noUnlistedPublicKeyGivesZero() throws {
        let listed = Set(Self.encodings.map(hex))
        let scalar = testPrivateKey("search scalar")
        func isZero(_ u: [UInt8]) -> Bool {
            do {
                _ = try X25519.sharedSecret(privateKey: scalar, publicKey: u)
                return false
            } catch {
                #expect(error == .lowOrderKey)
                return true
            }
        }
        let p = hex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        for u in 2...18 {
            let canonical = littleEndian(u)
            let nonCanonical = adding(u, to: p)
            let expected = try X25519.sharedSecret(privateKey: scalar, publicKey: canonical)
            #expect(try X25519.sharedSecret(privateKey: scalar, publicKey: nonCanonical) == expected, "u = \(u) + p")
            #expect(try X25519.sharedSecret(privateKey: scalar, publicKey: withTopBit(nonCanonical)) == expected)
        }
        var scanned = 0
        var zeros = Set<[UInt8]>()
        let centres = [littleEndian(0), littleEndian(1), hex(Self.encodings[2]), hex(Self.encodings[3]), p]
        for centre in centres {
            for offset in -300...300 {
                let u = adding(offset, to: centre)
                guard u[31] & 0x80 == 0 else { continue }  // below 0 or at/above 2^255: not a 255-bit value
                for candidate in [u, withTopBit(u)] {
                    scanned += 1
                    if isZero(candidate) { zeros.insert(candidate) }
                    #expect(X25519.isLowOrder(candidate) == listed.contains(candidate))
                }
            }
        }
        #expect(zeros == listed)
        #expect(scanned > 4_000)
    }

    /// `u` as a 32-byte little-endian integer.
    private func littleEndian(_ u: Int) -> [UInt8] {
        adding(u, to: repeated(0, 32))
    }

    /// `value + offset` for a 32-byte little-endian value, wrapping modulo 2^256.
    private func adding(_ offset: Int, to value: [UInt8]) -> [UInt8] {
        var out = value
        var carry = offset
        for index in 0..<32 {
            let sum = Int(out[index]) + carry
            out[index] = UInt8(truncatingIfNeeded: sum)
            carry = sum >> 8  // arithmetic shift: negative sums borrow
        }
        return out
    }

    private func withTopBit(_ u: [UInt8]) -> [UInt8] {
        var out = u
        out[31] |= 0x80
        return out
    }
}
