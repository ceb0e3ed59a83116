import Foundation

/// Where the runner finds the transport lab of the live checks of wire spec section 15.7, and how
/// fast it runs the selection's clock (`--transport-lab`, `--transport-time-scale`).
///
/// The lab (`tools/lan-endpoint/openhuman-transport-lab`, Python with aiohttp) runs the reference
/// relay, core, LAN endpoint and device on loopback; the runner drives the adapter's
/// `transport-select` with what happens there. It is part of the kit's source, not of the packaged
/// runner: without it the transport checks are skipped, saying what they need.
public struct TransportLabSetting: Equatable, Sendable {
    /// argv of the lab; `--time-scale N` is appended.
    public var command: [String]
    /// Milliseconds of the selection's clock per real millisecond. The selection reads no clock
    /// (SELECT-1), so its time is an input: at 5, the LAN's 2,000 ms deadline is 400 real ms and
    /// a promotion's three checks `base` apart take 6 real seconds instead of 30.
    public var timeScale: Int

    public static let defaultTimeScale = 5
    public static let timeScaleRange = 1...50
    /// The lab in the kit's source tree, relative to the repository root.
    static let relativePath = "tools/lan-endpoint/openhuman-transport-lab"

    public init(command: [String], timeScale: Int = defaultTimeScale) {
        self.command = command
        self.timeScale = timeScale
    }

    /// The lab of the source tree that holds `vectorsDirectory` (`<root>/vectors`), when it is
    /// there: a runner started in a clone of the kit finds it without being told.
    public static func beside(vectorsDirectory: String, timeScale: Int = defaultTimeScale) -> TransportLabSetting? {
        let root = URL(fileURLWithPath: vectorsDirectory).standardizedFileURL.deletingLastPathComponent()
        let lab = root.appendingPathComponent(relativePath).path
        guard FileManager.default.isExecutableFile(atPath: lab) else { return nil }
        return TransportLabSetting(command: [lab], timeScale: timeScale)
    }
}
