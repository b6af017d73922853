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
        // The compiler: text in, diagnostics, models and bytes out; no file system, processes or signals.
        .target(name: "ManifestCompiler"),
        // The command line: arguments, subcommands, files, git, the console and atomic writes.
        .target(name: "NotifcDriver", dependencies: ["ManifestCompiler", "NotifcLanguageServer"]),
        // The language server's protocol logic (`notifc lsp`): messages in, messages out; the driver does the I/O.
        .target(name: "NotifcLanguageServer", dependencies: ["ManifestCompiler"]),
        .executableTarget(name: "notifc", dependencies: ["NotifcDriver"]),
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
            dependencies: ["ManifestCompiler", "NotifcDriver", "NotifcLanguageServer", "notifc", "ManifestGenerator"],
            exclude: ["Fixtures"]
        ),
        // Benchmarks (Benchmarks/run.sh): a deterministic manifest generator, the benchmark, an empty
        // program to compare start-up time with, a small process that measures each run, and a plain lower bound.
        .target(name: "ManifestGenerator", path: "Benchmarks/Sources/ManifestGenerator"),
        .executableTarget(
            name: "notifc-bench", dependencies: ["ManifestCompiler", "ManifestGenerator"],
            path: "Benchmarks/Sources/notifc-bench"),
        .executableTarget(name: "EmptyProgram", path: "Benchmarks/Sources/EmptyProgram"),
        .executableTarget(name: "ProcessMeter", path: "Benchmarks/Sources/ProcessMeter"),
        // The work `notifc build` does for a generated manifest, in plain Swift with nothing else: a lower bound
        // for plain code's time, which the benchmark prints beside notifc's (docs/performance.md).
        .executableTarget(name: "PlainLowerBound", path: "Benchmarks/Sources/PlainLowerBound"),
    ]
)
