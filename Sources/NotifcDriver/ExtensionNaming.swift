// The extension an Info.plist belongs to, from its path: the folder it is in, as Xcode lays targets out.

/// Names extensions after the folders their Info.plist files are in.
enum ExtensionNaming {
    /// Folders that hold a target's files without being named after it (`NotificationContent/Resources/
    /// Info.plist`); the folder above them names the extension.
    static let genericFolderNames: Set<String> = [
        "resources", "supporting files", "supportingfiles", "support", "config", "configs", "configuration", "info",
        "plists",
    ]

    /// The extension name for the Info.plist at `path`: its folder's name, skipping generic folder names;
    /// the current directory's name for a bare file name. `nil` when no folder name can be found.
    static func name(forPlistAt path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).dropLast()
        var resolved: [String] = path.hasPrefix("/") ? [] : currentDirectoryComponents()
        for component in components {
            switch component {
            case ".": continue
            case "..": _ = resolved.popLast()
            default: resolved.append(component)
            }
        }
        while let last = resolved.last, genericFolderNames.contains(last.lowercased()), resolved.count > 1 {
            resolved.removeLast()
        }
        return resolved.last
    }

    private static func currentDirectoryComponents() -> [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return [] }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.split(separator: "/").map(String.init)
    }
}
