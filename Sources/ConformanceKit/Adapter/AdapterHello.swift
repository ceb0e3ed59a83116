import TunnelVectors

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

    public init(protocolVersion: Int64 = AdapterHello.protocolVersion, name: String, version: String,
                operations: Set<String>, policies: [String: Int64]) {
        self.protocolVersion = protocolVersion
        self.name = name
        self.version = version
        self.operations = operations
        self.policies = policies
    }

    /// The `hello` request's input.
    static var request: AdapterRequest {
        AdapterRequest(operation: "hello", input: .object(["protocol": .int(protocolVersion)]))
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

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
        var policies: [String: Int64] = [:]
        switch output["policies"] {
        case nil:
            break
        case .object(let members)?:
            for (policy, value) in members {
                guard let number = value.intValue else {
                    throw Problem("hello policy \"\(policy)\" is not an integer: \(JSONWriter.compactString(value))")
                }
                policies[policy] = number
            }
        case let other?:
            throw Problem("hello \"policies\" is not an object: \(JSONWriter.compactString(other))")
        }
        return AdapterHello(protocolVersion: version, name: name, version: implementationVersion,
                            operations: operations, policies: policies)
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
