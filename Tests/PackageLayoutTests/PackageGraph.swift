import Foundation

/// The package's targets and their direct dependencies, as `swift package describe` reports them.
struct PackageGraph {
    struct Target {
        let name: String
        /// `library`, `executable`, `test` or `system-target`.
        let type: String
        let dependencies: [String]
    }

    let targets: [String: Target]

    init(_ targets: [Target]) {
        self.targets = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
    }

    /// Reads `swift package describe --type json` of the package at `root`.
    ///
    /// It uses a scratch path of its own: the `swift test` that runs this holds the lock on the
    /// package's `.build`, and a second SwiftPM waiting for that lock would never return.
    static func describe(packageAt root: URL) throws -> PackageGraph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path,
            "describe", "--type", "json",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DescribeFailed(status: process.terminationStatus) }
        return try parse(data)
    }

    struct DescribeFailed: Error {
        let status: Int32
    }

    static func parse(_ json: Data) throws -> PackageGraph {
        guard let package = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let targets = package["targets"] as? [[String: Any]]
        else { throw DescribeFailed(status: 0) }
        return PackageGraph(
            targets.map { target in
                Target(
                    name: target["name"] as? String ?? "",
                    type: target["type"] as? String ?? "",
                    dependencies: target["target_dependencies"] as? [String] ?? []
                )
            }
        )
    }

    /// Every target `name` reaches through its dependencies, itself excluded.
    func closure(of name: String) -> Set<String> {
        var seen = Set<String>()
        var pending = targets[name]?.dependencies ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += targets[next]?.dependencies ?? []
        }
        return seen
    }
}
