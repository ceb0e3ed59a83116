import KitModels
import OpenHumanTunnel
import Testing
import TunnelCrypto

/// The key log's line grammar and its one rule of consistency (kit chapter 3, KEYLOG-*).
@Suite struct KeyLogTests {
    static let core = testPrivateKey("key log core")
    static let device = testPrivateKey("key log device")
    static let coreEntry = KeyLogEntry.privateKey(.coreStatic, core)

    // REQ: KEYLOG-1, KEYLOG-2
    @Test func aWrittenLineIsLabelIdAndSecretInLowercaseHex() throws {
        let line = Self.coreEntry.line
        #expect(line == "CORE_STATIC \(Hex.encode(X25519.publicKey(privateKey: Self.core))) \(Hex.encode(Self.core))\n")
        #expect(
            try KeyLogParser.parse(line).secret(.coreStatic, id: X25519.publicKey(privateKey: Self.core)) == Self.core
        )
    }

    // REQ: KEYLOG-2
    @Test func sessionKeysAreNamedByBothEphemeralPublicKeys() throws {
        let keys = SessionKeys(c2s: repeated(0x11, 32), s2c: repeated(0x22, 32))
        let entry = KeyLogEntry.session(
            clientEphemeralPublic: repeated(0xaa, 32),
            serverEphemeralPublic: repeated(0xbb, 32),
            keys: keys
        )
        let log = try KeyLogParser.parse(entry.line)
        #expect(log.secret(.sessionKeys, id: repeated(0xaa, 32) + repeated(0xbb, 32)) == keys.c2s + keys.s2c)
        #expect(log.secret(.sessionKeys, id: repeated(0xbb, 32) + repeated(0xaa, 32)) == nil)
    }

    // REQ: KEYLOG-3
    @Test func commentsBlankLinesUnknownLabelsAndAMissingLastLineFeedAreAccepted() throws {
        let device = KeyLogEntry.privateKey(.deviceStatic, Self.device)
        let text = "# written by a test\n\nFUTURE_SECRET 00 01\n" + Self.coreEntry.line + String(device.line.dropLast())
        let log = try KeyLogParser.parse(text)
        #expect(log.entries == [Self.coreEntry, device])
        #expect(log.text == Self.coreEntry.line + device.line)
    }

    // REQ: KEYLOG-3
    @Test func malformedLinesAreTypedErrorsWithTheirLineNumber() {
        let id = Hex.encode(repeated(0xab, 32)), secret = Hex.encode(repeated(2, 32))
        let cases: [(String, KeyLogError)] = [
            ("CORE_STATIC \(id)", .malformedLine(line: 1)),
            ("CORE_STATIC  \(id) \(secret)", .malformedLine(line: 1)),
            ("CORE_STATIC\t\(id) \(secret)", .malformedLine(line: 1)),
            ("core_static \(id) \(secret)", .malformedLine(line: 1)),
            ("CORE_STATIC \(id) \(secret) ", .malformedLine(line: 1)),
            ("CORE_STATIC \(id) \(secret)\r", .badHex(line: 1)),
            ("CORE_STATIC \(id.uppercased()) \(secret)", .badHex(line: 1)),
            ("CORE_STATIC \(id) \(secret.dropLast())", .badHex(line: 1)),
            ("CORE_STATIC \(id)00 \(secret)", .badLength(line: 1, label: .coreStatic)),
            ("SESSION_KEYS \(id) \(secret)", .badLength(line: 1, label: .sessionKeys)),
            ("# ok\nCORE_STATIC zz \(secret)", .badHex(line: 2)),
            ("# a CR LF file\r\nCORE_STATIC \(id) \(secret)\r\r\n", .badHex(line: 2)),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try KeyLogParser.parse(text) }
        }
        #expect(throws: Never.self) { try KeyLogParser.parse("CORE_STATIC \(id) \(secret)") }
        // A CR LF file reads as its LF twin (KEYLOG-3).
        #expect(
            (try? KeyLogParser.parse("# a CR LF file\r\nCORE_STATIC \(id) \(secret)\r\n"))
                == (try? KeyLogParser.parse("# a CR LF file\nCORE_STATIC \(id) \(secret)\n"))
        )
        #expect((try? KeyLogParser.parse("CORE_STATIC \(id) \(secret)\r\n"))?.entries.count == 1)
    }

    // REQ: KEYLOG-4
    @Test func theSameSecretTwiceIsFineButAnotherSecretForTheSameIdDisablesBoth() throws {
        let id = X25519.publicKey(privateKey: Self.core)
        #expect(
            try KeyLogParser.parse(Self.coreEntry.line + Self.coreEntry.line).secret(.coreStatic, id: id) == Self.core
        )

        let other = KeyLogEntry(label: .coreStatic, id: id, secret: repeated(7, 32))
        let reading = KeyLogParser.read(Self.coreEntry.line + other.line + Self.coreEntry.line)
        // Line 3 repeats line 1 but still contradicts line 2: every contradicting line is named.
        #expect(
            reading.errors == [
                .conflictingSecret(line: 2, label: .coreStatic, id: id),
                .conflictingSecret(line: 3, label: .coreStatic, id: id),
            ]
        )
        #expect(reading.log.secret(.coreStatic, id: id) == nil)
        #expect(throws: KeyLogError.conflictingSecret(line: 2, label: .coreStatic, id: id)) {
            try KeyLogParser.parse(Self.coreEntry.line + other.line)
        }
        // The same id under another label is another secret, not a conflict.
        let device = KeyLogEntry(label: .deviceStatic, id: id, secret: repeated(7, 32))
        #expect(KeyLogParser.read(Self.coreEntry.line + device.line).errors.isEmpty)
    }

    // REQ: KEYLOG-1, KEYLOG-8, KEYLOG-9, KEYLOG-10
    @Test func theDerivedLabelsHaveTheLengthsOfTheirSaltsAndSecrets() throws {
        let hex = { (byte: UInt8, count: Int) in Hex.encode([UInt8](repeating: byte, count: count)) }
        let lines = [
            "K_HS \(hex(1, 64)) \(hex(2, 32))", "K_ACK \(hex(3, 32)) \(hex(4, 32))",
            "SESSION_KEYS \(hex(3, 64)) \(hex(5, 64))", "SAS_OKM \(hex(6, 32)) \(hex(7, 8))",
        ]
        let log = try KeyLogParser.parse(lines.joined(separator: "\n"))
        #expect(log.entries.map(\.label) == [.ackKey, .handshakeKey, .pairingCodeKey, .sessionKeys])
        #expect(log.secret(.pairingCodeKey, id: [UInt8](repeating: 6, count: 32)) == [UInt8](repeating: 7, count: 8))
        // A K_HS named by hs_eph_pub alone, or a SAS_OKM with 32 bytes of secret, is the wrong length.
        #expect(
            KeyLogParser.read("K_HS \(hex(1, 32)) \(hex(2, 32))").errors == [.badLength(line: 1, label: .handshakeKey)]
        )
        #expect(
            KeyLogParser.read("SAS_OKM \(hex(6, 32)) \(hex(7, 32))").errors == [
                .badLength(line: 1, label: .pairingCodeKey)
            ]
        )
    }
}
