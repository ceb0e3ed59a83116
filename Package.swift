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
        .library(name: "OpenHumanTunnel", targets: ["OpenHumanTunnel"]),
        .executable(name: "vectorgen", targets: ["vectorgen"]),
        .executable(name: "conformance", targets: ["conformance"]),
        .executable(name: "reference-adapter", targets: ["reference-adapter"]),
        .executable(name: "tunnel-bench", targets: ["tunnel-bench"]),
        .executable(name: "tunnel-fuzz", targets: ["tunnel-fuzz"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .target(name: "OpenHumanTunnel", dependencies: ["CSodium"], swiftSettings: optimizedEvenInDebug),
        .target(name: "TunnelVectors", dependencies: ["OpenHumanTunnel", "CSodium", "TunnelVerifier"], swiftSettings: optimizedEvenInDebug),
        .executableTarget(name: "vectorgen", dependencies: ["TunnelVectors"]),
        .target(name: "TunnelVerifier", dependencies: ["OpenHumanTunnel"], swiftSettings: optimizedEvenInDebug),
        .target(name: "ReferenceAdapterKit", dependencies: ["OpenHumanTunnel", "TunnelVectors", "TunnelVerifier"],
                swiftSettings: optimizedEvenInDebug),
        .executableTarget(name: "reference-adapter", dependencies: ["ReferenceAdapterKit"]),
        .target(name: "ConformanceKit", dependencies: ["OpenHumanTunnel", "TunnelVectors", "TunnelVerifier"],
                swiftSettings: optimizedEvenInDebug),
        .executableTarget(name: "conformance", dependencies: ["ConformanceKit", "ReferenceAdapterKit"]),
        .executableTarget(name: "tunnel-bench", dependencies: ["OpenHumanTunnel", "CSodium"]),
        .executableTarget(name: "tunnel-fuzz", dependencies: ["OpenHumanTunnel"]),
        .testTarget(name: "OpenHumanTunnelTests", dependencies: ["OpenHumanTunnel"]),
        .testTarget(name: "PairingPayloadTests", dependencies: ["OpenHumanTunnel"]),
        .testTarget(name: "TunnelVectorsTests", dependencies: ["TunnelVectors"]),
        .testTarget(name: "TunnelVerifierTests", dependencies: ["TunnelVerifier", "TunnelVectors", "OpenHumanTunnel"]),
        .testTarget(
            name: "ConformanceKitTests",
            dependencies: ["ConformanceKit", "ReferenceAdapterKit", "TunnelVectors"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
