// Rewrites input files in place (`fmt --write`): through symbolic links, all or nothing, keeping permissions.
import ManifestCompiler

/// Replaces files with new contents using ``OutputWriter``'s guarantees.
///
/// A symbolic link is followed, so the file it points to is rewritten and the link stays a link. Each file keeps
/// its permission bits (``OutputWriter`` creates files with mode 0644 before the umask). Files whose bytes are
/// already on disk are not touched.
enum InPlaceWriter {
    /// Rewrites every file whose contents differ; returns the outcome for each, with the paths as given.
    static func rewrite(_ files: [EmittedFile]) throws(FileSystemError) -> [(path: String, outcome: OutputWriter.Outcome)] {
        let targets = files.map { file in
            EmittedFile(path: resolvedPath(file.path), contents: file.contents)
        }
        let modes = targets.map { permissions(of: $0.path) }
        let outcomes: [(path: String, outcome: OutputWriter.Outcome)]
        do {
            outcomes = try OutputWriter(directory: ".").write(targets)
        } catch {
            let named = zip(files, targets).first { $0.1.path == error.path }
            throw named.map { error.naming($0.0.path, for: error.path) } ?? error
        }
        for (index, outcome) in outcomes.enumerated() where outcome.outcome == .written {
            if let mode = modes[index] { chmod(targets[index].path, mode) }
        }
        return zip(files, outcomes).map { ($0.path, $1.outcome) }
    }

    /// The path with every symbolic link resolved, or the path itself when it cannot be resolved.
    private static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
