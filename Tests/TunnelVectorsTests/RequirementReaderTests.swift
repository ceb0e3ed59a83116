import Foundation
import Testing
import TunnelVectors

/// The requirement reader over a spec directory: the wire chapters and the conformance kit's
/// chapters in `kit/` form one id space.
@Suite struct RequirementReaderTests {
    /// A fresh temporary spec directory holding `files` (relative path -> Markdown).
    private func specDirectory(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("requirement-reader-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    // REQ: VEC-3
    @Test func kitChaptersAreReadBesideTheWireChaptersWithTheirKitPath() throws {
        let root = try specDirectory([
            "01-wire.md": "- **[W-1]** A core MUST do it.\n",
            "kit/01-kit.md": "- **[K-1]** A runner MUST do it.\n",
            "kit/coverage.md": "- **[G-1]** A generated table MUST be ignored.\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try RequirementReader.read(directory: root)
        #expect(found.map(\.id) == ["W-1", "K-1"])
        #expect(found.map(\.file) == ["01-wire.md", "kit/01-kit.md"])
    }

    // REQ: VEC-3
    @Test func anIDDefinedInTheWireSpecAndAgainInTheKitIsAnError() throws {
        let root = try specDirectory([
            "01-wire.md": "- **[W-1]** A core MUST do it.\n",
            "kit/01-kit.md": "\n- **[W-1]** A runner MUST do it.\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: RequirementReader.ReadError.duplicateID("W-1", first: "01-wire.md:1", second: "kit/01-kit.md:2")) {
            try RequirementReader.read(directory: root)
        }
    }
}
