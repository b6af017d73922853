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
            dependencies: ["ManifestCompiler", "notifc"],
            exclude: ["Fixtures"]
        ),
    ]
)
