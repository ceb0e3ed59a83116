// swift-tools-version:6.0
import PackageDescription

/// The OpenHuman companion tunnel conformance kit.
///
/// Only the toolchain and Debian's libsodium (through pkg-config) are used: nothing is fetched.
let package = Package(
    name: "openhuman-tunnel-conformance",
    products: [
        .library(name: "OpenHumanTunnel", targets: ["OpenHumanTunnel"]),
        .executable(name: "vectorgen", targets: ["vectorgen"]),
        .executable(name: "conformance", targets: ["conformance"]),
        .executable(name: "reference-adapter", targets: ["reference-adapter"]),
        .executable(name: "tunnel-bench", targets: ["tunnel-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .target(name: "OpenHumanTunnel", dependencies: ["CSodium"]),
        .target(name: "TunnelVectors", dependencies: ["OpenHumanTunnel", "CSodium"]),
        .executableTarget(name: "vectorgen", dependencies: ["TunnelVectors"]),
        .target(name: "ReferenceAdapterKit", dependencies: ["OpenHumanTunnel", "TunnelVectors"]),
        .executableTarget(name: "reference-adapter", dependencies: ["ReferenceAdapterKit"]),
        .target(name: "ConformanceKit", dependencies: ["OpenHumanTunnel", "TunnelVectors"]),
        .executableTarget(name: "conformance", dependencies: ["ConformanceKit", "ReferenceAdapterKit"]),
        .executableTarget(name: "tunnel-bench", dependencies: ["OpenHumanTunnel", "CSodium"]),
        .testTarget(name: "OpenHumanTunnelTests", dependencies: ["OpenHumanTunnel"]),
        .testTarget(name: "PairingPayloadTests", dependencies: ["OpenHumanTunnel"]),
        .testTarget(name: "TunnelVectorsTests", dependencies: ["TunnelVectors"]),
        .testTarget(
            name: "ConformanceKitTests",
            dependencies: ["ConformanceKit", "ReferenceAdapterKit", "TunnelVectors"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
