import VectorFormat

/// What an adapter says about itself in its `hello` answer (ADP-6 to ADP-9).
public struct AdapterHello: Equatable, Sendable {
    /// The adapter protocol version this runner speaks.
    public static let protocolVersion: Int64 = 1

    public var protocolVersion: Int64
    public var name: String
    public var version: String
    /// The operations the adapter implements; vectors of other operations are skipped.
    public var operations: Set<String>
    /// Declared policies that resolve `acceptable` vectors, e.g. `replayMemory: 128`.
    public var policies: [String: Int64]

    public init(
        protocolVersion: Int64 = AdapterHello.protocolVersion,
        name: String,
        version: String,
        operations: Set<String>,
        policies: [String: Int64]
    ) {
        self.protocolVersion = protocolVersion
        self.name = name
        self.version = version
        self.operations = operations
        self.policies = policies
    }

    /// The smallest `replayMemory` kit section 2.6 allows: the window REPLAY-3 guarantees.
    public static let minimumReplayMemory: Int64 = 128

    /// The `hello` request's input.
    static var request: AdapterRequest {
        AdapterRequest(operation: "hello", input: .object(["protocol": .int(protocolVersion)]))
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The most of `name` and `version` kept (ADP-125): every report quotes them, and a 4 MB
    /// name in JUnit is past what XML tools read by default.
    static let identityBytes = 256

    /// Reads a `hello` output, or says what is wrong with it.
    static func parse(_ output: JSONValue) throws(Problem) -> AdapterHello {
        guard let version = output["protocol"]?.intValue else {
            throw Problem("hello output has no integer \"protocol\"")
        }
        guard version == protocolVersion else {
            throw Problem("the adapter speaks protocol \(version); this runner speaks \(protocolVersion)")
        }
        guard let name = output["name"]?.stringValue, !name.isEmpty else {
            throw Problem("hello output has no non-empty \"name\" string")
        }
        guard let implementationVersion = output["version"]?.stringValue else {
            throw Problem("hello output has no \"version\" string")
        }
        guard let list = output["operations"]?.arrayValue else {
            throw Problem("hello output has no \"operations\" array")
        }
        var operations: Set<String> = []
        for entry in list {
            guard let operation = entry.stringValue else {
                throw Problem("hello \"operations\" holds a non-string: \(JSONWriter.compactString(entry))")
            }
            operations.insert(operation)
        }
        guard case .object(let members)? = output["policies"] else {
            // ADP-12: a missing member is not "no policies"; an adapter with none sends {}.
            throw Problem(
                output["policies"] == nil
                    ? "hello output has no \"policies\" object (ADP-12: send {} when there are none)"
                    : "hello \"policies\" is not an object: \(JSONWriter.compactString(output["policies"]!))"
            )
        }
        var policies: [String: Int64] = [:]
        for (policy, value) in members {
            guard let number = value.intValue else {
                throw Problem("hello policy \"\(policy)\" is not an integer: \(JSONWriter.compactString(value))")
            }
            policies[policy] = number
        }
        if let memory = policies[Policy.replayMemory], memory < minimumReplayMemory {
            // ADP-44: a smaller window breaks REPLAY-3's guarantee; judging acceptable vectors
            // against it would select outcomes the specification does not allow.
            throw Problem(
                "hello policy \"\(Policy.replayMemory)\" is \(memory); kit section 2.6 allows an integer of "
                    + "\(minimumReplayMemory) or more (REPLAY-3)"
            )
        }
        return AdapterHello(
            protocolVersion: version,
            name: RetentionBounds.truncated(name, limit: identityBytes),
            version: RetentionBounds.truncated(implementationVersion, limit: identityBytes),
            operations: operations,
            policies: policies
        )
    }

    /// Warnings about this `hello` (ADP-44): names in `operations` that are no operation of the
    /// suite. Such a name is most likely a typo (`frame-opn`), and the operation it meant is then
    /// silently skipped as undeclared; the run goes on, but every report says so.
    public func warnings(knownOperations: Set<String>) -> [String] {
        operations.subtracting(knownOperations).sorted().map { name in
            "hello lists \"\(name)\", which is no operation of the suite (a typo? the operation it means is skipped as undeclared)"
        }
    }

    public var json: JSONValue {
        .object([
            "protocol": .int(protocolVersion),
            "name": .string(name),
            "version": .string(version),
            "operations": .array(operations.sorted().map { .string($0) }),
            "policies": .object(policies.mapValues { .int($0) }),
        ])
    }
}
