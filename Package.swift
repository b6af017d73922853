// swift-tools-version: 6.0
// notifc: a compiler for iOS notification manifests (.notif). No package dependencies.
import PackageDescription

let package = Package(
    name: "notifc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "notifc", targets: ["notifc"]),
        .library(name: "ManifestCompiler", targets: ["ManifestCompiler"]),
    ],
    targets: [
        .target(name: "ManifestCompiler"),
        .executableTarget(name: "notifc", dependencies: ["ManifestCompiler"]),
        .testTarget(
            name: "ManifestCompilerTests",
            dependencies: ["ManifestCompiler", "notifc", "ManifestGenerator"],
            exclude: ["Fixtures"]
        ),
        // Benchmarks (Benchmarks/run.sh): a deterministic manifest generator, the benchmark, and an empty
        // program to compare start-up time with.
        .target(name: "ManifestGenerator", path: "Benchmarks/Sources/ManifestGenerator"),
        .executableTarget(
            name: "notifc-bench", dependencies: ["ManifestCompiler", "ManifestGenerator"],
            path: "Benchmarks/Sources/notifc-bench"),
        .executableTarget(name: "EmptyProgram", path: "Benchmarks/Sources/EmptyProgram"),
    ]
)
