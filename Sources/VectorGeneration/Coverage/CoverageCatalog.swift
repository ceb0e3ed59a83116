import AdapterOperations
import KitModels
import VectorFormat

/// The requirements the suite covers without a vector: live checks the runner performs, and
/// exemptions with their reasons. Listed in spec/kit/coverage.md beside the vectors.
public enum CoverageCatalog {
    public static let exemptions: [CoverageExemption] = reasoned + transportCarriers

    private static let reasoned: [CoverageExemption] = [
        CoverageExemption(
            requirement: "DH-3",
            reason:
                "Freshness of private keys is not observable: the adapter protocol injects every private key (kit chapter 2)."
        ),
        CoverageExemption(
            requirement: "ACK-3",
            reason:
                "The core's server_eph is injected in handshake-core; its freshness is not observable through the adapter."
        ),
        CoverageExemption(
            requirement: "CHAN-8",
            reason:
                "Revocation ending the current session: handshake-core has no revoke step and no frame step, so no request shows a session outliving its channel (review F-28, left to the next adapter-protocol version)."
        ),
        CoverageExemption(
            requirement: "CHAN-7",
            reason:
                "What is stored and how (core_static, encrypted at rest) is not observable; core-channel's restart step (ADP-56) shows only the channel a restart leaves."
        ),
        CoverageExemption(
            requirement: "MSG-1",
            reason:
                "The relay text is decoded before any receiver; the adapter protocol carries messages as bytes (hex), so no request holds relay text. ENC-1's vectors test the decoder itself."
        ),
        CoverageExemption(
            requirement: "MSG-2",
            reason:
                "Routing inside an endpoint: each adapter operation names its receiver. The answers it routes to are TYPE-2 to TYPE-5's vectors at every receiver."
        ),
        CoverageExemption(
            requirement: "CHAN-ROUTE-1",
            reason:
                "The mapping from the relay's channelId to a channel is outside every adapter operation: handshake-core is given its one channel."
        ),
        CoverageExemption(
            requirement: "DEV-STATE-1",
            reason:
                "The device's state across handshakes: handshake-device-start and handshake-device-finish are single steps with no device state between requests (ADP-9)."
        ),
        CoverageExemption(
            requirement: "DEV-STATE-2",
            reason:
                "Freshness of each handshake's keys is not observable (keys are injected, as for DH-3); ending the old session spans requests (ADP-9)."
        ),
        CoverageExemption(
            requirement: "DEV-STATE-3",
            reason:
                "Deadlines and state across several acks need a device step sequence; handshake-device-finish opens one message. ACK-4's vectors test each single ack."
        ),
        CoverageExemption(
            requirement: "DEV-STATE-4",
            reason:
                "The answers per state are those of TYPE-2 to TYPE-5 and ACK-4 at the ack and session openers (their vectors); the idle state has no adapter operation."
        ),
        CoverageExemption(
            requirement: "DEV-STATE-6",
            reason: "Key storage on the device is not observable through the adapter protocol."
        ),
        CoverageExemption(
            requirement: "QR-HYG-1",
            reason: "What a producer or consumer logs is not observable through the adapter protocol."
        ),
        CoverageExemption(
            requirement: "SAS-3",
            reason:
                "What the desktop shows and asks is user interface; the code it shows is tested through core-channel's sas (SAS-1, SAS-2), the count of device keys it shows through core-channel's attempts (ADP-53, KEYCONF-7)."
        ),
        CoverageExemption(
            requirement: "DEV-STATE-5",
            reason:
                "When a device decides to start a handshake (a reconnection, two timeouts, a code on screen) is driven by no adapter operation: device-state starts one only at a start step; what a handshake does to the state is DEV-STATE-2's vectors."
        ),
        CoverageExemption(
            requirement: "SAS-4",
            reason:
                "What the phone shows and offers (the code, Codes differ, Match) is user interface, driven by no adapter operation; the code it shows is tested through sas and live/sas/adapter-device (SAS-1, SAS-2), the tunnel:revoke that Codes differ sends through RELAY-15's vectors."
        ),
        CoverageExemption(
            requirement: "QR-SRC-1",
            reason:
                "Where a payload came from (scanner or operating-system link) is an input of the app, not of the payload parser the adapter drives."
        ),
        CoverageExemption(
            requirement: "QR-SRC-2",
            reason:
                "A confirmation screen and the absence of network activity before it are app behaviour; the fingerprint it shows is tested (QR-SRC-3)."
        ),
        CoverageExemption(
            requirement: "QR-SRC-4",
            reason:
                "What the desktop shows beside its QR code is user interface; the fingerprint it shows is tested (QR-SRC-3)."
        ),
        CoverageExemption(
            requirement: "QR-SRC-5",
            reason:
                "What the desktop's confirmation dialog shows is user interface; the fingerprint it shows is tested (QR-SRC-3), as is the code beside it (SAS-1, SAS-2)."
        ),
        CoverageExemption(
            requirement: "QR-SRC-6",
            reason:
                "What the phone's code screen shows is user interface; the fingerprint it shows is tested (QR-SRC-3), as is the code beside it (SAS-1, SAS-2)."
        ),
        CoverageExemption(
            requirement: "VER-1",
            reason:
                "What VER-1 asks is tested through the versions' own ids: a version 3 channel's refusal of 0x03 is V3-BIND-1's vectors in pairing-v3-core, and a version 2 channel's refusal of 0x10 is TYPE-5's; the recording itself is inside the core."
        ),
        CoverageExemption(
            requirement: "QR3-PARSE-5",
            reason:
                "Which handshake a phone starts after reading a payload is app behaviour; what it chooses from is qr-parse-v3's v (QR3-PARSE-1, QR3-PARSE-2), and the core's refusal of the other version is V3-BIND-1's vectors."
        ),
        CoverageExemption(
            requirement: "AUTH-2",
            reason:
                "The grant of a new pairing is the companion set of section 11.8; envelope-core takes the grant as an input, so the default is not observable through the adapter."
        ),
        CoverageExemption(
            requirement: "AUTH-4",
            reason:
                "Which tools an agent turn may run is decided inside the application behind a dispatched method; the envelope layer the adapter drives ends at dispatch (RPC-6 step 4)."
        ),
        CoverageExemption(
            requirement: "KEYLOG-1",
            reason:
                "A rule on key log writers: the verifier reports every line outside the grammar (KEYLOG-3), so `conformance verify --keylog` checks a saved key log."
        ),
        CoverageExemption(
            requirement: "KEYLOG-2",
            reason:
                "Which secrets a writer logs shows when `conformance verify` opens a saved exchange with its key log, and tools/keylog/check compares each implementation's lines on the worked example; no adapter operation writes one."
        ),
        CoverageExemption(
            requirement: "KEYLOG-8",
            reason:
                "Which lines a writer logs is outside every adapter operation: tools/keylog/check compares each implementation's K_HS lines on the worked example with its values."
        ),
        CoverageExemption(
            requirement: "KEYLOG-9",
            reason:
                "Which lines a writer logs is outside every adapter operation: tools/keylog/check compares each implementation's K_ACK lines on the worked example with its values."
        ),
        CoverageExemption(
            requirement: "KEYLOG-10",
            reason:
                "Which lines a writer logs is outside every adapter operation: tools/keylog/check compares each implementation's SAS_OKM lines on the worked example with its values."
        ),
        CoverageExemption(
            requirement: "KEYLOG-11",
            reason:
                "What a writer leaves out of its key log is outside every adapter operation: tools/keylog/holds-no-private-key runs each implementation through handshakes and a session and searches its key log for every private key it was given."
        ),
        CoverageExemption(
            requirement: "KEYLOG-5",
            reason:
                "When an implementation writes a key log is a property of its build and configuration, outside every adapter operation."
        ),
        CoverageExemption(
            requirement: "KEYLOG-6",
            reason: "What a production build contains is outside every adapter operation; it is reviewed in the build."
        ),
        CoverageExemption(
            requirement: "KEYLOG-7",
            reason:
                "The environment variable is read by adapters at start; the runner's saved traces and key logs (--save-traces) exercise it."
        ),
        CoverageExemption(
            requirement: "VERIFY-9",
            reason:
                "Exit statuses of `conformance verify`: VerifyCommandTests runs the command on passing, departing and unreadable inputs."
        ),
        CoverageExemption(
            requirement: "VERIFY-10",
            reason: "The JSON form of the CLI: VerifyCommandTests and TraceVerifierTests read it back."
        ),
        CoverageExemption(
            requirement: "VERIFY-11",
            reason:
                "No transcript line is built from a secret; VerifyCommandTests checks that no key log secret appears in the output."
        ),
        CoverageExemption(
            requirement: "VEC-1",
            reason: "A rule on the vector files: tools/validate-vectors.py validates every file against its schema."
        ),
        CoverageExemption(
            requirement: "VEC-2",
            reason:
                "A rule on the vector files: vectorgen refuses a duplicate id or one outside its area; VectorGenerationTests check every id."
        ),
        CoverageExemption(
            requirement: "VEC-3",
            reason:
                "vectorgen refuses a vector without requirements or a one-line comment, an undescribed flag, and a known answer the reference does not reproduce."
        ),
        CoverageExemption(
            requirement: "VEC-4",
            reason:
                "vectorgen sets result from the reference's answer and refuses an acceptable vector whose outcome changes within its policy."
        ),
        CoverageExemption(
            requirement: "VEC-5",
            reason: "vectorgen sets result from the per-step answers of the reference."
        ),
        CoverageExemption(
            requirement: "VEC-6",
            reason:
                "vectorgen --check; VectorGenerationTests prove two generations identical and a hand-edited file detected."
        ),
        CoverageExemption(
            requirement: "VEC-7",
            reason:
                "The definition behind the accumulated vectors: computed in Swift, reproduced by tools/accumulated.py; adapters are tested by running them."
        ),
        CoverageExemption(
            requirement: "VEC-8",
            reason: "vectorgen --coverage and VectorGenerationTests enforce it on every change."
        ),
        CoverageExemption(
            requirement: "VEC-12",
            reason:
                "A rule on the suite: vectorgen --coverage checks the boundary catalogue on every change; CoverageTests prove a hole is reported."
        ),
        CoverageExemption(
            requirement: "VEC-21",
            reason:
                "A rule on the runner's timeouts for slow vectors, tested by ConformanceRunnerTests (SlowVectorTests: a slow vector outlasting --timeout-ms passes within its budget) and by tools/test, which runs envelope-core/request-bound with the default timeout."
        ),
        CoverageExemption(
            requirement: "VEC-9",
            reason:
                "vectorgen writes the manifest (VectorGenerationTests check it); the reference runner refuses a bundle that does not match it."
        ),
        CoverageExemption(
            requirement: "VEC-10",
            reason:
                "A rule on the suite's maintainers, applied when a version is released; VectorFormatTests check one semantic version per bundle."
        ),
        CoverageExemption(
            requirement: "ADP-1",
            reason:
                "Line framing: exercised by every request of every run; an adapter that breaks it answers nothing the runner can read."
        ),
        CoverageExemption(
            requirement: "ADP-2",
            reason:
                "A limit on line length; the runner's side (a longer line is a fault) is a rule on the runner, tested by ConformanceRunnerTests."
        ),
        CoverageExemption(
            requirement: "ADP-3",
            reason: "A rule on the runner's handling of stderr, tested by ConformanceRunnerTests."
        ),
        CoverageExemption(
            requirement: "ADP-4",
            reason:
                "Flushing: exercised by every request; an adapter that does not flush times out on its first answer."
        ),
        CoverageExemption(
            requirement: "ADP-5",
            reason: "The request envelope: written by the runner for every request."
        ),
        CoverageExemption(
            requirement: "ADP-6",
            reason:
                "The response envelope: read by the runner for every request; a malformed response fails that request (ADP-18)."
        ),
        CoverageExemption(
            requirement: "ADP-7",
            reason:
                "Order and pipelining: exercised by every run (the runner keeps requests in flight); a reordered answer is a fault (ADP-18)."
        ),
        CoverageExemption(
            requirement: "ADP-12",
            reason:
                "hello: checked by the runner before any vector runs; an invalid answer stops the run with exit status 3."
        ),
        CoverageExemption(
            requirement: "ADP-13",
            reason:
                "shutdown and end of file: process handling at the end of every run, which a request/response vector cannot express."
        ),
        CoverageExemption(
            requirement: "ADP-18",
            reason:
                "A rule on the runner (faults and restarts), tested by ConformanceRunnerTests with misbehaving adapters."
        ),
        CoverageExemption(
            requirement: "ADP-19",
            reason: "A rule on the runner (comparison), tested by ConformanceRunnerTests."
        ),
        CoverageExemption(
            requirement: "ADP-121",
            reason:
                "A rule on the runner (the reserved internal_error fails any case), tested by ConformanceRunnerTests (InternalErrorTests: a vector expecting bad_request fails on internal_error)."
        ),
        CoverageExemption(
            requirement: "ADP-122",
            reason:
                "A rule on the runner's closing line, tested by ConformanceRunnerTests (RunFailureReportTests: an adapter that cannot start ends with `nothing was tested`)."
        ),
        CoverageExemption(
            requirement: "ADP-123",
            reason:
                "A rule on the runner's text and HTML reports, tested by ConformanceRunnerTests (FailureGroupTests: forty identical failures in one block, every id listed)."
        ),
        CoverageExemption(
            requirement: "ADP-124",
            reason:
                "A rule on the runner's failure messages, tested by ConformanceRunnerTests (FailureGroupTests: a frame's type octet and an envelope's JSON text decoded)."
        ),
        CoverageExemption(
            requirement: "ADP-125",
            reason:
                "A rule on the runner's bounds on user and adapter text, tested by ConformanceRunnerTests (ReportBoundTests: a 10 MiB reason, a FIFO without writer, a 4 MB hello name)."
        ),
        CoverageExemption(
            requirement: "ADP-20",
            reason: "A rule on the runner (skips), tested by ConformanceRunnerTests."
        ),
        CoverageExemption(
            requirement: "ADP-21",
            reason: "A rule on the runner (expected failures), tested by ConformanceRunnerTests."
        ),
        CoverageExemption(
            requirement: "ADP-22",
            reason:
                "A rule on the runner (process groups, signals), tested by ConformanceRunnerTests with adapters that leave processes behind."
        ),
        CoverageExemption(
            requirement: "ADP-23",
            reason:
                "A rule on the runner (stuck adapter, --deadline), tested by ConformanceRunnerTests with a silent adapter on the full suite."
        ),
        CoverageExemption(
            requirement: "ADP-24",
            reason:
                "A rule on the runner (bounded memory), tested by ConformanceRunnerTests with an adapter answering 4 MB error codes."
        ),
        CoverageExemption(
            requirement: "ADP-25",
            reason:
                "An answer too large for a line: no vector has one; ConformanceRunnerTests send a 120,000-step session to the reference, C and Python adapters."
        ),
        CoverageExemption(
            requirement: "ADP-26",
            reason: "A rule on the runner (stderr quoted per request), tested by ConformanceRunnerTests."
        ),
        CoverageExemption(
            requirement: "ADP-40",
            reason:
                "A rule on the runner's reports, tested by ConformanceRunnerTests (RunFailureReportTests: every format against the exit status)."
        ),
        CoverageExemption(
            requirement: "ADP-41",
            reason:
                "A rule on the runner's output, tested by ConformanceRunnerTests (ReportDeliveryTests: broken pipe, /dev/full, closed stdout, --output)."
        ),
        CoverageExemption(
            requirement: "ADP-42",
            reason:
                "A rule on the runner's expected-failures reader, tested by ConformanceRunnerTests (ExpectedFailuresFileTests)."
        ),
        CoverageExemption(
            requirement: "ADP-43",
            reason:
                "A rule on loading a bundle, tested by ConformanceRunnerTests (VectorDirectoryTests) and VectorGenerationTests (VectorgenCommandTests)."
        ),
        CoverageExemption(
            requirement: "ADP-44",
            reason:
                "hello: checked by the runner before any vector runs, tested by ConformanceRunnerTests (HelloValidationTests)."
        ),
        CoverageExemption(
            requirement: "ADP-45",
            reason: "A rule on the runner's text report, tested by ConformanceRunnerTests (HelloValidationTests)."
        ),
        CoverageExemption(
            requirement: "ADP-46",
            reason:
                "A naming rule on hello; the reference's is tested by ConformanceRunnerTests (ReferenceVersionTests)."
        ),
        CoverageExemption(
            requirement: "ADP-47",
            reason:
                "A rule on the runner's TAP report, tested by ConformanceRunnerTests (TAPHarnessTests run Debian's prove on real reports)."
        ),
        CoverageExemption(
            requirement: "ADP-48",
            reason: "A rule on vectorgen, tested by VectorGenerationTests (VectorgenCommandTests)."
        ),
        CoverageExemption(
            requirement: "ADP-80",
            reason:
                "A rule on the runner's HTML report, tested by ConformanceRunnerTests (HTMLReportTests, rendered in headless Chromium)."
        ),
        CoverageExemption(
            requirement: "ADP-81",
            reason:
                "A rule on every report format, tested by ConformanceRunnerTests (SpecLinkTests: the exact link of a failing case in text, TAP, JUnit, JSON and HTML)."
        ),
        CoverageExemption(
            requirement: "ADP-82",
            reason:
                "A rule on the runner's options, tested by ConformanceRunnerTests (SpecLinkTests: --spec-url and each default)."
        ),
        CoverageExemption(
            requirement: "ADP-83",
            reason:
                "A rule on tools/render-spec, tested by ConformanceRunnerTests (RenderedSpecTests: every page loaded in headless Chromium, every link and requirement anchor checked)."
        ),
        CoverageExemption(
            requirement: "ADP-100",
            reason:
                "A rule on where the packaged runner finds its vectors, tested by ConformanceRunnerTests (InstalledSuiteTests) and by `tools/package --check`, which runs the unpacked tarball from another directory."
        ),
        CoverageExemption(
            requirement: "ADP-95",
            reason:
                "Key logs are written only when an environment variable asks, which a vector cannot set: tools/keylog/check runs the reference, C and Python adapters on the worked example with and without OPENHUMAN_KEYLOG (a tools/test step)."
        ),
        CoverageExemption(
            requirement: "ADP-96",
            reason:
                "A rule on the runner (saved traces), tested by ConformanceRunnerTests (TraceSavingTests) with fixture adapters."
        ),
        CoverageExemption(
            requirement: "ADP-97",
            reason:
                "A rule on the runner (saved key logs), tested by ConformanceRunnerTests (TraceSavingTests) with fixture adapters that write key logs."
        ),
        CoverageExemption(
            requirement: "ADP-98",
            reason:
                "A rule on the runner's command line and files, tested by ConformanceRunnerTests (TraceSavingTests)."
        ),
        CoverageExemption(
            requirement: "ADP-99",
            reason:
                "A rule on conformance interop's ids, selection and saved traces, tested by ConformanceRunnerTests (TraceSavingTests)."
        ),
        CoverageExemption(
            requirement: "RELAY-3",
            reason:
                "The relay's CSPRNG is not observable: the operation relay injects every channel id, pairing token and credential the relay mints (kit chapter 2, ADP-70)."
        ),
        CoverageExemption(
            requirement: "RELAY-18",
            reason:
                "Back-pressure is not a step of the operation relay: no request says that a connection stopped reading. tools/relay/tests/test_bounds.py tests the reference relay's bound with a phone that never reads."
        ),
        CoverageExemption(
            requirement: "SIG-DEV-1",
            reason:
                "A device's relay client (what it sends on reconnect, where it keeps the credential) is driven by no adapter operation; the relay's side of the rule is RELAY-7's vectors."
        ),
        CoverageExemption(
            requirement: "SIG-DEV-2",
            reason:
                "What a device does with its keys and state on relay events is driven by no adapter operation (no device relay client in this adapter-protocol version; envelope-device's signal step reaches only the pending requests, SIG-DEV-4); device-state's vectors test the handshake it may start (DEV-STATE-2, DEV-STATE-3)."
        ),
        CoverageExemption(
            requirement: "SIG-DEV-3",
            reason:
                "What a device does on tunnel:revoked is driven by no adapter operation (no device relay client in this adapter-protocol version)."
        ),
    ]
}
