import AdapterOperations
import KitModels
import OpenHumanTunnel
import VectorFormat

/// An implementation served behind the adapter protocol in place of the reference library: the
/// mutants' rebuilt implementations (target `Mutants`) are values of this type, so this target
/// serves them without linking them.
public struct AdapterVariant: Sendable {
    /// What `hello` appends to the reference's name (`/composed`, `/mutant/<name>`), so a report
    /// can never pass a variant off as the reference.
    public let nameSuffix: String
    public let implementation: any TunnelImplementation
    /// Why the variant refuses a request's `input` before the operation runs (the mutants of the
    /// adapter's own request reading), or nil when it reads the input as the reference does.
    public let refusal: @Sendable (JSONValue?) -> String?

    public init(
        nameSuffix: String,
        implementation: any TunnelImplementation,
        refusal: @escaping @Sendable (JSONValue?) -> String? = { _ in nil }
    ) {
        self.nameSuffix = nameSuffix
        self.implementation = implementation
        self.refusal = refusal
    }
}

/// The reference adapter: the `OpenHumanTunnel` library behind the JSON-lines adapter protocol.
///
/// `handle(request:)` answers one decoded request and has no other effect, so tests drive it
/// without a process; `serve` is the stdin/stdout loop around it.
public struct ReferenceAdapter: Sendable {
    public static let name = "openhuman-swift-reference"
    /// The reference implementation is released with the suite and implements exactly its
    /// specification, so its `hello.version` is the suite version (ADP-46): an interop table or a
    /// report that names the reference names the suite it was checked against. Other
    /// implementations report their own release.
    public static let version = VectorFile.currentSuiteVersion
    public static let protocolVersion: Int64 = 1
    /// The declared replay-window policy (REPLAY-3). Mutants declare it too: a window of 127 or
    /// 129 that claims 128 is exactly the bug they model.
    public static let replayMemory: Int64 = 128
    /// The declared bound of the core's sessions (MEMORY-2). Both allowed values conform; the
    /// smaller one keeps the bound's vectors in every test run (the 2^20 family is flagged Slow).
    public static let sessionReplayMemory: Int64 = 65_536

    /// The variant served instead of the reference library, or nil for the reference itself.
    public let variant: AdapterVariant?
    private let operations: Operations

    /// The reference library, or `variant` when one is given.
    public init(variant: AdapterVariant? = nil) {
        self.variant = variant
        operations = Operations(
            implementation: variant?.implementation
                ?? LibraryImplementation(sessionReplayMemory: Int(Self.sessionReplayMemory))
        )
    }

    /// The name `hello` reports: a variant is named, so a report can never pass one off as the reference.
    public var adapterName: String { Self.name + (variant?.nameSuffix ?? "") }

    /// The operations `hello` lists.
    public var operationNames: [String] { Operations.names }

    /// The response to one request: `{"id","ok":true,"output"}` or `{"id","ok":false,"error"}`.
    public func handle(request: JSONValue) -> JSONValue {
        respond(to: request).response
    }

    /// A response, whether the adapter must stop after sending it (`shutdown`), and a line for
    /// stderr explaining a `bad_request`.
    struct Reply {
        let response: JSONValue
        var stop = false
        var log: String?
        /// What the operation used, for the key log; empty unless `respond` was asked for it.
        var keys: [KeyLogEntry] = []
    }

    /// With `loggingKeys`, the reply also carries the key log lines of what the operation used.
    /// They cost a second opening of a handshake or ack, so they are built only when a key log
    /// is written, never in the request loop of an ordinary run.
    func respond(to request: JSONValue, loggingKeys: Bool = false) -> Reply {
        guard case .object(let members) = request, case .int(let id)? = members["id"] else {
            return Reply(response: Self.failure(id: .null, "bad_request"), log: "request without an integer id")
        }
        guard case .string(let operation)? = members["op"] else {
            return Reply(response: Self.failure(id: .int(id), "bad_request"), log: "request \(id): op is not a string")
        }
        do {
            switch operation {
            case "shutdown":
                return Reply(response: Self.success(id: id, .object([:])), stop: true)
            case "hello":
                return Reply(response: Self.success(id: id, try hello(RequestInput(members["input"], path: "input"))))
            default:
                if let reason = variant?.refusal(members["input"]) {
                    throw BadRequest(reason: reason)
                }
                guard let output = try operations.run(operation, RequestInput(members["input"], path: "input")) else {
                    return Reply(response: Self.failure(id: .int(id), "unsupported"))
                }
                return Reply(
                    response: Self.success(id: id, output),
                    keys: loggingKeys
                        ? OperationKeys.lines(
                            operation: operation,
                            input: members["input"] ?? .null,
                            output: output
                        ) : []
                )
            }
        } catch let error as BadRequest {
            return Reply(response: Self.failure(id: .int(id), "bad_request"), log: "request \(id): \(error.reason)")
        } catch let error as any ProtocolFailure {
            // A rejection completes no exchange, so it logs nothing (KEYLOG-2, KEYLOG-8).
            return Reply(response: Self.failure(id: .int(id), error.code))
        } catch is UnrepresentableOutput {
            return Reply(
                response: Self.failure(id: .int(id), "unsupported"),
                log: "request \(id): an output number is not an integer"
            )
        } catch {
            // Neither a malformed input nor a protocol rejection: the adapter's own failure (ADP-11).
            return Reply(response: Self.failure(id: .int(id), "internal_error"), log: "request \(id): \(error)")
        }
    }

    private func hello(_ input: RequestInput) throws(BadRequest) -> JSONValue {
        guard try input.integer("protocol") == Self.protocolVersion else {
            throw BadRequest(reason: "input.protocol: only protocol 1 is spoken")
        }
        return .object([
            "protocol": .int(Self.protocolVersion),
            "name": .string(adapterName),
            "version": .string(Self.version),
            "operations": .array(operationNames.map(JSONValue.string)),
            "policies": .object([
                Policy.replayMemory: .int(Self.replayMemory),
                Policy.sessionReplayMemory: .int(Self.sessionReplayMemory),
            ]),
        ])
    }

    private static func success(id: Int64, _ output: JSONValue) -> JSONValue {
        .object(["id": .int(id), "ok": .bool(true), "output": output])
    }

    private static func failure(id: JSONValue, _ code: String) -> JSONValue {
        .object(["id": id, "ok": .bool(false), "error": .string(code)])
    }
}
