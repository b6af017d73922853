// The output writer: files are the emitted bytes, up-to-date files cost no write, updates, rollback, and `build --check`.
import Foundation
@testable import ManifestCompiler
import ManifestGenerator
@testable import NotifcDriver
import Testing

struct OutputWriterTests {
    /// A 150-category manifest: its JSON bundle (about 130 KB) and Swift file (about 360 KB).
    static let manifest: Manifest = TestPayload.compile(ManifestGenerator.manifest(categories: 150))

    static let emitters: [any Emitter] = [JSONBundleEmitter(), SwiftEmitter()]

    static var files: [EmittedFile] { emitters.flatMap { $0.emit(manifest) } }

    @Test func writtenFilesAreTheEmittedBytes() throws {
        let directory = try TemporaryDirectory()
        let outcomes = try OutputWriter(directory: directory.path).write(Self.files)
        #expect(outcomes.map(\.outcome) == [.written, .written])
        for expected in Self.files {
            #expect(expected.contents.count > 1 << 17)
            #expect(try FileSystem.readFile(directory.path + "/" + expected.path) == expected.contents, "\(expected.path)")
        }
        #expect(try Self.names(in: directory.path) == ["NotificationCategories.swift", "notifications.json"])
    }

    /// An output already on disk is compared with the new version: an equal one keeps its inode and
    /// modification time; a changed one is replaced.
    @Test func unchangedFilesAreLeftAlone() throws {
        let (directory, writer, outputs) = try Self.writtenOnce()
        let swift = directory.path + "/" + SwiftEmitter.fileName
        let json = directory.path + "/" + JSONBundleEmitter.fileName
        let past = Date(timeIntervalSince1970: 1_000_000)
        for path in [swift, json] { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path) }
        let inode = try FileSystem.status(of: swift).identity

        var edited = try FileSystem.readFile(json)
        edited[edited.count / 2] ^= 1
        try Data(edited).write(to: URL(fileURLWithPath: json))

        let outcomes = try writer.write(outputs)
        #expect(outcomes.map(\.path) == [json, swift])
        #expect(outcomes.map(\.outcome) == [.written, .unchanged])
        #expect(try FileSystem.status(of: swift).identity == inode)
        #expect(try FileManager.default.attributesOfItem(atPath: swift)[.modificationDate] as? Date == past)
        #expect(try FileSystem.readFile(json) == JSONBundleEmitter.document(Self.manifest))
        #expect(try Self.names(in: directory.path) == ["NotificationCategories.swift", "notifications.json"])
    }

    /// The bundle in pieces (as `build` writes it): the pieces in order are the document, and each but the last
    /// reaches the piece size and ends after a category object.
    @Test func theBundleInPiecesIsTheDocument() {
        var pieces: [[UInt8]] = []
        JSONBundleEmitter.write(Self.manifest, inPiecesOf: 4096) { pieces.append($0) }
        #expect(pieces.count > 10)
        let joined = Array(pieces.joined()) == JSONBundleEmitter.document(Self.manifest)
        #expect(joined, "the pieces joined are not the document")
        for piece in pieces.dropLast() {
            #expect(piece.count >= 4096)
            #expect(String(decoding: piece.suffix(6), as: UTF8.self) == "\n    }")
        }
    }

    /// A file given in pieces is written whole. On disk and unchanged, it is made once (to compare) and not
    /// rewritten; changed on disk, it is made again and replaced.
    @Test func aFileInPiecesIsWrittenWhole() throws {
        let directory = try TemporaryDirectory()
        let writer = OutputWriter(directory: directory.path)
        var made = 0
        let file = OutputFile(path: JSONBundleEmitter.fileName) { sink in
            made += 1
            JSONBundleEmitter.write(Self.manifest, inPiecesOf: 4096, to: sink)
        }
        let path = directory.path + "/" + JSONBundleEmitter.fileName
        let document = JSONBundleEmitter.document(Self.manifest)
        #expect(try writer.write([file]).map(\.outcome) == [.written])
        #expect(made == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(document))
        #expect(try writer.write([file]).map(\.outcome) == [.unchanged])
        #expect(made == 2)
        try Data(document.dropLast(7)).write(to: URL(fileURLWithPath: path))
        #expect(try writer.write([file]).map(\.outcome) == [.written])
        #expect(made == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(document))
        #expect(try Self.names(in: directory.path) == ["notifications.json"])
    }

    /// An up-to-date output is compared with the file on disk: nothing is created or removed, so the
    /// directory itself is not modified (and need not be writable).
    @Test func anUpToDateOutputWritesNothing() throws {
        let (directory, writer, outputs) = try Self.writtenOnce()
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: directory.path)
        #expect(try writer.write(outputs).map(\.outcome) == [.unchanged, .unchanged])
        #expect(try FileManager.default.attributesOfItem(atPath: directory.path)[.modificationDate] as? Date == past)
    }

    /// Wherever the existing file and the new version first differ, and whichever one is longer, the result
    /// is the new version.
    @Test(arguments: [
        ("same", -1, 0), ("first byte", 0, 0), ("block edge", 1 << 16, 0), ("last byte", 199_999, 0),
        ("existing one byte shorter", -1, -1), ("existing a block shorter", -1, -(1 << 16)),
        ("existing one byte longer", -1, 1), ("existing 70,000 bytes longer", -1, 70_000), ("existing empty", -1, -200_000),
    ])
    func updatesGiveTheNewVersionWhereverItDiffers(_ label: String, flippedByte: Int, lengthChange: Int) throws {
        let directory = try TemporaryDirectory()
        let new = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) }
        var existing = new
        if flippedByte >= 0 { existing[flippedByte] ^= 0x40 }
        if lengthChange < 0 { existing.removeLast(-lengthChange) }
        if lengthChange > 0 { existing += [UInt8](repeating: 7, count: lengthChange) }
        try directory.write("out.bin", Data(existing))
        let outcomes = try OutputWriter(directory: directory.path).write([EmittedFile(path: "out.bin", contents: new)])
        #expect(outcomes.map(\.outcome) == [label == "same" ? .unchanged : .written], "\(label)")
        #expect(try FileSystem.readFile(directory.path + "/out.bin") == new, "\(label)")
        #expect(try Self.names(in: directory.path) == ["out.bin"], "\(label)")
    }

    /// An empty new version: over a non-empty file it is written (empty), over an empty file it is unchanged.
    @Test func anEmptyOutputReplacesOrMatches() throws {
        let directory = try TemporaryDirectory()
        let output = EmittedFile(path: "out.bin", contents: [])
        try directory.write("out.bin", "12345")
        #expect(try OutputWriter(directory: directory.path).write([output]).map(\.outcome) == [.written])
        #expect(try FileSystem.readFile(directory.path + "/out.bin") == [])
        #expect(try OutputWriter(directory: directory.path).write([output]).map(\.outcome) == [.unchanged])
        #expect(try Self.names(in: directory.path) == ["out.bin"])
    }

    /// Temporary names carry a random part: a file that looks like another run's temporary file (even one
    /// with this process's ID, as in another container) is neither used nor removed.
    @Test func anotherRunsTemporaryFileIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let foreign = try directory.write(".out.bin.notifc-\(getpid())-0.tmp", "another run's")
        let output = EmittedFile(path: "out.bin", contents: Array("new".utf8))
        #expect(try OutputWriter(directory: directory.path).write([output]).map(\.outcome) == [.written])
        try directory.write("out.bin", "old")
        #expect(try OutputWriter(directory: directory.path).write([output]).map(\.outcome) == [.written])
        #expect(try Self.names(in: directory.path) == [".out.bin.notifc-\(getpid())-0.tmp", "out.bin"])
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "another run's")
        #expect(try String(contentsOfFile: directory.path + "/out.bin", encoding: .utf8) == "new")
    }

    /// When a later output cannot be written, the files staged before it are removed, with the directories
    /// the writer created, and nothing is replaced.
    @Test func aFailedOutputRollsBackEverything() throws {
        let directory = try TemporaryDirectory()
        try directory.write("out/notifications.json", "old")
        try directory.write("out/NotificationCategories.swift", "a file where a directory would have to be")
        let outputs = [
            EmittedFile(path: "Content/Info.plist", contents: Array("<plist/>\n".utf8)),
            EmittedFile(path: JSONBundleEmitter.fileName, contents: JSONBundleEmitter.document(Self.manifest)),
            // Below a file, so its directory cannot be created.
            EmittedFile(path: "NotificationCategories.swift/nested.txt", contents: Array("never written".utf8)),
        ]
        #expect(throws: FileSystemError.self) { try OutputWriter(directory: directory.path + "/out").write(outputs) }
        #expect(try Self.names(in: directory.path + "/out") == ["NotificationCategories.swift", "notifications.json"])
        #expect(try String(contentsOfFile: directory.path + "/out/notifications.json", encoding: .utf8) == "old")
    }

    /// An output whose path is a folder (made for another output of the same run, or already there) is found
    /// before anything is moved into place: nothing is written and the folders the writer made are removed.
    @Test func aFolderWhereAFileGoesWritesNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.write("out/notifications.json", "old")
        let outputs = [
            EmittedFile(path: JSONBundleEmitter.fileName, contents: Array("{}\n".utf8)),
            EmittedFile(path: "Notifications.xcstrings/Info.plist", contents: Array("<plist/>\n".utf8)),
            EmittedFile(path: "Notifications.xcstrings", contents: Array("{}\n".utf8)),
        ]
        #expect(throws: FileSystemError.self) { try OutputWriter(directory: directory.path + "/out").write(outputs) }
        #expect(try Self.names(in: directory.path + "/out") == ["notifications.json"])
        #expect(try String(contentsOfFile: directory.path + "/out/notifications.json", encoding: .utf8) == "old")
        try directory.write("existing/Folder/kept.txt", "kept")
        #expect(throws: FileSystemError.self) {
            try OutputWriter(directory: directory.path + "/existing").write([
                EmittedFile(path: "a.json", contents: Array("{}\n".utf8)),
                EmittedFile(path: "Folder", contents: Array("{}\n".utf8)),
            ])
        }
        #expect(try Self.names(in: directory.path + "/existing") == ["Folder"])
    }

    /// `build --check` compares the outputs with the files `build` wrote: up to date right after a build,
    /// out of date (with the line and a diff) after one byte of the Swift file, then of the bundle (which `build`
    /// writes in pieces), changed.
    @Test func buildAndCheckAgree() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("big.notif", ManifestGenerator.manifest(categories: 150))
        let output = directory.path + "/out"
        let swift = output + "/NotificationCategories.swift"
        let arguments = ["build", input, "-o", output, "--emit", "plist,json,swift"]
        let first = runNotifc(arguments + ["-v"])
        #expect(first.status == .success, "\(first.error)")
        #expect(first.error.contains("wrote \(swift)"))
        let bundle = output + "/notifications.json"
        let expected = JSONBundleEmitter.document(Self.manifest)
        #expect(expected.count > 1 << 16, "the bundle comes in several pieces")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bundle)) == Data(expected))
        let check = runNotifc(arguments + ["--check", "-v"])
        #expect(check.status == .success, "\(check.error)\(check.output)")
        #expect(check.error.contains("up to date \(swift)") && check.error.contains("up to date \(output)/notifications.json"))

        /// Changes one byte of the output at `path` on the first line after `offset`; `--check` then reports it at
        /// that line, with its diff, and writes nothing.
        func expectStale(_ path: String, changedAfter offset: (Int) -> Int) throws {
            var bytes = try FileSystem.readFile(path)
            let lineEnd = try #require(bytes[offset(bytes.count)...].firstIndex(of: UInt8(ascii: "\n")))
            bytes[lineEnd + 1 + 4] = UInt8(ascii: "#")  // inside the indentation-stripped line
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let line = bytes[..<lineEnd].filter { $0 == UInt8(ascii: "\n") }.count + 2
            let stale = runNotifc(arguments + ["--check"])
            #expect(stale.status == .failure)
            #expect(stale.error.contains("\(path):\(line):") && stale.error.contains("is out of date [E442]"), "\(stale.error)")
            #expect(stale.output.contains("--- \(path)"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "--check writes nothing")
        }
        try expectStale(swift) { $0 / 2 }

        let second = runNotifc(arguments + ["-v"])
        #expect(second.error.contains("wrote \(swift)"))
        #expect(second.error.contains("unchanged \(output)/notifications.json"))
        #expect(runNotifc(arguments + ["--check"]).status == .success)

        try expectStale(bundle) { $0 - 1000 }  // in the last piece
        let third = runNotifc(arguments + ["-v"])
        #expect(third.error.contains("wrote \(bundle)") && third.error.contains("unchanged \(swift)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: bundle)) == Data(expected))
        #expect(!(try FileManager.default.subpathsOfDirectory(atPath: output)).contains { $0.hasSuffix(".tmp") })
    }

    /// A directory with the JSON bundle and the Swift file written into it, the writer and the outputs.
    private static func writtenOnce() throws -> (TemporaryDirectory, OutputWriter, [EmittedFile]) {
        let directory = try TemporaryDirectory()
        let writer = OutputWriter(directory: directory.path)
        let outputs = files
        #expect(try writer.write(outputs).map(\.outcome) == [.written, .written])
        return (directory, writer, outputs)
    }

    private static func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
