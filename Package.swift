// swift-tools-version:6.0
import PackageDescription

/// The OpenHuman companion tunnel conformance kit.
///
/// Only the toolchain and Debian's libsodium (through pkg-config) are used: nothing is fetched.
/// The library and the kit are optimised in debug builds too: the suite sends some 20,000
/// requests, and unoptimised hex, JSON and AEAD framing made `swift run conformance` take 15 s
/// instead of under 2. Test targets stay unoptimised.
let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "openhuman-tunnel-conformance",
    products: [
        .library(name: "TunnelCrypto", targets: ["TunnelCrypto"]),
        .library(name: "OpenHumanTunnel", targets: ["OpenHumanTunnel"]),
        .executable(name: "vectorgen", targets: ["vectorgen"]),
        .executable(name: "conformance", targets: ["conformance"]),
        .executable(name: "reference-adapter", targets: ["reference-adapter"]),
        .executable(name: "tunnel-bench", targets: ["tunnel-bench"]),
        .executable(name: "tunnel-fuzz", targets: ["tunnel-fuzz"]),
    ],
    // Targets by audience, each depending only on targets listed above it (ARCHITECTURE.md);
    // Tests/PackageLayoutTests fails when an edge breaks that order.
    targets: [
        // The libsodium shim, imported by TunnelCrypto alone.
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // The crypto boundary: X25519, HKDF, the AEAD, SHA-256, secret memory.
        .target(name: "TunnelCrypto", dependencies: ["CSodium"], swiftSettings: optimizedEvenInDebug),
        // The endpoint library: what a phone or a core embeds, and nothing else.
        .target(name: "OpenHumanTunnel", dependencies: ["TunnelCrypto"], swiftSettings: optimizedEvenInDebug),
        // What the kit's tools share and an endpoint does not: the relay state machine, traces, key logs.
        .target(name: "KitModels", dependencies: ["OpenHumanTunnel"], swiftSettings: optimizedEvenInDebug),
        // What a runner reads: vector files, the kit's JSON, the accumulated test, the spec's requirements.
        .target(name: "VectorFormat", dependencies: ["OpenHumanTunnel"], swiftSettings: optimizedEvenInDebug),
        // `conformance verify`'s checks of a captured exchange.
        .target(name: "TunnelVerifier", dependencies: ["KitModels"], swiftSettings: optimizedEvenInDebug),
        // The meaning of each adapter operation over any implementation of the tunnel.
        .target(
            name: "AdapterOperations",
            dependencies: ["VectorFormat", "KitModels", "TunnelVerifier"],
            swiftSettings: optimizedEvenInDebug
        ),
        // The generators, the coverage check and the generated tables: vectorgen's alone.
        // Its resources are upstream test data (Wycheproof/README.md names source, commit, licence).
        .target(
            name: "VectorGeneration",
            dependencies: ["AdapterOperations"],
            resources: [.copy("Wycheproof")],
            swiftSettings: optimizedEvenInDebug
        ),
        // The reference library behind the adapter protocol, and its one command line.
        .target(name: "ReferenceAdapter", dependencies: ["AdapterOperations"], swiftSettings: optimizedEvenInDebug),
        // The deliberately broken implementations that the suite must catch.
        .target(name: "Mutants", dependencies: ["ReferenceAdapter"], swiftSettings: optimizedEvenInDebug),
        // The runner: adapter processes, the suite, live checks, interop, reports, the CLI.
        .target(name: "ConformanceRunner", dependencies: ["ReferenceAdapter"], swiftSettings: optimizedEvenInDebug),
        .executableTarget(name: "vectorgen", dependencies: ["VectorGeneration"]),
        .executableTarget(name: "reference-adapter", dependencies: ["ReferenceAdapter", "Mutants"]),
        .executableTarget(name: "conformance", dependencies: ["ConformanceRunner", "ReferenceAdapter"]),
        .executableTarget(name: "tunnel-bench", dependencies: ["OpenHumanTunnel"]),
        .executableTarget(name: "tunnel-fuzz", dependencies: ["KitModels"]),
        // One test target per library target, after NIO; a test target may use what its library
        // may not (the runner, the mutants) to attack it from outside.
        .testTarget(name: "TunnelCryptoTests", dependencies: ["TunnelCrypto"]),
        .testTarget(name: "OpenHumanTunnelTests", dependencies: ["OpenHumanTunnel"]),
        .testTarget(name: "KitModelsTests", dependencies: ["KitModels"]),
        .testTarget(name: "VectorFormatTests", dependencies: ["VectorFormat"]),
        .testTarget(name: "TunnelVerifierTests", dependencies: ["TunnelVerifier", "VectorGeneration"]),
        .testTarget(name: "AdapterOperationsTests", dependencies: ["AdapterOperations"]),
        .testTarget(name: "VectorGenerationTests", dependencies: ["VectorGeneration"]),
        .testTarget(name: "ReferenceAdapterTests", dependencies: ["ReferenceAdapter", "Mutants"]),
        .testTarget(name: "MutantsTests", dependencies: ["Mutants", "ConformanceRunner"]),
        .testTarget(
            name: "ConformanceRunnerTests",
            dependencies: ["ConformanceRunner", "VectorGeneration", "Mutants"],
            exclude: ["Fixtures"]
        ),
        // Reads `swift package describe` and fails on an edge that breaks the order above.
        .testTarget(name: "PackageLayoutTests"),
    ],
    swiftLanguageModes: [.v6]
)
