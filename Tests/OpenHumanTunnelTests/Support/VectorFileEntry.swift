import Foundation

/// One vector of a file in vectors/, read as plain JSON: the worked example's tests compare a
/// few of its fields with the chapter, without the kit's vector model (which this target, the
/// library's, does not depend on).
struct VectorFileEntry {
    let input: [String: Any]
    let expected: [String: Any]

    init(file: String, id: String) throws {
        let data = try Data(contentsOf: RepositoryFile.url("vectors/" + file))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let vectors = root?["vectors"] as? [[String: Any]] ?? []
        guard let vector = vectors.first(where: { $0["id"] as? String == id }) else {
            throw VectorMissing(id: id)
        }
        input = vector["input"] as? [String: Any] ?? [:]
        expected = vector["expected"] as? [String: Any] ?? [:]
    }

    struct VectorMissing: Error {
        let id: String
    }
}
