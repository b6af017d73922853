// swift-tools-version: 6.0
// PluginDemo: an app-like package that generates its notification identifiers with notifc's build plugin.
import PackageDescription

let package = Package(
    name: "PluginDemo",
    dependencies: [
        // notifc itself, two directories up. An app would use `.package(url: "…", from: "…")`.
        .package(name: "notifc", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "PluginDemo",
            plugins: [.plugin(name: "NotifcBuildPlugin", package: "notifc")]
        )
    ]
)
