/// The requirements the suite covers without a vector: live checks the runner performs, and
/// exemptions with their reasons. Listed in spec/coverage.md beside the vectors.
public enum CoverageCatalog {
    /// Checks the conformance runner implements by id (spec/11-adapter-protocol.md section 11.9).
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
        LiveCheck(id: "live/sas/adapter-device", requirements: ["SAS-1", "SAS-2"],
                  description: "With fresh keys the adapter as device pairs with a reference core: its sas over its own "
                    + "exchange equals the code the core shows; a second, rogue device's exchange gives another code."),
        LiveCheck(id: "live/sas/adapter-core", requirements: ["SAS-1", "SAS-2", "KEYCONF-4", "CONFIRM-2", "CONFIRM-3"],
                  description: "A fresh reference device pairs with core-channel: the handshake step's sas equals the device's "
                    + "code, the first frame is pairing_unconfirmed, the confirmation pairs, the next frame is delivered and "
                    + "the core's reply opens at the device."),
    ]

    /// Requirements no vector or live check can test through the adapter protocol.
    public static let exemptions: [CoverageExemption] = [
        CoverageExemption(requirement: "DH-3",
                          reason: "Freshness of private keys is not observable: the adapter protocol injects every private key (chapter 11)."),
        CoverageExemption(requirement: "ACK-3",
                          reason: "The core's server_eph is injected in handshake-core; its freshness is not observable through the adapter."),
        CoverageExemption(requirement: "CHAN-7",
                          reason: "Persistence across restarts: the adapter protocol has no restart, and requests are independent (ADP-9)."),
        CoverageExemption(requirement: "CONFIRM-6",
                          reason: "Persistence across restarts: the adapter protocol has no restart, and core-channel refuses a confirming channel as input (bad_request)."),
        CoverageExemption(requirement: "SAS-3",
                          reason: "What the desktop shows and asks is user interface; the code it shows is tested through core-channel's sas (SAS-1, SAS-2)."),
        CoverageExemption(requirement: "SAS-4",
                          reason: "What the phone shows is user interface; the code it shows is tested through sas and live/sas/adapter-device (SAS-1, SAS-2)."),
        CoverageExemption(requirement: "QR-SRC-1",
                          reason: "Where a payload came from (scanner or operating-system link) is an input of the app, not of the payload parser the adapter drives."),
        CoverageExemption(requirement: "QR-SRC-2",
                          reason: "A confirmation screen and the absence of network activity before it are app behaviour; the fingerprint it shows is tested (QR-SRC-3)."),
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
