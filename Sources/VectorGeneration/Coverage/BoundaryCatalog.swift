/// The boundaries of every field and comparison of the spec (issue 9 section 4), each point with
/// the vectors that hit it. `vectorgen --coverage` fails when a point has no vector, live check or
/// stated reason, or names a vector the suite does not have; spec/coverage.md lists them all, so
/// a missing boundary is visible.
///
/// Sizes: capacity - 1, capacity, capacity + 1. Times: one before, at, one after every boundary,
/// in every channel state, and the ends of the range (ENC-4). Fixed-size byte strings that are
/// legal inputs: all zero, all 0xff, and an ordinary value.
public enum BoundaryCatalog {
    private typealias P = BoundaryPoint

    public static let fields: [BoundaryField] = sizes + times + integers + extremes

    static let sizes: [BoundaryField] = [
        BoundaryField(
            "session frame 0x02, bytes",
            ["FRAME-OPEN-3", "FRAME-OPEN-4", "SIZE-1"],
            [
                .hit("0 (empty)", "frame-open/truncated-to-0"),
                .hit("40 (minimum - 1)", "frame-open/truncated-to-40"),
                .hit("41 (minimum: empty plaintext)", "frame-open/length-41-empty-plaintext"),
                .hit("42 (minimum + 1)", "frame-open/truncated-to-42", "frame-seal/plaintext-1"),
                .hit("49,151 (maximum - 1)", "frame-open/length-49151"),
                .hit("49,152 (maximum)", "frame-open/length-49152-maximum"),
                .hit("49,153 (maximum + 1)", "frame-open/length-49153-too-large"),
            ]
        ),
        BoundaryField(
            "session plaintext, bytes",
            ["SIZE-2", "FRAME-SEAL-3"],
            [
                .hit("0", "frame-seal/plaintext-0"),
                .hit("1", "frame-seal/plaintext-1"),
                .hit("49,110 (maximum - 1)", "frame-seal/plaintext-49110"),
                .hit("49,111 (maximum)", "frame-seal/plaintext-49111-maximum"),
                .hit(
                    "49,112 (maximum + 1)",
                    "frame-seal/plaintext-49112-too-large",
                    "replay-window/seal-too-large-changes-nothing"
                ),
            ]
        ),
        BoundaryField(
            "handshake 0x03, bytes",
            ["HS-4-1", "HS-4-2", "HS-4-3", "SIZE-1"],
            [
                .hit("0 (empty)", "handshake/core/truncated-to-0"),
                .hit("72 (minimum - 1)", "handshake/core/truncated-to-72", "handshake/core/order-revoked-too-short"),
                .hit("73 (minimum)", "handshake/core/truncated-to-73"),
                .hit("74 (minimum + 1)", "handshake/core/truncated-to-74"),
                .hit("49,151 (maximum - 1)", "handshake/core/length-49151"),
                .hit("49,152 (maximum)", "handshake/core/length-49152-maximum"),
                .hit(
                    "49,153 (maximum + 1)",
                    "handshake/core/length-49153-too-large",
                    "handshake/core/order-expired-too-large"
                ),
            ]
        ),
        BoundaryField(
            "ack 0x04, bytes",
            ["ACK-4-1", "ACK-4-2", "ACK-4-3", "SIZE-1"],
            [
                .hit("0 (empty)", "handshake/finish/truncated-to-0"),
                .hit("40 (minimum - 1)", "handshake/finish/truncated-to-40"),
                .hit("41 (minimum)", "handshake/finish/truncated-to-41"),
                .hit("42 (minimum + 1)", "handshake/finish/truncated-to-42"),
                .hit("49,151 (maximum - 1)", "handshake/finish/length-49151"),
                .hit("49,152 (maximum)", "handshake/finish/length-49152-maximum"),
                .hit("49,153 (maximum + 1)", "handshake/finish/length-49153-too-large"),
            ]
        ),
        BoundaryField(
            "replay memory, most recent accepted nonces",
            ["REPLAY-1", "REPLAY-2", "REPLAY-3"],
            [
                .hit("127th most recent (capacity - 1)", "replay-window/replay-127th-most-recent-refused"),
                .hit("128th most recent (capacity)", "replay-window/replay-128th-most-recent-refused"),
                .hit(
                    "129th most recent (capacity + 1), memory 128",
                    "replay-window/replay-129th-most-recent-memory-128"
                ),
                .hit(
                    "129th most recent (capacity + 1), memory above 128",
                    "replay-window/replay-129th-most-recent-memory-over-128"
                ),
            ]
        ),
        BoundaryField(
            "requests per core session",
            ["RPC-2"],
            [
                .hit("1,048,575 (capacity - 1) and 1,048,576 (capacity)", "envelope-core/request-bound"),
                .hit("1,048,577 (capacity + 1)", "envelope-core/request-bound"),
            ]
        ),
        BoundaryField(
            "handshake and ack JSON nesting, levels",
            ["JSON-1"],
            [
                .hit(
                    "31 (bound - 1)",
                    "handshake/core/json-nesting-31-levels",
                    "handshake/finish/json-nesting-31-levels"
                ),
                .hit(
                    "32 (bound)",
                    "handshake/core/json-nesting-32-levels",
                    "handshake/core/json-nesting-32-levels-objects",
                    "handshake/finish/json-nesting-32-levels",
                    "handshake/finish/json-nesting-32-levels-objects"
                ),
                .open(
                    "33 (bound + 1)",
                    reason:
                        "JSON-1 lets a receiver accept or refuse it (MAY), so no vector nests deeper than 32 levels."
                ),
            ]
        ),
        BoundaryField(
            "key text in a handshake or ack plaintext, decoded bytes",
            ["JSON-6", "ENC-3"],
            [
                .hit("0", "handshake/core/device_pubkey-empty", "handshake/finish/server_ephemeral_pubkey-empty"),
                .hit(
                    "31",
                    "handshake/core/device_pubkey-31-bytes",
                    "handshake/core/client_ephemeral_pubkey-31-bytes",
                    "handshake/finish/server_ephemeral_pubkey-31-bytes"
                ),
                .hit("32", "handshake/core/pending-accepts", "handshake/finish/sender-form"),
                .hit(
                    "33",
                    "handshake/core/device_pubkey-33-bytes",
                    "handshake/core/client_ephemeral_pubkey-33-bytes",
                    "handshake/finish/server_ephemeral_pubkey-33-bytes"
                ),
            ]
        ),
        BoundaryField(
            "pairing payload, octets",
            ["QR-PARSE-2", "QR-ENC-11"],
            [
                .hit("2,330 (maximum - 1)", "qr-parse/length-2330", "qr-encode/length-2330"),
                .hit(
                    "2,331 (maximum)",
                    "qr-parse/length-2331",
                    "qr-parse/length-2331-long-cid",
                    "qr-encode/length-2331"
                ),
                .hit("2,332 (maximum + 1)", "qr-parse/length-2332", "qr-encode/length-2332"),
            ]
        ),
        BoundaryField(
            "pairing payload cpk, bytes",
            ["QR-PARSE-20", "QR-ENC-7"],
            [
                .hit("0", "qr-encode/cpk-empty", "qr-parse/empty-cpk"),
                .hit("31", "qr-encode/cpk-31-bytes", "qr-parse/cpk-31-bytes"),
                .hit("32", "qr-encode/example-with-rpc", "qr-parse/example"),
                .hit("33", "qr-encode/cpk-33-bytes"),
            ]
        ),
        BoundaryField(
            "pairing payload rpc port",
            ["QR-GRAM-4", "QR-PARSE-22"],
            [
                .hit("0", "qr-parse/rpc-invalid-8", "qr-encode/rpc-invalid-8", "qr-parse/rpc-port-five-zeros"),
                .hit("1", "qr-parse/rpc-port-1", "qr-encode/rpc-port-1"),
                .hit("65,535", "qr-parse/rpc-valid-6"),
                .hit("65,536", "qr-parse/rpc-invalid-9", "qr-encode/rpc-invalid-9"),
                .hit(
                    "5 digits with leading zeros",
                    "qr-parse/rpc-port-leading-zeros",
                    "qr-encode/rpc-port-leading-zeros",
                    "qr-parse/rpc-port-leading-zero-ipv6"
                ),
                .hit(
                    "6 digits",
                    "qr-parse/rpc-port-six-digits",
                    "qr-parse/rpc-port-65535-leading-zero",
                    "qr-encode/rpc-port-six-digits"
                ),
                .hit("empty", "qr-parse/rpc-port-empty", "qr-encode/rpc-port-empty"),
            ]
        ),
        BoundaryField(
            "pairing payload rpc host, last label 0x",
            ["QR-GRAM-4"],
            [
                .hit(
                    "0x (bare)",
                    "qr-parse/rpc-host-bare-0x",
                    "qr-parse/rpc-host-bare-0X",
                    "qr-parse/rpc-host-last-label-bare-0x",
                    "qr-encode/rpc-host-bare-0x"
                ),
                .hit("0x and hex digits", "qr-parse/rpc-invalid-12", "qr-encode/rpc-invalid-12"),
                .hit(
                    "0x and a non-hex character",
                    "qr-parse/rpc-host-0x-then-non-hex",
                    "qr-encode/rpc-host-0x-then-non-hex"
                ),
                .hit("0x in another label", "qr-parse/rpc-host-0x-not-last", "qr-encode/rpc-host-0x-not-last"),
            ]
        ),
        BoundaryField(
            "pairing payload scheme, first ':'",
            ["QR-PARSE-4"],
            [
                .hit(
                    "no ':' at all",
                    "qr-parse/scheme-no-colon-empty",
                    "qr-parse/scheme-no-colon-scheme-only",
                    "qr-parse/scheme-no-colon-upper-case",
                    "qr-parse/scheme-no-colon-whole-payload"
                ),
                .hit("first ':' in the query", "qr-parse/scheme-first-colon-in-query"),
                .hit("':' right after the scheme", "qr-parse/example"),
            ]
        ),
    ]

    static let times: [BoundaryField] = [
        BoundaryField(
            "pending channel: now against expiresAt",
            ["CHAN-2", "HS-4-4", "ENC-4"],
            [
                .hit(
                    "now = expiresAt - 1",
                    "handshake/core/pending-one-before-expiry",
                    "handshake/core/pending-expires-at-max-now-max-minus-1"
                ),
                .hit(
                    "now = expiresAt",
                    "handshake/core/pending-at-expiry",
                    "handshake/core/pending-at-other-expiry",
                    "handshake/core/sequence/expired-then-at-expiry"
                ),
                .hit(
                    "now = expiresAt + 1",
                    "handshake/core/pending-expired",
                    "handshake/core/sequence/expired-then-at-expiry",
                    "handshake/core/sequence/failures-keep-pending"
                ),
                .hit(
                    "expiresAt 0: now 0, now 1 and an ordinary now",
                    "handshake/core/pending-expires-at-0-now-0",
                    "handshake/core/pending-expires-at-0-now-1",
                    "handshake/core/pending-expires-at-0-now-ordinary"
                ),
                .hit(
                    "expiresAt and now at 2^53 - 1",
                    "adapter/core-now-and-expiry-2-pow-53-minus-1",
                    "handshake/core/pending-expires-at-max-minus-1-now-max"
                ),
                .hit(
                    "across 2^32",
                    "handshake/core/pending-expires-at-2-pow-32-minus-1-now-2-pow-32",
                    "handshake/core/pending-expires-at-2-pow-32-now-2-pow-32-minus-1"
                ),
            ]
        ),
        BoundaryField(
            "paired channel: now against the original pairing's expiry",
            ["CHAN-3", "ENC-4"],
            [
                .hit(
                    "paired at e - 1, reconnects at e, e + 1 and 2^53 - 1",
                    "handshake/core/sequence/paired-past-pairing-expiry"
                ),
                .hit("ten years after the payload expired", "handshake/core/paired-does-not-expire"),
                .hit("now 0", "handshake/core/paired-at-now-0"),
                .hit("now 2^53 - 1", "handshake/core/paired-at-now-2-pow-53-minus-1"),
            ]
        ),
        BoundaryField(
            "revoked channel: now against any time",
            ["CHAN-4", "HS-4-4"],
            [
                .hit("0, e - 1, e, e + 1, 2^53 - 1", "handshake/core/revoked-at-times")
            ]
        ),
        BoundaryField(
            "pairing payload: now against exp",
            ["QR-PARSE-24", "ENC-4"],
            [
                .hit("now = exp - 1", "qr-parse/now-one-before-exp"),
                .hit("now = exp", "qr-parse/now-equals-exp", "qr-parse/exp-0-now-0", "qr-parse/exp-maximum-now-equal"),
                .hit(
                    "now = exp + 1",
                    "qr-parse/now-after-exp",
                    "qr-parse/exp-0-now-1",
                    "qr-parse/exp-maximum-now-after"
                ),
                .hit("exp 0 at an ordinary now", "qr-parse/exp-0-now-ordinary"),
                .hit(
                    "now 2^53 - 1",
                    "qr-parse/exp-maximum-now-2-pow-53-minus-1",
                    "adapter/qr-parse-now-2-pow-53-minus-1"
                ),
                .hit(
                    "across 2^32",
                    "qr-parse/exp-2-pow-32-minus-1-now-2-pow-32",
                    "qr-parse/exp-2-pow-32-now-2-pow-32-minus-1"
                ),
            ]
        ),
    ]

    static let integers: [BoundaryField] = [
        BoundaryField(
            "pairing payload exp, value",
            ["QR-GRAM-5", "QR-PARSE-23", "QR-ENC-9"],
            [
                .hit("0", "qr-parse/exp-0", "qr-encode/exp-0"),
                .hit("1", "qr-encode/exp-1"),
                .hit("2^32 - 1 and 2^32", "qr-encode/exp-4294967295", "qr-encode/exp-4294967296"),
                .hit("253402300798 (maximum - 1)", "qr-encode/exp-253402300798"),
                .hit("253402300799 (maximum)", "qr-parse/exp-maximum", "qr-encode/exp-maximum"),
                .hit("253402300800 (maximum + 1)", "qr-parse/exp-too-large", "qr-encode/exp-too-large"),
                .hit("13 digits", "qr-parse/exp-13-digits"),
            ]
        ),
        BoundaryField(
            "hkdf-sha256 length",
            ["KDF-1", "ADP-30"],
            [
                .hit("0", "hkdf/length-0", "hkdf/length-0-empty-inputs"),
                .hit("1", "hkdf/length-1"),
                .hit("31, 32, 33 (one block)", "hkdf/length-31", "hkdf/length-32", "hkdf/length-33"),
                .hit("8,159 (maximum - 1)", "hkdf/length-8159"),
                .hit("8,160 (maximum)", "hkdf/length-8160-maximum", "hkdf/length-8160-other-ikm"),
                .hit("8,161 (maximum + 1)", "hkdf/length-8161-too-long", "hkdf/length-8161-other-ikm"),
                .hit("2^32 and 2^32 + 32", "hkdf/length-2-pow-32-too-long", "hkdf/length-2-pow-32-plus-32-too-long"),
                .hit("2^53 - 1 (largest integer)", "hkdf/length-2-pow-53-minus-1-too-long"),
                .hit("2^53", "adapter/hkdf-length-2-pow-53"),
                .hit("2^63 and 2^64", "live/adapter/unholdable-json"),
                .hit("-1", "adapter/hkdf-length-negative"),
            ]
        ),
        BoundaryField(
            "adapter integers now, expiresAt, exp",
            ["ADP-30", "ENC-4"],
            [
                .hit("-1", "adapter/core-now-negative"),
                .hit(
                    "2^53 - 1",
                    "adapter/core-now-and-expiry-2-pow-53-minus-1",
                    "adapter/qr-parse-now-2-pow-53-minus-1"
                ),
                .hit(
                    "2^53",
                    "adapter/core-now-2-pow-53",
                    "adapter/core-expires-at-2-pow-53",
                    "adapter/qr-parse-now-2-pow-53",
                    "adapter/qr-encode-exp-2-pow-53"
                ),
                .hit("2^64", "live/adapter/unholdable-json"),
            ]
        ),
    ]

    /// (field, ordinary vector, all-zero vector, all-0xff vector)
    private static let extremeRows: [(String, [String], String, String, String)] = [
        (
            "x25519 scalar", ["DH-1"], "x25519/rfc7748-5.2-vector-1", "x25519/extreme-scalar-zero",
            "x25519/extreme-scalar-ff"
        ),
        (
            "x25519 u", ["DH-1", "DH-2"], "x25519/rfc7748-5.2-vector-1", "x25519/low-order-zero",
            "x25519/non-canonical-u-all-ones"
        ),
        (
            "xchacha20poly1305 key", ["FRAME-SEAL-1"], "xchacha20poly1305/seal-draft-a.3.1",
            "xchacha20poly1305/seal-extreme-key-zero", "xchacha20poly1305/seal-extreme-key-ff"
        ),
        (
            "xchacha20poly1305 nonce", ["FRAME-SEAL-1"], "xchacha20poly1305/seal-draft-a.3.1",
            "xchacha20poly1305/seal-extreme-nonce-zero", "xchacha20poly1305/seal-extreme-nonce-ff"
        ),
        (
            "hchacha20 key", ["FRAME-SEAL-1"], "xchacha20poly1305/hchacha20-draft-2.2.1",
            "xchacha20poly1305/hchacha20-extreme-key-zero", "xchacha20poly1305/hchacha20-extreme-key-ff"
        ),
        (
            "hchacha20 nonce", ["FRAME-SEAL-1"], "xchacha20poly1305/hchacha20-draft-2.2.1",
            "xchacha20poly1305/hchacha20-extreme-nonce-zero", "xchacha20poly1305/hchacha20-extreme-nonce-ff"
        ),
        (
            "session-keys staticDh", ["KDF-2"], "session-keys/fixed-11-22-33-44", "session-keys/extreme-staticDh-zero",
            "session-keys/extreme-staticDh-ff"
        ),
        (
            "session-keys ephemeralDh", ["KDF-2"], "session-keys/fixed-11-22-33-44",
            "session-keys/extreme-ephemeralDh-zero",
            "session-keys/extreme-ephemeralDh-ff"
        ),
        (
            "session-keys clientEphemeralPublic", ["KDF-2"], "session-keys/fixed-11-22-33-44",
            "session-keys/extreme-clientEphemeralPublic-zero", "session-keys/extreme-clientEphemeralPublic-ff"
        ),
        (
            "session-keys serverEphemeralPublic", ["KDF-2"], "session-keys/fixed-11-22-33-44",
            "session-keys/extreme-serverEphemeralPublic-zero", "session-keys/extreme-serverEphemeralPublic-ff"
        ),
        (
            "frame-seal c2s", ["FRAME-SEAL-1", "KDF-5"], "frame-seal/device-seals-with-c2s",
            "frame-seal/extreme-c2s-zero", "frame-seal/extreme-c2s-ff"
        ),
        (
            "frame-seal s2c", ["FRAME-SEAL-1", "KDF-5"], "frame-seal/core-seals-with-s2c",
            "frame-seal/extreme-s2c-zero", "frame-seal/extreme-s2c-ff"
        ),
        (
            "frame-seal nonce", ["FRAME-SEAL-1"], "frame-seal/device-seals-with-c2s", "frame-seal/extreme-nonce-zero",
            "frame-seal/extreme-nonce-ff"
        ),
        (
            "frame-open c2s", ["FRAME-OPEN-6", "KDF-5"], "frame-open/core-opens-device-frame",
            "frame-open/extreme-c2s-zero", "frame-open/extreme-c2s-ff"
        ),
        (
            "frame-open s2c", ["FRAME-OPEN-6", "KDF-5"], "frame-open/device-opens-core-frame",
            "frame-open/extreme-s2c-zero", "frame-open/extreme-s2c-ff"
        ),
        (
            "frame-open frame nonce", ["FRAME-OPEN-6"], "frame-open/core-opens-device-frame",
            "frame-open/extreme-nonce-zero",
            "frame-open/extreme-nonce-ff"
        ),
        (
            "handshake-device-start corePublicKey", ["HS-3", "DH-1", "DH-2"], "handshake/start/sender-form",
            "handshake/start/low-order-core-key-zero", "handshake/start/extreme-corePublicKey-ff"
        ),
        (
            "handshake-device-start deviceStaticPrivate", ["HS-1"], "handshake/start/sender-form",
            "handshake/start/extreme-deviceStaticPrivate-zero", "handshake/start/extreme-deviceStaticPrivate-ff"
        ),
        (
            "handshake-device-start handshakeEphemeralPrivate", ["HS-1"], "handshake/start/sender-form",
            "handshake/start/extreme-handshakeEphemeralPrivate-zero",
            "handshake/start/extreme-handshakeEphemeralPrivate-ff"
        ),
        (
            "handshake-device-start clientEphemeralPrivate", ["HS-1"], "handshake/start/sender-form",
            "handshake/start/extreme-clientEphemeralPrivate-zero", "handshake/start/extreme-clientEphemeralPrivate-ff"
        ),
        (
            "handshake-device-start nonce", ["HS-1"], "handshake/start/sender-form",
            "handshake/start/extreme-nonce-zero",
            "handshake/start/extreme-nonce-ff"
        ),
        (
            "handshake-device-finish deviceStaticPrivate", ["ACK-4"], "handshake/finish/sender-form",
            "handshake/finish/extreme-deviceStaticPrivate-zero", "handshake/finish/extreme-deviceStaticPrivate-ff"
        ),
        (
            "handshake-device-finish clientEphemeralPrivate", ["ACK-4"], "handshake/finish/sender-form",
            "handshake/finish/extreme-clientEphemeralPrivate-zero", "handshake/finish/extreme-clientEphemeralPrivate-ff"
        ),
        (
            "handshake-core coreStaticPrivate", ["HS-4"], "handshake/core/pending-accepts",
            "handshake/core/extreme-coreStaticPrivate-zero",
            "handshake/core/extreme-coreStaticPrivate-ff"
        ),
        (
            "handshake-core serverEphemeralPrivate", ["ACK-1", "KDF-2"], "handshake/core/pending-accepts",
            "handshake/core/extreme-serverEphemeralPrivate-zero", "handshake/core/extreme-serverEphemeralPrivate-ff"
        ),
        (
            "handshake-core channel devicePublicKey", ["CHAN-3"], "handshake/core/paired-same-device",
            "handshake/core/extreme-devicePublicKey-zero", "handshake/core/extreme-devicePublicKey-ff"
        ),
        (
            "handshake-core channel lastHandshakeEphemeral", ["CHAN-5"], "handshake/core/paired-same-device",
            "handshake/core/extreme-lastHandshakeEphemeral-zero", "handshake/core/extreme-lastHandshakeEphemeral-ff"
        ),
        (
            "pairing payload cpk key", ["QR-PARSE-21", "QR-ENC-7"], "qr-parse/example", "qr-parse/cpk-low-order-zero",
            "qr-parse/cpk-all-ff"
        ),
        (
            "qr-encode cpk key", ["QR-ENC-7"], "qr-encode/example-with-rpc", "qr-encode/cpk-low-order-zero",
            "qr-encode/cpk-all-ff"
        ),
        (
            "handshake-core ackNonce", ["ACK-1"], "handshake/core/pending-accepts",
            "handshake/core/extreme-ackNonce-zero",
            "handshake/core/extreme-ackNonce-ff"
        ),
    ]

    static let extremes: [BoundaryField] = extremeRows.map { name, requirements, ordinary, zero, ff in
        BoundaryField(name, requirements, [.hit("ordinary", ordinary), .hit("all zero", zero), .hit("all 0xff", ff)])
    }

    /// Problems with `fields` against the suite: a point with no case and no reason, a case the
    /// suite does not have, a field whose requirements the spec does not define.
    public static func problems(
        _ fields: [BoundaryField],
        vectorIDs: Set<String>,
        liveCheckIDs: Set<String>,
        requirementIDs: Set<String>
    ) -> [String] {
        var problems: [String] = []
        for field in fields {
            for id in field.requirements where !requirementIDs.contains(id) {
                problems.append("boundary field \"\(field.name)\" cites \(id), which no spec chapter defines")
            }
            for point in field.points {
                if point.cases.isEmpty && point.openReason == nil {
                    problems.append("boundary \"\(field.name)\" at \(point.label) has no vector")
                }
                for id in point.cases where !vectorIDs.contains(id) && !liveCheckIDs.contains(id) {
                    problems.append(
                        "boundary \"\(field.name)\" at \(point.label) names \(id), which the suite does not have"
                    )
                }
            }
        }
        return problems
    }
}
