import Foundation
import VectorFormat

/// Maps a parsed vector file onto the `VectorFormat` model, naming the first member that does
/// not fit (spec/kit/01-vectors.md).
enum VectorFileReader {
    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func read(_ bytes: Data) throws(Problem) -> VectorFile {
        let root: JSONValue
        do {
            root = try JSONReader.value(bytes)
        } catch {
            throw Problem("not JSON: \(error.description)")
        }
        let file = try Members(root, at: "the file")
        var flags: [String: Flag] = [:]
        for (name, value) in try file.object("flags") {
            let flag = try Members(value, at: "flag \(name)")
            flags[name] = Flag(description: try flag.string("description"), bug: try flag.string("bug"))
        }
        var vectors: [Vector] = []
        for (index, value) in try file.array("vectors").enumerated() {
            vectors.append(try vector(value, index: index))
        }
        return VectorFile(
            schema: try file.string("schema"),
            area: try file.string("area"),
            description: try file.string("description"),
            flags: flags,
            vectors: vectors,
            suite: try file.string("suite"),
            suiteVersion: try file.string("suiteVersion")
        )
    }

    private static func vector(_ value: JSONValue, index: Int) throws(Problem) -> Vector {
        var members = try Members(value, at: "vector \(index)")
        let id = try members.string("id")
        members.place = "vector \(id)"
        let resultText = try members.string("result")
        guard let result = VectorResult(rawValue: resultText) else {
            throw Problem("vector \(id): unknown result \"\(resultText)\"")
        }
        return Vector(
            id: id,
            operation: try members.string("operation"),
            requirements: try members.strings("requirements"),
            comment: try members.string("comment"),
            flags: try members.optionalStrings("flags") ?? [],
            result: result,
            policy: try members.optionalString("policy"),
            source: try members.optionalString("source"),
            input: try members.value("input"),
            expected: try members.value("expected")
        )
    }

    /// The members of one object, with the place to name in a problem.
    private struct Members {
        let members: [String: JSONValue]
        var place: String

        init(_ value: JSONValue, at place: String) throws(Problem) {
            guard case .object(let members) = value else { throw Problem("\(place) is not an object") }
            self.members = members
            self.place = place
        }

        func value(_ name: String) throws(Problem) -> JSONValue {
            guard let value = members[name] else { throw Problem("\(place) has no \"\(name)\"") }
            return value
        }

        func string(_ name: String) throws(Problem) -> String {
            guard let text = try value(name).stringValue else { throw Problem("\(place): \"\(name)\" is not a string") }
            return text
        }

        func optionalString(_ name: String) throws(Problem) -> String? {
            guard let value = members[name], value != .null else { return nil }
            guard let text = value.stringValue else { throw Problem("\(place): \"\(name)\" is not a string") }
            return text
        }

        func array(_ name: String) throws(Problem) -> [JSONValue] {
            guard let items = try value(name).arrayValue else { throw Problem("\(place): \"\(name)\" is not an array") }
            return items
        }

        func object(_ name: String) throws(Problem) -> [String: JSONValue] {
            guard let object = try value(name).objectValue else {
                throw Problem("\(place): \"\(name)\" is not an object")
            }
            return object
        }

        func strings(_ name: String) throws(Problem) -> [String] {
            var out: [String] = []
            for item in try array(name) {
                guard let text = item.stringValue else { throw Problem("\(place): \"\(name)\" holds a non-string") }
                out.append(text)
            }
            return out
        }

        func optionalStrings(_ name: String) throws(Problem) -> [String]? {
            guard members[name] != nil else { return nil }
            return try strings(name)
        }
    }
}
