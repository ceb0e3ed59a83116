import OpenHumanTunnel

/// The first line of a trace: `{"trace":"openhuman-tunnel","version":1}` (TRACE-2).
///
/// The header names the format before anything is read, so a file of some other JSON lines is
/// refused at step 0 instead of producing a page of departures. Other members are ignored: a
/// capture tool may note its name or the capture's place there.
public struct TraceHeader: Equatable, Sendable {
    public static let formatName = "openhuman-tunnel"
    public static let currentVersion: Int64 = 1

    public let version: Int64

    public init(version: Int64 = TraceHeader.currentVersion) {
        self.version = version
    }

    /// Reads a header line strictly.
    public static func decode(line: [UInt8]) throws(TraceError) -> TraceHeader {
        let object = try TraceLine.object(line)
        guard case .string(let name) = try TraceLine.required("trace", in: object) else {
            throw .badMemberType("trace")
        }
        guard name == Array(formatName.utf8) else { throw .badMemberValue("trace") }
        let versionNode = try TraceLine.required("version", in: object)
        guard case .number = versionNode else { throw .badMemberType("version") }
        guard let version = versionNode.integer else { throw .badMemberValue("version") }
        guard version == currentVersion else { throw .unsupportedVersion(version) }
        return TraceHeader(version: version)
    }

    /// The header's one line, without its line feed.
    public var line: String {
        TraceLine.write(
            .object([
                JSONMember(name: Array("trace".utf8), value: .string(Array(Self.formatName.utf8))),
                JSONMember(name: Array("version".utf8), value: .number(Array(String(version).utf8))),
            ])
        )
    }
}
