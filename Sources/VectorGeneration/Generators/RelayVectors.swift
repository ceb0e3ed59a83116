import AdapterOperations
import VectorFormat

/// `vectors/relay.json`: the relay's state machine (spec/12-signalling.md) through the operation
/// `relay`: pairing-token reuse and expiry at -1/0/+1 s, credentials, eviction, cross-channel
/// isolation, the size limit at 65,535/65,536/65,537 characters, the rate limit, revocation and
/// the session-lost signal. Each vector states the emissions of the steps it is about, and the
/// generator refuses a vector whose reference answer differs.
enum RelayVectors {
    typealias S = RelaySteps
    static let t = RelaySteps.start

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "relay",
            description:
                "The relay's state machine: each step is one event of one connection at one time; the answer is the "
                + "events the relay sends, in order.",
            flags: [
                "Pairing": Flag(
                    description: "Registration and the single-use pairing token.",
                    bug: "A token accepted twice, or a channel joined without it."
                ),
                "Expiry": Flag(
                    description: "The pairing token one second before, at, and after its time limit.",
                    bug: "An expiry off by one, or none."
                ),
                "Credential": Flag(
                    description: "The device credential the relay mints and accepts.",
                    bug: "Another channel's credential, or a value the relay never minted, accepted."
                ),
                "Eviction": Flag(
                    description: "One connection per role and channel; the newer replaces the older.",
                    bug: "Two devices on one channel, or frames to the replaced one."
                ),
                "Isolation": Flag(
                    description: "Frames stay in their channel.",
                    bug: "A frame delivered to another channel."
                ),
                "Size": Flag(
                    description: "The payload limit of 65,536 characters.",
                    bug: "A limit off by one, or none."
                ),
                "Rate": Flag(
                    description: "100 frames per connection and channel in a second.",
                    bug: "No rate limit, or off by one."
                ),
                "Revocation": Flag(
                    description: "tunnel:revoke ends the credential, the token and both connections.",
                    bug: "A revoked device reconnecting."
                ),
                "Signal": Flag(
                    description: "Peer status and the session-lost signal.",
                    bug: "A missing or misdirected signal."
                ),
                "Refusal": Flag(
                    description: "Malformed or misdirected events are refused with a typed error and change nothing.",
                    bug: "A crash, a silent drop, or a refusal that changes state."
                ),
            ]
        )
        for item in RelayCases.all {
            try add(&file, item)
        }
        return try file.build()
    }

    /// A vector: steps, and for some of them the emissions expected, as `"<to> <event>[ <detail>]"`.
    struct Case {
        let name: String
        let requirements: [String]
        let flag: String
        let comment: String
        let steps: [JSONValue]
        let expect: [Int: [String]]
    }

    private static func add(_ file: inout VectorFileBuilder, _ item: Case) throws {
        let input: JSONValue = ["steps": .array(item.steps)]
        guard case .output(let output) = Operations.reference("relay", input: input),
            let steps = output["steps"]?.arrayValue
        else {
            throw GenerationError("relay/\(item.name): the reference refused the request")
        }
        for (index, expected) in item.expect {
            let actual = steps[index]["emit"]?.arrayValue?.map(summary) ?? []
            guard actual == expected else {
                throw GenerationError("relay/\(item.name): step \(index) emits \(actual), expected \(expected)")
            }
        }
        try file.add(
            item.name,
            operation: "relay",
            requirements: item.requirements,
            comment: item.comment,
            flags: [item.flag],
            input: input,
            expect: .valid
        )
    }

    /// `"phone tunnel:error pairing_token_used"`, `"core ack"`, `"core tunnel:peer-status true"`.
    static func summary(_ emission: JSONValue) -> String {
        let to = emission["to"]?.stringValue ?? "?", event = emission["event"]?.stringValue ?? "?"
        let data = emission["data"]
        if let code = data?["code"]?.stringValue ?? data?["error"]?["code"]?.stringValue {
            return "\(to) \(event) \(code)"
        }
        if case .bool(let online)? = data?["online"] { return "\(to) \(event) \(online)" }
        return "\(to) \(event)"
    }
}
