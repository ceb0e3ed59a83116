import AdapterOperations
import Foundation
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The interoperability checks for one ordered pair of implementations (A, B), with keys and
/// nonces fresh from the runner's CSPRNG:
///
/// - `sealAsDevice`: A seals as device (its own nonce), B opens as core;
/// - `sealAsCore`: A seals as core, B opens as device;
/// - `handshake`: A's device side (`handshake-device-start`, `-finish`) with B's core side
///   (`handshake-core` on a pending channel): both must derive the same session keys;
/// - `frames`: on those keys, a frame from A to B (a ping request envelope) and one from B to A
///   (its response);
/// - `chunks 1 MiB`, `chunks 16 MiB`: a generated message (ADP-61) split by A
///   (`envelope-split`, in pages) and reassembled by B (`envelope-reassemble`, the first chunk
///   first, as CHUNK-4 requires, then the others in reverse order): B must report A's length
///   and SHA-256. A 16 MiB split cannot travel on a line (ADP-2), so B reassembles `splitOf`
///   steps of its own split after A's and B's splits have been compared page by page.
///
/// Every check also runs the other way round when the pair (B, A) comes up.
struct InteropPair {
    enum Check: String, CaseIterable {
        case sealAsDevice = "seal as device"
        case sealAsCore = "seal as core"
        case handshake = "handshake"
        case frames = "frames both ways"
        case chunks1MiB = "chunks 1 MiB"
        case chunks16MiB = "chunks 16 MiB"
        case pairingV3 = "pairing v3"
        case reconnectV3 = "reconnect v3"
        case sessionV3 = "session v3"

        /// The requirements a failure of the check departs from, which its FAIL line names and
        /// links (ADP-81).
        var requirements: [String] {
            switch self {
            case .sealAsDevice, .sealAsCore: ["FRAME-SEAL-1", "FRAME-OPEN-1", "KDF-5"]
            case .handshake: ["HS-1", "HS-4", "ACK-1", "ACK-4", "KDF-2"]
            case .frames: ["KDF-5", "ENV-2"]
            case .chunks1MiB, .chunks16MiB: ["CHUNK-1", "CHUNK-6"]
            case .pairingV3: ["V3-NOISE-1", "V3-SAS-1", "V3-CONFIRM-1", "V3-CONFIRM-2"]
            case .reconnectV3: ["V3-RECON-1", "V3-RECON-2", "V3-RECON-4"]
            case .sessionV3: ["V3-FRAME-1", "V3-FRAME-2", "V3-PAD-1", "V3-REKEY-2"]
            }
        }

        /// The check's part of its id, `interop/<sender>-<receiver>/<slug>`: `--filter` and
        /// `--skip` select by that id, and `--save-traces` names files after it.
        var slug: String {
            rawValue.lowercased().replacingOccurrences(of: " ", with: "-")
        }
    }

    enum Verdict: Equatable {
        case passed
        case failed(String)
        /// One side lacks an operation the check needs.
        case notApplicable(String)
        /// The check depends on an earlier one that did not pass.
        case blocked
        /// `--filter` or `--skip` left the check out.
        case deselected

        var cell: String {
            switch self {
            case .passed: "pass"
            case .failed: "FAIL"
            case .notApplicable: "n/a"
            case .blocked: "-"
            case .deselected: "."
            }
        }
    }

    struct Party {
        let label: String
        let driver: AdapterDriver
    }

    struct Failure: Error {
        var message: String
        var notApplicable = false
    }

    let sender: Party
    let receiver: Party
    var random = LiveRandom()
    /// Which checks run (by id); the handshake also runs when only the frames built on it are selected.
    var selects: (String) -> Bool = { _ in true }
    /// Where the checks' messages and the two adapters' key logs go (`--save-traces`), if anywhere.
    var capture: TraceCapture?
    private let recorder: TraceRecorder

    init(
        sender: Party,
        receiver: Party,
        selects: @escaping (String) -> Bool = { _ in true },
        capture: TraceCapture? = nil
    ) {
        self.sender = sender
        self.receiver = receiver
        self.selects = selects
        self.capture = capture
        recorder = capture?.recorder ?? TraceRecorder(clock: Date.init)
    }

    /// `interop/<sender>-<receiver>/<check>`.
    func id(_ check: Check) -> String { "interop/\(sender.label)-\(receiver.label)/\(check.slug)" }

    mutating func run() -> [Check: Verdict] {
        var verdicts: [Check: Verdict] = [:]
        for check in Check.allCases where !selects(id(check)) { verdicts[check] = .deselected }
        for (check, role) in [(Check.sealAsDevice, Role.device), (.sealAsCore, .core)] where verdicts[check] == nil {
            capture?.begin(id(check))
            verdicts[check] = verdict { (pair: inout InteropPair) throws(Failure) in try pair.sealAndOpen(as: role) }
            end(check, verdicts)
        }
        // The handshake and the frames on its keys are one channel: the frames' trace starts
        // with the handshake that named their session.
        var keys: SessionKeys?
        if verdicts[.handshake] == nil || verdicts[.frames] == nil {
            capture?.begin("interop/\(sender.label)-\(receiver.label)")
            let handshake = verdict { (pair: inout InteropPair) throws(Failure) in keys = try pair.handshake() }
            if verdicts[.handshake] == nil {
                verdicts[.handshake] = handshake
                end(.handshake, verdicts)
            }
            if verdicts[.frames] == nil {
                switch (handshake, keys) {
                case (.passed, let keys?):
                    verdicts[.frames] = verdict { (pair: inout InteropPair) throws(Failure) in try pair.frames(keys) }
                case (.notApplicable(let why), _):
                    verdicts[.frames] = .notApplicable(why)
                default:
                    verdicts[.frames] = .blocked
                }
                end(.frames, verdicts)
            }
        }
        for (check, length) in [(Check.chunks1MiB, 1 << 20), (.chunks16MiB, 16 << 20)] where verdicts[check] == nil {
            verdicts[check] = verdict { (pair: inout InteropPair) throws(Failure) in try pair.chunks(length: length) }
        }
        if verdicts[.pairingV3] == nil {
            capture?.begin(id(.pairingV3))
            verdicts[.pairingV3] = verdict { (pair: inout InteropPair) throws(Failure) in try pair.pairingV3() }
            end(.pairingV3, verdicts)
        }
        if verdicts[.reconnectV3] == nil {
            capture?.begin(id(.reconnectV3))
            verdicts[.reconnectV3] = verdict { (pair: inout InteropPair) throws(Failure) in try pair.reconnectV3() }
            end(.reconnectV3, verdicts)
        }
        if verdicts[.sessionV3] == nil {
            verdicts[.sessionV3] = verdict { (pair: inout InteropPair) throws(Failure) in try pair.sessionV3() }
        }
        return verdicts
    }

    /// Saves the check's trace when `--save-traces` asks for it.
    private func end(_ check: Check, _ verdicts: [Check: Verdict]) {
        switch verdicts[check] {
        case .passed?: capture?.end(id(check), failed: false)
        case .failed?: capture?.end(id(check), failed: true)
        default: break  // not applicable or blocked: nothing of the check was tried
        }
    }

    private mutating func verdict(_ body: (inout InteropPair) throws(Failure) -> Void) -> Verdict {
        do {
            try body(&self)
            return .passed
        } catch {
            return error.notApplicable ? .notApplicable(error.message) : .failed(error.message)
        }
    }

    // MARK: - Checks

    private mutating func sealAndOpen(as role: Role) throws(Failure) {
        let keys = SessionKeys(c2s: random.bytes(32), s2c: random.bytes(32))
        let plaintext = random.bytes(57)
        let sealed = try call(
            sender,
            "frame-seal",
            [
                "role": .string(role.rawValue), "c2s": .hex(keys.c2s),
                "s2c": .hex(keys.s2c), "plaintext": .hex(plaintext),
            ]
        )
        let frame = try hex("frame", sealed, from: sender)
        recorder.frame(frame, from: role)
        let opened = try call(
            receiver,
            "frame-open",
            [
                "role": .string(role == .device ? "core" : "device"),
                "c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c), "frame": .hex(frame),
            ]
        )
        guard try hex("plaintext", opened, from: receiver) == plaintext else {
            throw Failure(message: "\(receiver.label) opened \(sender.label)'s frame to another plaintext")
        }
    }

    private mutating func handshake() throws(Failure) -> SessionKeys {
        let coreStatic = random.bytes(32), deviceStatic = random.bytes(32), clientEphemeral = random.bytes(32)
        let corePublic = X25519.publicKey(privateKey: coreStatic)
        recorder.pairingPayload(corePublicKey: corePublic)
        let started = try call(
            sender,
            "handshake-device-start",
            [
                "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(deviceStatic),
                "handshakeEphemeralPrivate": .hex(random.bytes(32)), "clientEphemeralPrivate": .hex(clientEphemeral),
                "nonce": .hex(random.bytes(24)),
            ]
        )
        let frame = try hex("frame", started, from: sender)
        recorder.frame(frame, from: .device)
        let now: Int64 = 1_790_000_000
        let core = try call(
            receiver,
            "handshake-core",
            [
                "coreStaticPrivate": .hex(coreStatic),
                "channel": ChannelJSON.write(.pending(expiresAt: now + 600)),
                "steps": [
                    [
                        "frame": .hex(frame), "now": .int(now), "serverEphemeralPrivate": .hex(random.bytes(32)),
                        "ackNonce": .hex(random.bytes(24)),
                    ]
                ],
            ]
        )
        guard let step = core["steps"]?.arrayValue?.first else {
            throw Failure(message: "\(receiver.label)'s handshake-core answered no step")
        }
        if let code = step["error"]?.stringValue {
            throw Failure(message: "\(receiver.label) (core) rejected \(sender.label)'s handshake with \(code)")
        }
        let ack = try hex("ack", step, from: receiver)
        recorder.frame(ack, from: .core)
        let finished = try call(
            sender,
            "handshake-device-finish",
            [
                "corePublicKey": .hex(corePublic), "deviceStaticPrivate": .hex(deviceStatic),
                "clientEphemeralPrivate": .hex(clientEphemeral), "frame": .hex(ack),
            ]
        )
        let deviceKeys = SessionKeys(
            c2s: try hex("c2s", finished, from: sender, length: 32),
            s2c: try hex("s2c", finished, from: sender, length: 32)
        )
        let coreKeys = SessionKeys(
            c2s: try hex("c2s", step, from: receiver, length: 32),
            s2c: try hex("s2c", step, from: receiver, length: 32)
        )
        guard deviceKeys == coreKeys else {
            throw Failure(
                message: "\(sender.label) (device) and \(receiver.label) (core) derived different session keys"
            )
        }
        return deviceKeys
    }

    /// A ping request from A's device and the core's answer from B, each an envelope of
    /// chapter 11 with a fresh request id: what a session carries, so a saved trace of the pair
    /// reads as a real exchange.
    private mutating func frames(_ keys: SessionKeys) throws(Failure) {
        let requestId = "interop-" + Hex.encode(random.bytes(8))
        let envelopes: [OutgoingEnvelope] = [
            .request(requestId: requestId, method: "openhuman.ping", paramsText: Array("{}".utf8), stream: false),
            .response(requestId: requestId, payloadText: Array(#"{"ok":true}"#.utf8)),
        ]
        for ((from, to, role), envelope) in zip(
            [(sender, receiver, Role.device), (receiver, sender, Role.core)],
            envelopes
        ) {
            let plaintext: [UInt8]
            do {
                plaintext = try EnvelopeEncoder.encode(envelope)
            } catch {
                throw Failure(message: "the reference could not encode the envelope: \(error.code)")
            }
            let sealed = try call(
                from,
                "frame-seal",
                [
                    "role": .string(role.rawValue), "c2s": .hex(keys.c2s),
                    "s2c": .hex(keys.s2c), "plaintext": .hex(plaintext),
                ]
            )
            let frame = try hex("frame", sealed, from: from)
            recorder.frame(frame, from: role)
            let opened = try call(
                to,
                "frame-open",
                [
                    "role": .string(role == .device ? "core" : "device"),
                    "c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c), "frame": .hex(frame),
                ]
            )
            guard try hex("plaintext", opened, from: to) == plaintext else {
                throw Failure(message: "\(to.label) opened \(from.label)'s session frame to another plaintext")
            }
        }
    }

    private mutating func chunks(length: Int) throws(Failure) {
        let requestId = "interop-" + Hex.encode(random.bytes(8))
        let generated: JSONValue = ["seed": .hex(random.bytes(32)), "length": .int(Int64(length))]
        let (chunks, digest) = try split(sender, requestId: requestId, generated: generated)
        if !ReassemblySteps.fitOnALine(chunks) {
            guard try split(receiver, requestId: requestId, generated: generated).chunks == chunks else {
                throw Failure(
                    message: "\(sender.label) and \(receiver.label) split the same message differently (CHUNK-1)"
                )
            }
        }
        let steps = ReassemblySteps.firstThenReversed(chunks, requestId: requestId, generated: generated)
        let output = try call(
            receiver,
            "envelope-reassemble",
            ["role": "device", "digest": true, "steps": .array(steps)]
        )
        guard let last = output["steps"]?.arrayValue?.last, last["sha256"]?.stringValue == digest,
            last["length"]?.intValue == Int64(length)
        else {
            throw Failure(
                message: "\(receiver.label) did not reassemble \(sender.label)'s \(chunks.count) chunks to the message"
            )
        }
    }

    /// Every plaintext of `party`'s split, fetched in pages of 30 (about 3 MB of hex), and the
    /// message's SHA-256 in hex.
    private func split(
        _ party: Party,
        requestId: String,
        generated: JSONValue
    ) throws(Failure) -> (chunks: [[UInt8]], sha256: String) {
        var chunks: [[UInt8]] = [], digest = ""
        var total = 1
        while chunks.count < total {
            let output = try call(
                party,
                "envelope-split",
                [
                    "requestId": .string(requestId), "generated": generated,
                    "from": .int(Int64(chunks.count)), "count": 30,
                ]
            )
            guard let count = output["total"]?.intValue, let page = output["plaintexts"]?.arrayValue, !page.isEmpty,
                let sha = output["sha256"]?.stringValue
            else {
                throw Failure(message: "\(party.label): envelope-split answered no page from \(chunks.count)")
            }
            total = Int(count)
            digest = sha
            for value in page {
                guard let bytes = value.stringValue.flatMap(Hex.decode) else {
                    throw Failure(message: "\(party.label): envelope-split plaintext is not hex")
                }
                chunks.append(bytes)
            }
        }
        return (chunks, digest)
    }

    /// A's `pairing-v3-device` pairs with B's `pairing-v3-core` (PairingV3Exchange): one code
    /// on both sides and one reconnection psk.
    private mutating func pairingV3() throws(Failure) {
        for (party, operation) in [(sender, "pairing-v3-device"), (receiver, "pairing-v3-core")]
        where !party.driver.hello.operations.contains(operation) {
            throw Failure(message: "\(party.label) lacks \(operation)", notApplicable: true)
        }
        let (sender, receiver) = (sender, receiver)
        let exchange = PairingV3Exchange(
            device: { input throws(CheckFailure) in
                try Self.checked { () throws(Failure) in try Self.ask(sender, "pairing-v3-device", input) }
            },
            core: { input throws(CheckFailure) in
                try Self.checked { () throws(Failure) in try Self.ask(receiver, "pairing-v3-core", input) }
            },
            random: &random
        )
        recorder.pairingPayload(corePublicKey: exchange.corePublic)
        do {
            _ = try exchange.pair()
        } catch {
            throw Failure(message: error.message)
        }
    }

    /// A's `reconnect-v3-device` reconnects to B's `reconnect-v3-core` (ReconnectionV3Exchange):
    /// the core commits the device's session on its key confirmation and refuses the replay.
    private mutating func reconnectV3() throws(Failure) {
        for (party, operation) in [(sender, "reconnect-v3-device"), (receiver, "reconnect-v3-core")]
        where !party.driver.hello.operations.contains(operation) {
            throw Failure(message: "\(party.label) lacks \(operation)", notApplicable: true)
        }
        let (sender, receiver) = (sender, receiver)
        let exchange = ReconnectionV3Exchange(
            device: { input throws(CheckFailure) in
                try Self.checked { () throws(Failure) in try Self.ask(sender, "reconnect-v3-device", input) }
            },
            core: { input throws(CheckFailure) in
                try Self.checked { () throws(Failure) in try Self.ask(receiver, "reconnect-v3-core", input) }
            },
            random: &random
        )
        recorder.pairingPayload(corePublicKey: exchange.corePublic)
        do {
            _ = try exchange.reconnect()
        } catch {
            throw Failure(message: error.message)
        }
    }

    /// Version 3 session frames both ways (chapter 14) on fresh transport keys: A's device seals
    /// content at four sizes, the last after 130 s (a rotation by time); B's core opens them and
    /// refuses the first again as replayed, then seals its answers, which A's device opens.
    private mutating func sessionV3() throws(Failure) {
        let (deviceToCore, coreToDevice) = (random.bytes(32), random.bytes(32))
        let startedAt: Int64 = 1_790_000_000
        let offsets: [Int64] = [0, 1, 2, 130]
        let contents = [0, 31, 1_000, 49_125].map { random.bytes($0) }
        func session(_ role: Role, _ steps: [JSONValue]) -> JSONValue {
            [
                "role": .string(role.rawValue), "handshake": "pairing", "deviceToCore": .hex(deviceToCore),
                "coreToDevice": .hex(coreToDevice), "startedAt": .int(startedAt), "steps": .array(steps),
            ]
        }
        func seals(_ contents: [[UInt8]]) -> [JSONValue] {
            zip(contents, offsets).map { ["seal": ["plaintext": .hex($0), "now": .int(startedAt + $1)]] }
        }
        func opens(_ frames: [[UInt8]]) -> [JSONValue] { frames.map { ["open": ["frame": .hex($0)]] } }
        func results(_ output: JSONValue, from party: Party) throws(Failure) -> [JSONValue] {
            guard let steps = output["steps"]?.arrayValue else {
                throw Failure(message: "\(party.label): session-v3 answered no steps")
            }
            return steps
        }
        let deviceFrames = try results(try call(sender, "session-v3", session(.device, seals(contents))), from: sender)
            .map { (step) throws(Failure) in try hex("frame", step, from: sender) }
        let answers = contents.map { Array($0.reversed()) }
        let core = try results(
            try call(
                receiver,
                "session-v3",
                session(.core, opens(deviceFrames) + opens([deviceFrames[0]]) + seals(answers))
            ),
            from: receiver
        )
        for (index, content) in contents.enumerated() where try hex("plaintext", core[index], from: receiver) != content
        {
            throw Failure(message: "\(receiver.label) opened \(sender.label)'s frame \(index) to another content")
        }
        guard core[contents.count]["error"]?.stringValue == "replayed" else {
            throw Failure(message: "\(receiver.label) did not refuse \(sender.label)'s first frame again as replayed")
        }
        let coreFrames = try core.suffix(answers.count).map { (step) throws(Failure) in
            try hex("frame", step, from: receiver)
        }
        let device = try results(try call(sender, "session-v3", session(.device, opens(coreFrames))), from: sender)
        for (index, answer) in answers.enumerated() where try hex("plaintext", device[index], from: sender) != answer {
            throw Failure(message: "\(sender.label) opened \(receiver.label)'s frame \(index) to another content")
        }
        // Messages (14.6): A's device sends a fragmented message and a whole one; B's core
        // receives both, the first after five fragments.
        let messages = [random.bytes(200_000), random.bytes(300)]
        let sends: [JSONValue] = messages.map { ["send": ["message": .hex($0), "now": .int(startedAt)]] }
        let sent = try results(try call(sender, "session-v3", session(.device, sends)), from: sender)
        var messageFrames: [[UInt8]] = []
        for step in sent {
            guard let frames = step["frames"]?.arrayValue else {
                throw Failure(message: "\(sender.label): a send step answered no frames")
            }
            for frame in frames {
                guard let bytes = frame.stringValue.flatMap(Hex.decode) else {
                    throw Failure(message: "\(sender.label): a send step answered a frame that is not hex")
                }
                messageFrames.append(bytes)
            }
        }
        let receives: [JSONValue] = messageFrames.map { ["receive": ["frame": .hex($0)]] }
        let received = try results(try call(receiver, "session-v3", session(.core, receives)), from: receiver)
        let delivered = received.compactMap { $0["message"]?.objectValue }
        let expected = messages.map { ["length": JSONValue.int(Int64($0.count)), "sha256": .hex(SHA256.hash($0))] }
        guard received.count == messageFrames.count, delivered == expected else {
            throw Failure(
                message: "\(receiver.label) did not receive \(sender.label)'s two messages whole and in order"
            )
        }
    }

    /// An interop call as a live check's failure, for the exchange the live checks share.
    private static func checked(_ call: () throws(Failure) -> JSONValue) throws(CheckFailure) -> JSONValue {
        do {
            return try call()
        } catch {
            throw CheckFailure(error.message)
        }
    }

    // MARK: - Calls

    private static func ask(_ party: Party, _ operation: String, _ input: JSONValue) throws(Failure) -> JSONValue {
        switch party.driver.call(AdapterRequest(operation: operation, input: input)) {
        case .failure(let incident):
            throw Failure(message: "\(party.label) \(operation): \(incident.fault.description)")
        case .success(.error(let code)):
            throw Failure(message: "\(party.label) \(operation) answered error \(code)")
        case .success(.ok(let output)):
            return output
        }
    }

    private func call(_ party: Party, _ operation: String, _ input: JSONValue) throws(Failure) -> JSONValue {
        guard party.driver.hello.operations.contains(operation) else {
            throw Failure(message: "\(party.label) lacks \(operation)", notApplicable: true)
        }
        switch party.driver.call(AdapterRequest(operation: operation, input: input)) {
        case .failure(let incident):
            throw Failure(message: "\(party.label) \(operation): \(incident.fault.description)")
        case .success(.error(OperationOutcome.unsupported)):
            throw Failure(message: "\(party.label) answered unsupported to \(operation)", notApplicable: true)
        case .success(.error(let code)):
            throw Failure(message: "\(party.label) \(operation) answered error \(code)")
        case .success(.ok(let output)):
            return output
        }
    }

    private func hex(
        _ name: String,
        _ output: JSONValue,
        from party: Party,
        length: Int? = nil
    ) throws(Failure) -> [UInt8] {
        guard let bytes = output[name]?.stringValue.flatMap(Hex.decode), length == nil || bytes.count == length else {
            throw Failure(message: "\(party.label): output member \(name) is missing or malformed")
        }
        return bytes
    }
}
