import VectorFormat

/// One request to an adapter: `{"id":<int>,"op":"<name>","input":{...}}` (ADP-4).
public struct AdapterRequest: Equatable, Sendable {
    public var operation: String
    public var input: JSONValue
    /// The input's JSON text, sent as written instead of `input`: for the live check of values
    /// that are JSON but that `JSONValue` cannot hold (a lone surrogate escape, 2^64), ADP-32.
    public var inputText: [UInt8]?
    /// A timeout of this request's own, when longer than the run's `--timeout-ms`: a slow
    /// vector's budget (VEC-21). nil for the run's timeout.
    public var timeoutMilliseconds: Int?

    public init(operation: String, input: JSONValue, timeoutMilliseconds: Int? = nil) {
        self.operation = operation
        self.input = input
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    public init(operation: String, inputText: String) {
        self.operation = operation
        self.input = .null
        self.inputText = Array(inputText.utf8)
    }

    /// The request line without its newline.
    func line(id: Int64) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        out.append(contentsOf: #"{"id":"#.utf8)
        out.append(contentsOf: String(id).utf8)
        out.append(contentsOf: #","op":"#.utf8)
        JSONWriter.writeString(operation, into: &out)
        out.append(contentsOf: #","input":"#.utf8)
        if let inputText { out.append(contentsOf: inputText) } else { JSONWriter.write(input, into: &out, indent: nil) }
        out.append(UInt8(ascii: "}"))
        return out
    }
}

/// An adapter's answer to one request (ADP-5).
public enum AdapterResponse: Equatable, Sendable {
    case ok(JSONValue)
    case error(String)

    /// The response as the runner reports it: `{"ok":true,"output":...}` or `{"ok":false,"error":...}`.
    public var json: JSONValue {
        switch self {
        case .ok(let output): .object(["ok": .bool(true), "output": output])
        case .error(let code): .object(["ok": .bool(false), "error": .string(code)])
        }
    }
}

/// Decoding one stdout line into a response for the request with `expectedID`.
enum ResponseDecoder {
    static func decode(_ line: [UInt8], expectedID: Int64) -> Result<AdapterResponse, AdapterFault> {
        let value: JSONValue
        do {
            value = try JSONReader.value(line)
        } catch  where !error.isSyntaxError {
            // Valid JSON that no response can hold (a fraction, a repeated member): not "not JSON".
            return .failure(
                .malformedResponse(
                    reason: "the line is JSON but not a valid response: \(error.description)",
                    line: AdapterFault.excerpt(line)
                )
            )
        } catch {
            return .failure(.notJSON(reason: error.description, line: AdapterFault.excerpt(line)))
        }
        guard case .object(let members) = value else {
            return .failure(
                .malformedResponse(reason: "the line is JSON but not an object", line: AdapterFault.excerpt(line))
            )
        }
        guard let id = members["id"] else {
            return .failure(.malformedResponse(reason: "the response has no \"id\"", line: AdapterFault.excerpt(line)))
        }
        guard id == .int(expectedID) else {
            return .failure(.wrongID(expected: expectedID, received: JSONWriter.compactString(id)))
        }
        switch members["ok"] {
        case .bool(true):
            guard let output = members["output"], case .object = output else {
                return .failure(
                    .malformedResponse(
                        reason: "\"ok\":true without an \"output\" object",
                        line: AdapterFault.excerpt(line)
                    )
                )
            }
            return .success(.ok(output))
        case .bool(false):
            guard let code = members["error"]?.stringValue else {
                return .failure(
                    .malformedResponse(
                        reason: "\"ok\":false without an \"error\" string",
                        line: AdapterFault.excerpt(line)
                    )
                )
            }
            return .success(.error(code))
        default:
            return .failure(
                .malformedResponse(reason: "\"ok\" is missing or not a boolean", line: AdapterFault.excerpt(line))
            )
        }
    }
}
