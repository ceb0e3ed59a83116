/// The rules that keep the targets arranged by audience (ARCHITECTURE.md), as departures found
/// in a package graph: an empty list means the layering holds.
enum Layering {
    /// The library targets from the bottom up. A target may depend only on targets below it,
    /// so every edge points one way and a newcomer can read the package from the top.
    static let order = [
        "CSodium", "TunnelCrypto", "OpenHumanTunnel", "KitModels", "VectorFormat", "TunnelVerifier",
        "AdapterOperations", "VectorGeneration", "ReferenceAdapter", "Mutants", "ConformanceRunner",
    ]

    /// The one target that may use libsodium directly: the crypto boundary.
    static let cryptoBoundary = "TunnelCrypto"

    /// What the runner ships and what it must never link: vector generation is `vectorgen`'s, and
    /// the mutants are `reference-adapter`'s and the tests'.
    static let runnerTargets = ["ConformanceRunner", "conformance"]
    static let keptFromTheRunner: Set<String> = ["VectorGeneration", "Mutants"]

    /// What the endpoint library may reach: an endpoint embeds nothing of the kit.
    static let endpointLibrary = "OpenHumanTunnel"
    static let endpointClosure: Set<String> = ["TunnelCrypto", "CSodium"]

    static func departures(in graph: PackageGraph) -> [String] {
        var found: [String] = []
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        for target in graph.targets.values.sorted(by: { $0.name < $1.name }) {
            for dependency in target.dependencies {
                if dependency == "CSodium", target.name != cryptoBoundary {
                    found.append("\(target.name) depends on CSodium; only \(cryptoBoundary) may")
                }
                if let own = rank[target.name], let other = rank[dependency], other >= own {
                    found.append("\(target.name) depends on \(dependency), which is not below it")
                }
                if target.type == "test", dependency.hasSuffix("Tests") {
                    found.append("\(target.name) depends on the test target \(dependency)")
                }
            }
            if target.type == "library", rank[target.name] == nil {
                found.append("\(target.name) is a library target with no place in Layering.order")
            }
        }
        for name in order where name != "CSodium" && graph.targets[name] != nil && graph.targets[name + "Tests"] == nil
        {
            found.append("\(name) has no test target \(name)Tests")
        }
        for name in runnerTargets {
            for reached in graph.closure(of: name).intersection(keptFromTheRunner).sorted() {
                found.append("\(name) links \(reached)")
            }
        }
        for reached in graph.closure(of: endpointLibrary).subtracting(endpointClosure).sorted() {
            found.append("\(endpointLibrary) links \(reached), which an endpoint does not need")
        }
        return found
    }
}
