// swift-tools-version: 6.0
// notifc: a compiler for iOS notification manifests (.notif). No package dependencies.
import PackageDescription

let package = Package(
    name: "notifc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "notifc", targets: ["notifc"]),
        .library(name: "ManifestCompiler", targets: ["ManifestCompiler"]),
        .plugin(name: "NotifcBuildPlugin", targets: ["NotifcBuildPlugin"]),
        .plugin(name: "NotifcCommandPlugin", targets: ["NotifcCommandPlugin"]),
    ],
    targets: [
        .target(name: "ManifestCompiler"),
        .executableTarget(name: "notifc", dependencies: ["ManifestCompiler"]),
        // Generates NotificationCategories.swift from the .notif files of the target it is applied to.
        .plugin(name: "NotifcBuildPlugin", capability: .buildTool(), dependencies: ["notifc"]),
        // `swift package notifc …`: writes extension Info.plists and notifications.json into the package.
        .plugin(
            name: "NotifcCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "notifc",
                    description: "Compile .notif manifests into extension Info.plists and notifications.json"),
                permissions: [
                    .writeToPackageDirectory(reason: "notifc writes extension Info.plists and notifications.json")
                ]),
            dependencies: ["notifc"]),
        .testTarget(
            name: "ManifestCompilerTests",
            dependencies: ["ManifestCompiler", "notifc"],
            exclude: ["Fixtures"]
        ),
    ]
)
