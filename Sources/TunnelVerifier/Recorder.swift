/// Collects the transcript and the departures of one run, and knows when to stop (VERIFY-8).
struct Recorder {
    private(set) var blocks: [TranscriptBlock] = []
    private(set) var departures: [Departure] = []
    let continuing: Bool

    /// True once a departure was recorded and the run does not continue past it.
    var mustStop: Bool { !continuing && !departures.isEmpty }

    mutating func open(step: Int, time: Int64?, summary: String) {
        blocks.append(TranscriptBlock(step: step, time: time, summary: summary))
    }

    /// The current block's time, known once its record is read.
    mutating func time(_ time: Int64) {
        blocks[blocks.count - 1].time = time
    }

    mutating func summary(_ text: String) {
        blocks[blocks.count - 1].summary = text
    }

    mutating func note(_ line: String) {
        blocks[blocks.count - 1].details.append(line)
    }

    /// Takes back the departures from `requirement` at `step`: a probe announced them
    /// (VERIFY-12). True when there was one.
    mutating func withdraw(_ requirement: String, step: Int) -> Bool {
        let before = departures.count
        departures.removeAll { $0.step == step && $0.requirement == requirement }
        return departures.count < before
    }

    mutating func depart(_ requirement: String, step: Int, _ detail: String) {
        departures.append(Departure(requirement: requirement, step: step, detail: detail))
    }
}
