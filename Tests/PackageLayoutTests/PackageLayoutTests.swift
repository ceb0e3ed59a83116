import Foundation
import Testing

/// The targets stay arranged by audience: the checks run on the real package, and on small
/// graphs with one forbidden edge each, so a check that could never fire would show here.
@Suite struct PackageLayoutTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func thePackageKeepsItsLayering() throws {
        let graph = try PackageGraph.describe(packageAt: Self.root)
        #expect(graph.targets["ConformanceRunner"] != nil && graph.targets["TunnelCrypto"] != nil)
        #expect(Layering.departures(in: graph) == [])
    }

    @Test func noSourceOutsideTheCryptoBoundaryImportsCSodium() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let importers = try files.filter { try String(contentsOf: $0, encoding: .utf8).contains("import CSodium") }
            .map { $0.deletingLastPathComponent().lastPathComponent }
        #expect(!importers.isEmpty, "the crypto boundary itself imports CSodium")
        #expect(Set(importers) == [Layering.cryptoBoundary])
    }

    /// A small graph that obeys every rule, the control for the cases below.
    static func lawful(adding extra: [PackageGraph.Target] = [], edges: [String: [String]] = [:]) -> PackageGraph {
        var targets: [PackageGraph.Target] = [
            .init(name: "CSodium", type: "system-target", dependencies: []),
            .init(name: "TunnelCrypto", type: "library", dependencies: ["CSodium"]),
            .init(name: "OpenHumanTunnel", type: "library", dependencies: ["TunnelCrypto"]),
            .init(name: "VectorGeneration", type: "library", dependencies: ["OpenHumanTunnel"]),
            .init(name: "Mutants", type: "library", dependencies: ["OpenHumanTunnel"]),
            .init(name: "ConformanceRunner", type: "library", dependencies: ["OpenHumanTunnel"]),
            .init(name: "conformance", type: "executable", dependencies: ["ConformanceRunner"]),
        ]
        targets += ["TunnelCrypto", "OpenHumanTunnel", "VectorGeneration", "Mutants", "ConformanceRunner"].map {
            .init(name: $0 + "Tests", type: "test", dependencies: [$0])
        }
        targets = targets.map { target in
            .init(name: target.name, type: target.type, dependencies: target.dependencies + (edges[target.name] ?? []))
        }
        return PackageGraph(targets + extra)
    }

    @Test func theControlGraphHasNoDeparture() {
        #expect(Layering.departures(in: Self.lawful()) == [])
    }

    @Test func theRunnerReachingGenerationOrMutantsIsADeparture() {
        #expect(
            Layering.departures(in: Self.lawful(edges: ["ConformanceRunner": ["VectorGeneration"]]))
                .contains("ConformanceRunner links VectorGeneration")
        )
        #expect(
            Layering.departures(in: Self.lawful(edges: ["conformance": ["Mutants"]])) == ["conformance links Mutants"]
        )
    }

    @Test func aTargetButTheBoundaryUsingCSodiumIsADeparture() {
        #expect(
            Layering.departures(in: Self.lawful(edges: ["OpenHumanTunnel": ["CSodium"]]))
                == ["OpenHumanTunnel depends on CSodium; only TunnelCrypto may"]
        )
    }

    @Test func anEdgePointingUpIsADeparture() {
        let departures = Layering.departures(in: Self.lawful(edges: ["TunnelCrypto": ["OpenHumanTunnel"]]))
        #expect(departures.contains("TunnelCrypto depends on OpenHumanTunnel, which is not below it"))
    }

    @Test func theEndpointLibraryLinkingKitCodeIsADeparture() {
        #expect(
            Layering.departures(in: Self.lawful(edges: ["OpenHumanTunnel": ["ConformanceRunner"]]))
                .contains("OpenHumanTunnel links ConformanceRunner, which an endpoint does not need")
        )
    }

    @Test func aLibraryWithoutItsTestTargetIsADeparture() {
        let graph = Self.lawful(adding: [.init(name: "KitModels", type: "library", dependencies: ["OpenHumanTunnel"])])
        #expect(Layering.departures(in: graph) == ["KitModels has no test target KitModelsTests"])
    }
}
