import OpenHumanTunnel

/// One observed record of a trace, every line after the header (TRACE-3 to TRACE-5).
public struct TraceRecord: Equatable, Sendable {
    /// The largest `time`: 2^53 - 1, the largest integer every JSON reader holds exactly (ENC-4).
    public static let maximumTime: Int64 = 9_007_199_254_740_991

    /// Unix time in milliseconds when the record was observed.
    public let time: Int64
    public let body: Body
    /// Set when the capture made this message on purpose to break a rule (TRACE-6).
    public let probe: TraceProbe?

    public enum Body: Equatable, Sendable {
        /// A Socket.IO event of wire spec chapter 12 as it was sent: its name, sender, receiver and
        /// JSON argument.
        case event(name: String, from: TracePeer, to: TracePeer, data: JSONNode)
        /// The pairing payload text (the QR text of wire spec chapter 8).
        case pairingPayload(String)
    }

    public init(time: Int64, body: Body, probe: TraceProbe? = nil) {
        self.time = time
        self.body = body
        self.probe = probe
    }

    /// The same record marked as a probe.
    public func probing(_ probe: TraceProbe?) -> TraceRecord { TraceRecord(time: time, body: body, probe: probe) }

    /// The event name of every tunnel message.
    public static let frameEvent = "tunnel:frame"

    /// A `tunnel:frame` event carrying `payload` (base64url text) on `channelId`.
    public static func frame(
        time: Int64,
        from: TracePeer,
        to: TracePeer,
        channelId: String,
        payload: String
    ) -> TraceRecord {
        TraceRecord(
            time: time,
            body: .event(
                name: frameEvent,
                from: from,
                to: to,
                data: .object([
                    JSONMember(name: Array("channelId".utf8), value: .string(Array(channelId.utf8))),
                    JSONMember(name: Array("payload".utf8), value: .string(Array(payload.utf8))),
                ])
            )
        )
    }

    /// Reads a record line strictly: members of the wrong type or range are errors, members this
    /// version does not know are ignored (TRACE-3).
    public static func decode(line: [UInt8]) throws(TraceError) -> TraceRecord {
        let object = try TraceLine.object(line)
        let timeNode = try TraceLine.required("time", in: object)
        guard case .number = timeNode else { throw .badMemberType("time") }
        guard let time = timeNode.integer, (0...maximumTime).contains(time) else { throw .badMemberValue("time") }

        let probe = try object.member("probe").map { node throws(TraceError) in try TraceProbe.decode(node) }
        let event = object.member("event")
        let payload = object.member("pairingPayload")
        switch (event, payload) {
        case (.some, .some): throw .ambiguousRecord
        case (nil, nil): throw .missingMember("event")
        case (nil, .some(let node)):
            guard case .string(let text) = node else { throw .badMemberType("pairingPayload") }
            return TraceRecord(time: time, body: .pairingPayload(String(decoding: text, as: UTF8.self)), probe: probe)
        case (.some(let node), nil):
            guard case .string(let name) = node else { throw .badMemberType("event") }
            guard !name.isEmpty else { throw .badMemberValue("event") }
            let from = try peer("from", in: object)
            let to = try peer("to", in: object)
            guard from != to else { throw .badMemberValue("to") }
            let data = try TraceLine.required("data", in: object)
            return TraceRecord(
                time: time,
                body: .event(name: String(decoding: name, as: UTF8.self), from: from, to: to, data: data),
                probe: probe
            )
        }
    }

    private static func peer(_ name: String, in object: JSONNode) throws(TraceError) -> TracePeer {
        guard case .string(let text) = try TraceLine.required(name, in: object) else { throw .badMemberType(name) }
        guard let peer = TracePeer(rawValue: String(decoding: text, as: UTF8.self)) else { throw .badMemberValue(name) }
        return peer
    }

    /// The record's one line, without its line feed: members sorted by name at every level, no
    /// white space, so one record has one text (kit chapter 3, section 3.2).
    public var line: String {
        var members = [JSONMember(name: Array("time".utf8), value: .number(Array(String(time).utf8)))]
        switch body {
        case .event(let name, let from, let to, let data):
            members += [
                JSONMember(name: Array("event".utf8), value: .string(Array(name.utf8))),
                JSONMember(name: Array("from".utf8), value: .string(Array(from.rawValue.utf8))),
                JSONMember(name: Array("to".utf8), value: .string(Array(to.rawValue.utf8))),
                JSONMember(name: Array("data".utf8), value: data),
            ]
        case .pairingPayload(let text):
            members.append(JSONMember(name: Array("pairingPayload".utf8), value: .string(Array(text.utf8))))
        }
        if let probe { members.append(JSONMember(name: Array("probe".utf8), value: probe.node)) }
        return TraceLine.write(.object(members))
    }

    /// `channelId` and `payload` of a `tunnel:frame` event whose argument has both as strings;
    /// nil for any other record.
    public var frame: (channelId: String, payload: String)? {
        guard case .event(Self.frameEvent, _, _, let data) = body,
            case .string(let channel)? = data.member("channelId"),
            case .string(let payload)? = data.member("payload")
        else { return nil }
        return (String(decoding: channel, as: UTF8.self), String(decoding: payload, as: UTF8.self))
    }
}
