// Command-line inputs that are Info.plist files: which arguments they are, and reading them into a file set.
import ManifestCompiler

/// The manifests and Info.plist files among a command's inputs.
///
/// A file argument ending in `.plist` is a property list; any other file argument is a manifest. A
/// directory argument is searched for both: `.notif` files, and files whose name ends in `Info.plist`
/// (`Info.plist`, `NotificationContent-Info.plist`).
struct PlistInputs {
    /// The arguments to search for manifests.
    var manifestArguments: [String] = []
    /// The arguments to search for Info.plist files.
    var plistArguments: [String] = []
    /// The directory arguments (searched for both).
    var directories: [String] = []
    /// The property-list files named on the command line.
    var explicitPlists: Set<String> = []
    /// The Swift and Objective-C files named on the command line.
    var codeFiles: [String] = []

    /// The suffix of the file names found in directories.
    static let fileNameSuffix = "Info.plist"

    /// Sorts `arguments`.
    init(_ arguments: [String]) {
        for argument in arguments {
            if FileSystem.entry(at: argument)?.kind == .directory {
                manifestArguments.append(argument)
                plistArguments.append(argument)
                directories.append(argument)
            } else if Self.codeExtensions.contains(where: { FileNames.hasSuffix(argument, $0) }) {
                codeFiles.append(argument)
            } else if FileNames.hasSuffix(argument, ".plist") {
                plistArguments.append(argument)
                explicitPlists.insert(argument)
            } else {
                manifestArguments.append(argument)
            }
        }
    }

    /// The endings of Swift and Objective-C files, read for the categories they register.
    static let codeExtensions = [".swift", ".m", ".mm"]
    /// Folders of build products and dependencies, never searched for code.
    static let skippedCodeDirectories: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules", "build"]

    /// Reads the Swift and Objective-C files: those named, and those in the directories.
    func collectCode(limits: Limits) throws(FileSystemError) -> InputCollector.Collected {
        var collector = InputCollector(fileExtension: ".swift", limits: limits)
        collector.otherExtensions = [".m", ".mm", ".h"]
        collector.skippedDirectories = Self.skippedCodeDirectories
        var collected = try collector.collect(directories + codeFiles)
        collected.diagnostics.removeAll { $0.code == .noInputFiles }
        return collected
    }

    /// Finds strings tables in a directory: String Catalogs, and `.strings`/`.stringsdict` files in `<lang>.lproj`
    /// folders, outside the folders of build products and dependencies; only the files of the table `named` (in any
    /// letter case) when one is given.
    static func tableFinder(limits: Limits, named table: String? = nil) -> InputCollector {
        var finder = InputCollector(fileExtension: ".xcstrings", limits: limits)
        finder.otherExtensions = [".strings", ".stringsdict"]
        finder.skippedDirectories = skippedCodeDirectories
        let table = table?.lowercased()
        finder.includes = { path in
            let name = String(path.split(separator: "/").last ?? "").lowercased()
            let isCatalog = FileNames.hasSuffix(name, ".xcstrings")
            guard isCatalog || FileNames.lprojLanguage(ofFileAt: path) != nil else { return false }
            guard let table else { return true }
            return isCatalog ? name == table + ".xcstrings" : name == table + ".strings" || name == table + ".stringsdict"
        }
        return finder
    }

    /// The strings table lint searches directories for when no manifest names one.
    static let defaultTable = LocalizationSettings().table

    /// Reads the property lists (throws on the first file that cannot be read).
    func collectPlists(limits: Limits) throws(FileSystemError) -> InputCollector.Collected {
        try InputCollector(fileExtension: Self.fileNameSuffix, limits: limits).collect(plistArguments)
    }

    /// Reads the manifests; a directory without `.notif` files is reported (`E007`) only when it holds no
    /// Info.plist either, nor a strings table lint reads: any table when other inputs give manifests (whose table
    /// lint then searches it for), else one named ``defaultTable``.
    func collectManifests(limits: Limits, plists: InputCollector.Collected) throws(FileSystemError)
        -> InputCollector.Collected
    {
        var collected = try InputCollector(fileExtension: ".notif", limits: limits).collect(manifestArguments)
        let searchedTable = collected.sources.files.isEmpty ? Self.defaultTable : nil
        var emptyDirectories: [(path: String, holdsOtherTables: Bool)] = []
        for directory in collected.emptyDirectories where plists.emptyDirectories.contains(directory) {
            guard try Self.tableFinder(limits: limits, named: searchedTable).paths(in: directory).isEmpty else { continue }
            let holdsOtherTables = searchedTable != nil ? try !Self.tableFinder(limits: limits).paths(in: directory).isEmpty : false
            emptyDirectories.append((directory, holdsOtherTables))
        }
        collected.diagnostics.removeAll { $0.code == .noInputFiles }
        collected.emptyDirectories = emptyDirectories.map(\.path)
        for (directory, holdsOtherTables) in emptyDirectories {
            let help =
                holdsOtherTables
                ? "lint searches folders only for the strings table '\(Self.defaultTable)' (a manifest's localization can name another); name other tables as files"
                : "lint also looks for files named '*Info.plist' and for strings tables there; there are none either"
            collected.diagnostics.append(
                Diagnostic(.noInputFiles, "no .notif files in directory '\(directory)'", at: nil, help: [help]))
        }
        return collected
    }
}
