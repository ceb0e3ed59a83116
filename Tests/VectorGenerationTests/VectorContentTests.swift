import Foundation
import Testing
import VectorFormat

/// What the suite must contain: well-formed vectors, and every negative category of the brief.
@Suite struct VectorContentTests {
    private func ids(prefix: String) throws -> [String] {
        try Fixtures.suite().files.flatMap(\.vectors).map(\.id).filter { $0.hasPrefix(prefix) }
    }

    // REQ: VEC-2, VEC-3, VEC-4, VEC-5
    @Test func everyVectorIsWellFormed() throws {
        var seen = Set<String>()
        for file in try Fixtures.suite().files {
            for vector in file.vectors {
                #expect(seen.insert(vector.id).inserted, "\(vector.id) is not unique")
                #expect(vector.id.hasPrefix(file.area + "/"), "\(vector.id) is outside \(file.area)")
                #expect(!vector.requirements.isEmpty && !vector.comment.isEmpty && !vector.comment.contains("\n"))
                #expect(vector.flags.allSatisfy { file.flags[$0] != nil }, "\(vector.id) uses an undescribed flag")
                #expect((vector.result == .acceptable) == (vector.policy != nil), "\(vector.id): policy iff acceptable")
                if let policy = vector.policy { #expect(Policy(policy) != nil) }
                let stepErrors = vector.expected["steps"]?.arrayValue?.contains { $0["error"] != nil } ?? false
                if vector.result == .invalid { #expect(vector.expectedError != nil || stepErrors, "\(vector.id)") }
                if vector.result == .valid { #expect(vector.expectedError == nil && !stepErrors, "\(vector.id)") }
            }
        }
    }

    // REQ: VEC-4, REPLAY-3, MEMORY-2
    @Test func acceptableVectorsComeInComplementaryPolicyPairs() throws {
        let acceptable = try Fixtures.suite().files.flatMap(\.vectors).filter { $0.result == .acceptable }
        let window = acceptable.filter { Policy($0.policy!)!.name == Policy.replayMemory }
        let bound = acceptable.filter { Policy($0.policy!)!.name == Policy.sessionReplayMemory }
        #expect(window.count >= 2 && bound.count >= 2)
        #expect(window.count + bound.count == acceptable.count, "every policy is one of the two of version 2")
        for declared: Int64 in [128, 129, 1000] {
            let running = window.filter { Policy($0.policy!)!.holds(for: [Policy.replayMemory: declared]) }
            #expect(running.count * 2 == window.count, "replayMemory=\(declared) should run exactly one of each pair")
        }
        // The two allowed bounds of MEMORY-2: each runs exactly one of the two families.
        for declared: Int64 in [65_536, 1_048_576] {
            let running = bound.filter { Policy($0.policy!)!.holds(for: [Policy.sessionReplayMemory: declared]) }
            #expect(running.count * 2 == bound.count, "sessionReplayMemory=\(declared) should run exactly one family")
        }
        #expect(acceptable.allSatisfy { !Policy($0.policy!)!.holds(for: [:]) }, "an undeclared policy never holds")
    }

    // REQ: DH-2, HS-3, HS-4, ACK-4
    @Test func fourteenLowOrderEncodingsAtEveryDHSite() throws {
        for prefix in [
            "x25519/low-order-", "handshake/start/low-order-core-key-", "handshake/core/low-order-hs-eph-",
            "handshake/core/low-order-device-key-", "handshake/core/low-order-client-ephemeral-",
            "handshake/finish/low-order-core-key-", "handshake/finish/low-order-server-ephemeral-",
            "qr-encode/cpk-low-order-", "qr-parse/cpk-low-order-",
        ] {
            #expect(try ids(prefix: prefix).count == 14, "\(prefix)*")
        }
    }

    // REQ: TYPE-1, TYPE-3, TYPE-4, TYPE-5
    @Test func everyTypeOctetAtEveryReceiver() throws {
        for receiver in ["frame-open/", "handshake/core/", "handshake/finish/"] {
            let sweep = try ids(prefix: receiver + "type-0x")
            #expect(sweep.count == 256, "\(receiver)")
            #expect(
                try Fixtures.vector(receiver + "type-0x01-legacy")?.expectedError
                    ?? Fixtures.vector(receiver + "type-0x01-legacy")?.expected["steps"]?.arrayValue?.first?["error"]?
                    .stringValue
                    == "legacy_frame"
            )
        }
    }

    // REQ: FRAME-OPEN-3, HS-4, ACK-4
    @Test func truncationAtEveryLength() throws {
        #expect(try ids(prefix: "frame-open/truncated-to-").count == 46)
        #expect(try ids(prefix: "handshake/core/truncated-to-").count == 208)
        #expect(try ids(prefix: "handshake/finish/truncated-to-").count == 137)
        #expect(try Fixtures.vector("frame-open/length-41-empty-plaintext")?.result == .valid)
    }

    // REQ: JSON-2, JSON-3, JSON-4, JSON-5, JSON-6
    @Test func everyHandshakeFieldHasEachJSONVariant() throws {
        let suffixes = [
            "missing", "duplicate-equal", "duplicate-different", "duplicate-escaped-name", "number", "null", "array",
            "object", "true", "false", "padded", "plus", "slash", "trailing-bits", "31-bytes", "33-bytes",
            "escaped-value",
        ]
        for field in ["core/device_pubkey", "core/client_ephemeral_pubkey", "finish/server_ephemeral_pubkey"] {
            for suffix in suffixes {
                #expect(try Fixtures.vector("handshake/\(field)-\(suffix)") != nil, "handshake/\(field)-\(suffix)")
            }
        }
        #expect(try Fixtures.vector("handshake/core/json-unknown-members")?.result == .valid)
    }

    // REQ: REPLAY-3, SIZE-1, KDF-2, KDF-5
    @Test func boundariesWorkedExampleAndFixedInputsArePresent() throws {
        let expectations: [(String, VectorResult)] = [
            ("replay-window/replay-128th-most-recent-refused", .invalid),
            ("replay-window/replay-129th-most-recent-memory-128", .acceptable),
            ("frame-open/length-49152-maximum", .valid), ("frame-open/length-49153-too-large", .invalid),
            ("frame-open/reflected-device-frame", .invalid), ("replay-window/reorder-accepted", .valid),
            ("worked-example/handshake-device-start", .valid), ("worked-example/session-device", .invalid),
        ]
        for (id, result) in expectations {
            #expect(try Fixtures.vector(id)?.result == result, "\(id)")
        }
        #expect(try ids(prefix: "session-keys/fixed-").count == 8)
    }

    // REQ: VEC-3
    @Test func importedKnownAnswersNameTheirSource() throws {
        for id in [
            "x25519/rfc7748-5.2-vector-1", "x25519/rfc7748-6.1-alice-shared", "hkdf/rfc5869-a.3",
            "xchacha20poly1305/hchacha20-draft-2.2.1", "xchacha20poly1305/seal-draft-a.3.1",
        ] {
            #expect(try Fixtures.vector(id)?.source?.isEmpty == false, "\(id)")
        }
    }

    // REQ: VEC-7
    @Test func accumulatedHashesMatchThePythonReproduction() throws {
        // tools/accumulated.py, written from spec/kit/01-vectors.md section 1.7, gives these.
        #expect(
            try AccumulatedTest.referenceHash(seed: AccumulatedTest.seed, count: 1)
                == "0eda6b9a95a0d2bdfa771d976981d39744934ece777578f32271c20fe11b317b"
        )
        #expect(
            try AccumulatedTest.referenceHash(seed: AccumulatedTest.seed, count: 100)
                == "607bdead2ad30d4855e9d82efbf71196417aaa5ac8a5ad5f72e3e231aca04ab5"
        )
        #expect(
            try Fixtures.vector("accumulated/session-frames-10000")?.expected["sha256"]?.stringValue
                == "2a5829e53d8b1b12095e582a6ea127a869ae05186bc164ebcc329c553932f3e9"
        )
        #expect(try Fixtures.vector("accumulated/session-frames-1000000")?.isSlow == true)
    }

    @Test func labelStreamIsSHA256InCounterMode() {
        // SHA-256("abc" || 00..00) and SHA-256("abc" || 00..01), computed with Python's hashlib.
        var stream = ByteStream(label: "abc")
        #expect(
            stream.next(40).map { String(format: "%02x", $0) }.joined()
                == "4b5c6fd314d0d83d29a1e129033092289834a2b50da22f2c0f74177dc3e7525e4902dec96bf400e2"
        )
    }
}
