/// The requirements the suite covers without a vector: live checks the runner performs, and
/// exemptions with their reasons. Listed in spec/kit/coverage.md beside the vectors.
public enum CoverageCatalog {
    /// Checks the conformance runner implements by id (spec/kit/02-adapter-protocol.md section 2.9).
    ///
    /// The ids, requirements and descriptions are those the reference runner implements
    /// (`ConformanceKit.LiveChecks.catalog`); the two lists must stay equal.
    public static let liveChecks: [LiveCheck] = [
        LiveCheck(id: "live/frame-seal/fresh-nonces", requirements: ["FRAME-SEAL-1", "FRAME-SEAL-2"],
                  description: "1,000 frame-seal requests of one plaintext without a nonce (500 per role): every frame opens "
                    + "under the reference, no nonce repeats, and every nonce byte position varies as CSPRNG output does."),
        LiveCheck(id: "live/handshake/adapter-device", requirements: ["HS-1", "HS-2", "ACK-4", "KDF-2", "KDF-3", "KDF-4"],
                  description: "With keys and nonces fresh from the runner's CSPRNG, handshake-device-start gives the reference's "
                    + "exact 0x03 message, the reference core accepts it, and handshake-device-finish derives the reference "
                    + "core's keys from its ack; a tampered ack and an ack from another core fail with auth_failed."),
        LiveCheck(id: "live/handshake/adapter-core",
                  requirements: ["HS-4", "ACK-1", "ACK-2", "CHAN-2", "CHAN-3", "CHAN-5", "CHAN-6", "SESS-1", "KDF-2"],
                  description: "The reference device handshakes with handshake-core on a pending channel: ack, keys and channel "
                    + "equal the reference's and the ack opens at the reference device; the same handshake again is "
                    + "handshake_replayed, another device unknown_device, a tampered one auth_failed, each leaving the channel "
                    + "unchanged; a new handshake of the paired device is accepted with new keys."),
        LiveCheck(id: "live/session/adapter-device",
                  requirements: ["FRAME-SEAL-1", "FRAME-OPEN-3", "FRAME-OPEN-5", "FRAME-OPEN-6", "FRAME-OPEN-7", "REPLAY-3", "KDF-5"],
                  description: "Frames both ways on fresh session keys, the adapter as device: reordered frames are accepted, "
                    + "a replay is replayed, a tampered tag or nonce is auth_failed and leaves the window unchanged, a reflected "
                    + "frame and a frame of another session are auth_failed, a truncated frame frame_too_short."),
        LiveCheck(id: "live/session/adapter-core",
                  requirements: ["FRAME-SEAL-1", "FRAME-OPEN-3", "FRAME-OPEN-5", "FRAME-OPEN-6", "FRAME-OPEN-7", "REPLAY-3", "KDF-5"],
                  description: "The same as live/session/adapter-device with the adapter as core."),
        LiveCheck(id: "live/envelope/chunking-1mib", requirements: ["CHUNK-1", "CHUNK-3", "CHUNK-4", "CHUNK-6", "ADP-60", "ADP-62"],
                  description: "A 1 MiB message with a fresh seed: the adapter's envelope-split equals the reference's chunk for "
                    + "chunk, every chunk seals into one frame and the reference reassembles the message; the reference's chunks "
                    + "in reverse order reassemble in envelope-reassemble to the same length and SHA-256."),
        LiveCheck(id: "live/envelope/chunking-16mib",
                  requirements: ["CHUNK-1", "CHUNK-3", "CHUNK-4", "CHUNK-6", "CHUNK-7", "ADP-60", "ADP-61", "ADP-62"],
                  description: "The same with 16 MiB, the largest message: the split is fetched in pages, and the way back uses "
                    + "splitOf steps of the adapter's own split, proven identical to the reference's by the first half."),
    ]

    /// Requirements no vector or live check can test through the adapter protocol.
    public static let exemptions: [CoverageExemption] = [
        CoverageExemption(requirement: "DH-3",
                          reason: "Freshness of private keys is not observable: the adapter protocol injects every private key (kit chapter 2)."),
        CoverageExemption(requirement: "ACK-3",
                          reason: "The core's server_eph is injected in handshake-core; its freshness is not observable through the adapter."),
        CoverageExemption(requirement: "CHAN-7",
                          reason: "Persistence across restarts: the adapter protocol has no restart, and requests are independent (ADP-9)."),
        CoverageExemption(requirement: "MSG-1",
                          reason: "The relay text is decoded before any receiver; the adapter protocol carries messages as bytes (hex), so no request holds relay text. ENC-1's vectors test the decoder itself."),
        CoverageExemption(requirement: "MSG-2",
                          reason: "Routing inside an endpoint: each adapter operation names its receiver. The answers it routes to are TYPE-2 to TYPE-5's vectors at every receiver."),
        CoverageExemption(requirement: "CHAN-ROUTE-1",
                          reason: "The mapping from the relay's channelId to a channel is outside every adapter operation: handshake-core is given its one channel."),
        CoverageExemption(requirement: "DEV-STATE-1",
                          reason: "The device's state across handshakes: handshake-device-start and handshake-device-finish are single steps with no device state between requests (ADP-9)."),
        CoverageExemption(requirement: "DEV-STATE-2",
                          reason: "Freshness of each handshake's keys is not observable (keys are injected, as for DH-3); ending the old session spans requests (ADP-9)."),
        CoverageExemption(requirement: "DEV-STATE-3",
                          reason: "Deadlines and state across several acks need a device step sequence; handshake-device-finish opens one message. ACK-4's vectors test each single ack."),
        CoverageExemption(requirement: "DEV-STATE-4",
                          reason: "The answers per state are those of TYPE-2 to TYPE-5 and ACK-4 at the ack and session openers (their vectors); the idle state has no adapter operation."),
        CoverageExemption(requirement: "DEV-STATE-6",
                          reason: "Key storage on the device is not observable through the adapter protocol."),
        CoverageExemption(requirement: "QR-HYG-1",
                          reason: "What a producer or consumer logs is not observable through the adapter protocol."),
        CoverageExemption(requirement: "AUTH-2",
                          reason: "The grant of a new pairing is the core's own documented list; envelope-core takes the grant as an input, so the default is not observable through the adapter."),
        CoverageExemption(requirement: "VEC-1", reason: "A rule on the vector files: tools/validate-vectors.py validates every file against its schema."),
        CoverageExemption(requirement: "VEC-2",
                          reason: "A rule on the vector files: vectorgen refuses a duplicate id or one outside its area; TunnelVectorsTests check every id."),
        CoverageExemption(requirement: "VEC-3",
                          reason: "vectorgen refuses a vector without requirements or a one-line comment, an undescribed flag, and a known answer the reference does not reproduce."),
        CoverageExemption(requirement: "VEC-4",
                          reason: "vectorgen sets result from the reference's answer and refuses an acceptable vector whose outcome changes within its policy."),
        CoverageExemption(requirement: "VEC-5", reason: "vectorgen sets result from the per-step answers of the reference."),
        CoverageExemption(requirement: "VEC-6",
                          reason: "vectorgen --check; TunnelVectorsTests prove two generations identical and a hand-edited file detected."),
        CoverageExemption(requirement: "VEC-7",
                          reason: "The definition behind the accumulated vectors: computed in Swift, reproduced by tools/accumulated.py; adapters are tested by running them."),
        CoverageExemption(requirement: "VEC-8", reason: "vectorgen --coverage and TunnelVectorsTests enforce it on every change."),
        CoverageExemption(requirement: "VEC-9",
                          reason: "vectorgen writes the manifest (TunnelVectorsTests check it); the reference runner refuses a bundle that does not match it."),
        CoverageExemption(requirement: "VEC-10",
                          reason: "A rule on the suite's maintainers, applied when a version is released; TunnelVectorsTests check one semantic version per bundle."),
        CoverageExemption(requirement: "ADP-1",
                          reason: "Line framing: exercised by every request of every run; an adapter that breaks it answers nothing the runner can read."),
        CoverageExemption(requirement: "ADP-2",
                          reason: "A limit on line length; the runner's side (a longer line is a fault) is a rule on the runner, tested by ConformanceKitTests."),
        CoverageExemption(requirement: "ADP-3", reason: "A rule on the runner's handling of stderr, tested by ConformanceKitTests."),
        CoverageExemption(requirement: "ADP-4",
                          reason: "Flushing: exercised by every request; an adapter that does not flush times out on its first answer."),
        CoverageExemption(requirement: "ADP-5", reason: "The request envelope: written by the runner for every request."),
        CoverageExemption(requirement: "ADP-6",
                          reason: "The response envelope: read by the runner for every request; a malformed response fails that request (ADP-18)."),
        CoverageExemption(requirement: "ADP-7",
                          reason: "Order and pipelining: exercised by every run (the runner keeps requests in flight); a reordered answer is a fault (ADP-18)."),
        CoverageExemption(requirement: "ADP-12",
                          reason: "hello: checked by the runner before any vector runs; an invalid answer stops the run with exit status 3."),
        CoverageExemption(requirement: "ADP-13",
                          reason: "shutdown and end of file: process handling at the end of every run, which a request/response vector cannot express."),
        CoverageExemption(requirement: "ADP-18", reason: "A rule on the runner (faults and restarts), tested by ConformanceKitTests with misbehaving adapters."),
        CoverageExemption(requirement: "ADP-19", reason: "A rule on the runner (comparison), tested by ConformanceKitTests."),
        CoverageExemption(requirement: "ADP-20", reason: "A rule on the runner (skips), tested by ConformanceKitTests."),
        CoverageExemption(requirement: "ADP-21", reason: "A rule on the runner (expected failures), tested by ConformanceKitTests."),
    ]
}
