/// One run's trace saving: the recorder the checks write to, the key logs of the adapters in
/// play, and where saved checks go.
///
/// `begin` opens a channel (a trace and a span of each key log); `end` saves what was recorded
/// since, under a check's id. A check that builds on an earlier one (interop frames on the keys
/// of the interop handshake) ends on the same channel, so its trace starts with the handshake
/// that made its keys, which a verifier needs to name the session.
final class TraceCapture {
    let recorder: TraceRecorder
    let saving: TraceSaving
    private let keyLogs: [KeyLogCapture]
    private var starts: [UInt64] = []

    init(recorder: TraceRecorder, saving: TraceSaving, keyLogs: [KeyLogCapture]) {
        self.recorder = recorder
        self.saving = saving
        self.keyLogs = keyLogs
    }

    /// Starts a trace on the channel `channelID`, and a span of every key log.
    func begin(_ channelID: String) {
        recorder.begin(channelID)
        starts = keyLogs.map { $0.offset() }
    }

    /// The key log lines every adapter wrote since `begin`, adapter by adapter.
    var keyLogLines: String {
        zip(keyLogs, starts).map { log, start in log.lines(from: start) }.joined()
            + recorder.givenKeys.map { "# given to the adapter by the runner as input\n" + $0.line }.joined()
    }

    /// Saves what was recorded since `begin` as the check `id` when the check failed, or
    /// always with `--save-all-traces`; a check that passed no message has nothing to save.
    func end(_ id: String, failed: Bool) {
        guard !recorder.isEmpty, saving.wants(failed: failed) else { return }
        saving.save(id: id, trace: recorder.text, keyLog: keyLogLines)
    }
}
