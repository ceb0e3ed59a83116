/// The suite's live checks: what a runner performs against an adapter beside the vectors.
/// The coverage table (target VectorGeneration) counts them; the runner maps each id to the code
/// that performs it (`ConformanceRunner.LiveChecks`).
extension LiveCheck {
    /// Checks the conformance runner implements by id (spec/kit/04-runner.md section 4.2).
    ///
    /// The ids, requirements and descriptions are those the reference runner implements
    /// (`ConformanceRunner.LiveChecks`); the two lists must stay equal.
    public static let catalog: [LiveCheck] = [
        LiveCheck(
            id: "live/frame-seal/fresh-nonces",
            requirements: ["FRAME-SEAL-1", "FRAME-SEAL-2"],
            description: "1,000 frame-seal requests of one plaintext without a nonce (500 per role): every frame opens "
                + "under the reference, no nonce repeats, and every nonce byte position varies as CSPRNG output does."
        ),
        LiveCheck(
            id: "live/handshake/adapter-device",
            requirements: ["HS-1", "HS-2", "ACK-4", "KDF-2", "KDF-3", "KDF-4"],
            description:
                "With keys and nonces fresh from the runner's CSPRNG, handshake-device-start gives the reference's "
                + "exact 0x03 message, the reference core accepts it, and handshake-device-finish derives the reference "
                + "core's keys from its ack; a tampered ack and an ack from another core fail with auth_failed."
        ),
        LiveCheck(
            id: "live/handshake/adapter-core",
            requirements: ["HS-4", "ACK-1", "ACK-2", "CHAN-2", "CHAN-3", "CHAN-5", "CHAN-6", "SESS-1", "KDF-2"],
            description:
                "The reference device handshakes with handshake-core on a pending channel: ack, keys and channel "
                + "equal the reference's and the ack opens at the reference device; the same handshake again is "
                + "handshake_replayed, another device unknown_device, a tampered one auth_failed, each leaving the channel "
                + "unchanged; a new handshake of the paired device is accepted with new keys."
        ),
        LiveCheck(
            id: "live/session/adapter-device",
            requirements: [
                "FRAME-SEAL-1", "FRAME-OPEN-3", "FRAME-OPEN-5", "FRAME-OPEN-6", "FRAME-OPEN-7", "REPLAY-3", "KDF-5",
            ],
            description:
                "Frames both ways on fresh session keys, the adapter as device: reordered frames are accepted, "
                + "a replay is replayed, a tampered tag or nonce is auth_failed and leaves the window unchanged, a reflected "
                + "frame and a frame of another session are auth_failed, a truncated frame frame_too_short."
        ),
        LiveCheck(
            id: "live/adapter/unholdable-json",
            requirements: ["ADP-30", "ADP-32", "KDF-1"],
            description:
                "Request lines that are JSON by the RFC 8259 grammar but that no vector file can carry: an hkdf-sha256 "
                + "length of 2^64, 2^63, 32.0 and 3.2e1, a qr-parse now of 2^64, and qr-parse payloads with lone or reversed "
                + "surrogate escapes are each answered bad_request under the request's id; controls: length 8161 is "
                + "hkdf_output_too_long, a paired surrogate escape is a character (qr_bad_character), now 2^53 - 1 is read."
        ),
        LiveCheck(
            id: "live/session/adapter-core",
            requirements: [
                "FRAME-SEAL-1", "FRAME-OPEN-3", "FRAME-OPEN-5", "FRAME-OPEN-6", "FRAME-OPEN-7", "REPLAY-3", "KDF-5",
            ],
            description: "The same as live/session/adapter-device with the adapter as core."
        ),
        LiveCheck(
            id: "live/sas/adapter-device",
            requirements: ["SAS-1", "SAS-2"],
            description: "With fresh keys the adapter as device pairs with a reference core: its sas over its own "
                + "exchange equals the code the core shows; a second, rogue device's exchange gives another code."
        ),
        LiveCheck(
            id: "live/sas/adapter-core",
            requirements: ["SAS-1", "SAS-2", "KEYCONF-4", "CONFIRM-2", "CONFIRM-3"],
            description:
                "A fresh reference device pairs with core-channel: the handshake step's sas equals the device's "
                + "code, the first frame is pairing_unconfirmed, the confirmation pairs, the next frame is delivered and "
                + "the core's reply opens at the device."
        ),
        LiveCheck(
            id: "live/pairing-v3/adapter-core",
            requirements: ["V3-NOISE-1", "V3-SAS-1", "V3-CONFIRM-1", "V3-CONFIRM-2", "V3-ATTEMPT-1", "ADP-54"],
            description:
                "With fresh keys a reference phone pairs with pairing-v3-core: each answer equals the reference's, the "
                + "core's code equals the phone's, the desktop's Yes alone commits nothing, both confirmations pair with "
                + "one reconnection psk; then a party holding the QR code tries with fresh keys: three attempts are "
                + "answered, the fourth is too_many_attempts and revokes the channel."
        ),
        LiveCheck(
            id: "live/pairing-v3/adapter-device",
            requirements: ["V3-NOISE-1", "V3-SAS-1", "V3-DEV-1", "V3-CONFIRM-1", "V3-CONFIRM-2", "ADP-69"],
            description:
                "With fresh keys pairing-v3-device pairs with a reference core: each answer equals the reference's, its "
                + "code equals the core's, and both sides pair with one reconnection psk."
        ),
        LiveCheck(
            id: "live/pairing-v3/man-in-the-middle",
            requirements: ["V3-COMMIT-1", "V3-SAS-1", "V3-ATTEMPT-1", "V3-RATE-1", "ADP-54"],
            description:
                "Review R3-1's attack on pairing-v3-core with fresh keys: a party holding the QR code, the phone paired "
                + "with the party's own core, tries the real core three times per QR code and computes each code; the "
                + "4th attempt is too_many_attempts and revokes, and over 3 QR codes (3,334 with --slow: 10,002 "
                + "attempts) the real core's code equals the phone's at most twice (chance: under 10^-6)."
        ),
        LiveCheck(
            id: "live/reconnect-v3/adapter-core",
            requirements: ["V3-RECON-1", "V3-RECON-2", "V3-RECON-3", "ADP-128"],
            description:
                "With fresh keys and psk a reference phone reconnects to reconnect-v3-core: each answer equals the "
                + "reference's, message 1 is answered and stays pending, the key confirmation commits exactly the "
                + "phone's session, and the same message 1 again is handshake_replayed with the session kept."
        ),
        LiveCheck(
            id: "live/reconnect-v3/adapter-device",
            requirements: ["V3-RECON-1", "V3-RECON-4", "ADP-129"],
            description:
                "With fresh keys and psk reconnect-v3-device reconnects to a reference core: each answer equals the "
                + "reference's, it sends the key confirmation, and the core commits its session."
        ),
        LiveCheck(
            id: "live/session-v3/adapter-device",
            requirements: [
                "V3-SESS-1", "V3-FRAME-1", "V3-FRAME-2", "V3-WINDOW-2", "V3-REKEY-2", "V3-REKEY-3", "ADP-130",
            ],
            description:
                "With fresh transport keys session-v3 as the device (after a pairing) opens a reference core's frames, "
                + "in and out of order, refuses a replay, a tampered, reflected, foreign, far-ahead and too-old frame "
                + "exactly as the reference does, and seals frames, one after a rotation by time, that the reference opens."
        ),
        LiveCheck(
            id: "live/session-v3/adapter-core",
            requirements: [
                "V3-SESS-1", "V3-FRAME-1", "V3-FRAME-2", "V3-WINDOW-2", "V3-REKEY-2", "V3-REKEY-3", "ADP-130",
            ],
            description: "The same with session-v3 as the core after a reconnection, against a reference device."
        ),
        LiveCheck(
            id: "live/envelope/chunking-1mib",
            requirements: ["CHUNK-1", "CHUNK-3", "CHUNK-4", "CHUNK-6", "ADP-60", "ADP-62"],
            description:
                "A 1 MiB message with a fresh seed: the adapter's envelope-split equals the reference's chunk for "
                + "chunk, every chunk seals into one frame and the reference reassembles the message; the reference's chunks "
                + "in reverse order reassemble in envelope-reassemble to the same length and SHA-256."
        ),
        LiveCheck(
            id: "live/envelope/chunking-16mib",
            requirements: ["CHUNK-1", "CHUNK-3", "CHUNK-4", "CHUNK-6", "CHUNK-7", "ADP-60", "ADP-61", "ADP-62"],
            description:
                "The same with 16 MiB, the largest message: the split is fetched in pages, and the way back uses "
                + "splitOf steps of the adapter's own split, proven identical to the reference's by the first half."
        ),
        LiveCheck(
            id: "live/transport/lan-healthy",
            requirements: ["SELECT-3", "SELECT-4", "SELECT-5", "SELECT-8", "ADP-134"],
            description:
                "The transport lab (wire spec 15.7) with the LAN endpoint and the relay up; the adapter's transport-select "
                + "decides at every real event and equals the reference: the LAN is in use before deadline(lan), the relay "
                + "closed, and a request is answered on the LAN, run once by the core."
        ),
        LiveCheck(
            id: "live/transport/lan-refused-at-once",
            requirements: ["SELECT-6", "SELECT-8", "SELECT-9", "SELECT-17", "SELECT-18", "ADP-134"],
            description:
                "Nothing listens at the rpc port: the LAN's refusal arrives first and the attempt goes on (the deployed "
                + "race ended here), the relay is used and answers a request, and the LAN's background checks come base and "
                + "2 x base later."
        ),
        LiveCheck(
            id: "live/transport/lan-slow",
            requirements: ["SELECT-6", "SELECT-8", "SELECT-9", "SELECT-17", "SELECT-18", "ADP-134"],
            description:
                "The endpoint holds every message 3,000 ms: the LAN's deadline fires, the relay is used, and the LAN's "
                + "background check ends at its deadline too."
        ),
        LiveCheck(
            id: "live/transport/relay-down",
            requirements: ["SELECT-2", "SELECT-11", "SELECT-14", "SELECT-20", "ADP-134"],
            description:
                "The relay unreachable: the LAN is used; the endpoint stops: offline, and the retries base and 2 x base "
                + "later find nothing and go offline again."
        ),
        LiveCheck(
            id: "live/transport/both-down-then-back",
            requirements: ["SELECT-8", "SELECT-11", "SELECT-15", "SELECT-16", "SELECT-20", "ADP-134"],
            description:
                "Both paths down: offline with a request held; the relay returns: in use at the next retry and the held "
                + "request answered there; the endpoint returns: the LAN in use after promotion healthy checks, a request "
                + "running on the relay finishes there (drain), every request run once."
        ),
        LiveCheck(
            id: "live/transport/handshake-flood",
            requirements: ["SELECT-6", "SELECT-8", "SELECT-9", "ADP-134"],
            description:
                "1,000 handshakes flood the endpoint from the device's address: at most 3 (one more per 12 s) reach the "
                + "channel, the flood is closed with 4429, the relay's bucket is untouched, and the device, its LAN "
                + "handshake refused, is in use on the relay with a request answered."
        ),
        LiveCheck(
            id: "live/transport/lan-lost-mid-request",
            requirements: ["SELECT-8", "SELECT-12", "SELECT-14", "SELECT-15", "SELECT-16", "ADP-134"],
            description:
                "End to end with the selection deciding: a request runs on the LAN, the endpoint stops, the relay comes "
                + "into use and the request is resent there, the core runs it once and answers on the relay, and the LAN "
                + "comes back by promotion."
        ),
    ]

    /// Requirements no vector or live check can test through the adapter protocol.
}
