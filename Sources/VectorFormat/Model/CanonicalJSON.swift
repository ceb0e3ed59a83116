import Foundation

/// The one byte form of every file `vectorgen` writes: pretty-printed, keys sorted, slashes not
/// escaped, one trailing newline. Keeping a single encoder is what makes regeneration byte-identical.
public enum CanonicalJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}

extension VectorFile {
    /// Reads and decodes `vectors/<area>.json`.
    public static func load(from url: URL) throws -> VectorFile {
        try CanonicalJSON.decode(VectorFile.self, from: Data(contentsOf: url))
    }
}
