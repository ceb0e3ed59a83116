import Foundation
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The vector files of one directory (a bundle), loaded and checked.
///
/// Files are read with `JSONReader` and mapped onto the `VectorFormat` model by hand:
/// through `JSONDecoder` the suite took most of the runner's time budget before a single request
/// was sent. Every file's SHA-256 is checked against the directory's `manifest.json` first, so a
/// damaged or hand-edited bundle is refused instead of producing wrong verdicts.
public struct VectorBundle: Sendable {
    public var files: [VectorFile]
    /// Every vector of every file, files in name order, vectors in file order.
    public var vectors: [Vector]
    /// The suite version the files name (they must agree).
    public var suiteVersion: String?

    public struct LoadError: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public init(files: [VectorFile]) {
        self.files = files
        self.vectors = files.flatMap(\.vectors)
        self.suiteVersion = files.first?.suiteVersion
    }

    /// Loads every `*.json` vector file of `directory` (the manifest aside).
    ///
    /// Refused (ADP-43), each with a message saying what was expected: a directory with no vector
    /// file (a wrong `--vectors` would otherwise run only the live checks and pass), and one
    /// without `manifest.json` unless `requireManifest` is false (deleting the manifest must not
    /// silently switch the integrity check off). Files whose name starts with `.` (an editor's
    /// lock or swap file, `.#hkdf.json`) are not part of the suite and are ignored, as
    /// `vectorgen --check` ignores them.
    public static func load(directory: URL, requireManifest: Bool = true) throws(LoadError) -> VectorBundle {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw LoadError("cannot read the vectors directory \(directory.path): \(error.localizedDescription)")
        }
        guard names.contains(where: { $0 != Manifest.fileName }) else {
            throw LoadError(
                "no vector files in \(directory.path): expected the suite's *.json vector files and "
                    + "\(Manifest.fileName) (the vectors/ directory of the conformance kit); check --vectors"
            )
        }
        guard !requireManifest || names.contains(Manifest.fileName) else {
            throw LoadError(
                "no \(Manifest.fileName) in \(directory.path): without it the vector files cannot be checked "
                    + "for damage or edits; regenerate it with `swift run vectorgen`, or pass --no-manifest "
                    + "to run them unchecked"
            )
        }
        var contents: [String: Data] = [:]
        for name in names {
            do {
                contents[name] = try Data(contentsOf: directory.appendingPathComponent(name))
            } catch {
                throw LoadError("cannot read \(name): \(error.localizedDescription)")
            }
        }
        if let manifest = contents.removeValue(forKey: Manifest.fileName) {
            try verify(manifest: manifest, files: contents)
        }
        var files: [VectorFile] = []
        for name in contents.keys.sorted() {
            do {
                files.append(try VectorFileReader.read(contents[name]!))
            } catch {
                throw LoadError("\(name): \(error.description)")
            }
        }
        let suite = VectorBundle(files: files)
        try suite.checkConsistency()
        return suite
    }

    private static func verify(manifest data: Data, files: [String: Data]) throws(LoadError) {
        let manifest: JSONValue
        do {
            manifest = try JSONReader.value(data)
        } catch {
            throw LoadError("manifest.json is not JSON: \(error.description)")
        }
        guard let listed = manifest["files"]?.objectValue else {
            throw LoadError("manifest.json has no \"files\" object")
        }
        for (name, digest) in listed {
            guard let bytes = files[name] else { throw LoadError("manifest.json lists \(name), which is missing") }
            guard Hex.encode(SHA256.hash(Array(bytes))) == digest.stringValue else {
                throw LoadError("\(name) does not match its SHA-256 in manifest.json (modified or damaged)")
            }
        }
        if let extra = files.keys.sorted().first(where: { listed[$0] == nil }) {
            throw LoadError("\(extra) is not listed in manifest.json")
        }
    }

    private func checkConsistency() throws(LoadError) {
        var seen = Set<String>()
        for vector in vectors {
            guard seen.insert(vector.id).inserted else { throw LoadError("vector id \(vector.id) appears twice") }
        }
        let versions = Set(files.map(\.suiteVersion))
        guard versions.count <= 1 else {
            throw LoadError(
                "the vector files name different suite versions: \(versions.sorted().joined(separator: ", "))"
            )
        }
    }
}
