// The output writer: streamed outputs match the in-memory emitters, up-to-date files cost no write, updates and failures.
import Foundation
@testable import ManifestCompiler
import ManifestGenerator
@testable import NotifcDriver
import Testing

struct OutputWriterTests {
    /// A 150-category manifest: its JSON bundle (about 130 KB) and Swift file (about 360 KB) span several of
    /// the byte buffer's 64 KB blocks.
    static let manifest: Manifest = TestPayload.compile(ManifestGenerator.manifest(categories: 150))

    static let streamingEmitters: [any StreamingEmitter] = [JSONBundleEmitter(), SwiftEmitter()]

    @Test func streamedFilesAreTheEmittedBytes() throws {
        let directory = try TemporaryDirectory()
        let outcomes = try OutputWriter(directory: directory.path).write(
            Self.streamingEmitters.map { .streamed($0, of: Self.manifest) })
        #expect(outcomes.map(\.outcome) == [.written, .written])
        for emitter in Self.streamingEmitters {
            let expected = try #require(emitter.emit(Self.manifest).first)
            #expect(expected.contents.count > 1 << 17)
            #expect(try FileSystem.readFile(directory.path + "/" + emitter.path) == expected.contents, "\(emitter.path)")
        }
        #expect(try Self.names(in: directory.path) == ["NotificationCategories.swift", "notifications.json"])
    }

    /// An output already on disk is compared with the new version as it is streamed: an equal one keeps its
    /// inode and modification time; a changed one is replaced.
    @Test func unchangedStreamedFilesAreLeftAlone() throws {
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

    /// An up-to-date streamed output is compared with the file on disk as it is produced: nothing is
    /// created or removed, so the directory itself is not modified (and need not be writable).
    @Test func anUpToDateStreamedOutputWritesNothing() throws {
        let (directory, writer, outputs) = try Self.writtenOnce()
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: directory.path)
        #expect(try writer.write(outputs).map(\.outcome) == [.unchanged, .unchanged])
        #expect(try FileManager.default.attributesOfItem(atPath: directory.path)[.modificationDate] as? Date == past)
    }

    /// Where the existing file and the new version first differ, and which one is longer, decides where the
    /// update starts writing; the result is the new version in every case.
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
        let outcomes = try OutputWriter(directory: directory.path).write([.streamed(BytesEmitter(bytes: new), of: Self.manifest)])
        #expect(outcomes.map(\.outcome) == [label == "same" ? .unchanged : .written], "\(label)")
        #expect(try FileSystem.readFile(directory.path + "/out.bin") == new, "\(label)")
        #expect(try Self.names(in: directory.path) == ["out.bin"], "\(label)")
    }

    /// An empty new version: over a non-empty file it is written (empty), over an empty file it is unchanged.
    @Test func anEmptyOutputReplacesOrMatches() throws {
        let directory = try TemporaryDirectory()
        let output: OutputWriter.Output = .streamed(BytesEmitter(bytes: []), of: Self.manifest)
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
        let emitter = BytesEmitter(bytes: Array("new".utf8))
        #expect(try OutputWriter(directory: directory.path).write([.streamed(emitter, of: Self.manifest)]).map(\.outcome) == [.written])
        try directory.write("out.bin", "old")
        #expect(try OutputWriter(directory: directory.path).write([.streamed(emitter, of: Self.manifest)]).map(\.outcome) == [.written])
        #expect(try Self.names(in: directory.path) == [".out.bin.notifc-\(getpid())-0.tmp", "out.bin"])
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "another run's")
        #expect(try String(contentsOfFile: directory.path + "/out.bin", encoding: .utf8) == "new")
    }

    /// The prefix both versions share is copied from the existing file; if that file was rewritten in place
    /// while it was being compared, its new bytes must not end up in the output: the update fails instead,
    /// leaving the file as the other writer left it.
    @Test func aFileRewrittenDuringTheComparisonIsNotMixedIn() throws {
        let directory = try TemporaryDirectory()
        let existing = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        let path = try directory.write("out.bin", Data(existing))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
        var new = existing
        new[90_000] = UInt8(ascii: "b")  // differs in the second block, after the rewrite
        let emitter = BytesEmitter(bytes: new) {
            // Runs once the first 64 KB block has been compared: another writer changes the file in place.
            let descriptor = open(path, O_WRONLY)
            _ = "XXXXXXXXXX".withCString { pwrite(descriptor, $0, 10, 0) }
            close(descriptor)
        }
        #expect {
            try OutputWriter(directory: directory.path).write([.streamed(emitter, of: Self.manifest)])
        } throws: { error in
            (error as? FileSystemError)?.reason.contains("changed while notifc compared it") == true
        }
        #expect(try Self.names(in: directory.path) == ["out.bin"])
        #expect(try FileSystem.readFile(path).prefix(11) == Array("XXXXXXXXXXa".utf8)[...])
    }

    /// An updater dropped before it finished (its emitter never completed) closes its files and removes the
    /// temporary file it had started.
    @Test func anAbandonedUpdateLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        let destination = try directory.write("out.bin", "old contents")
        let temporary = directory.path + "/.out.bin.tmp"
        do {
            let updater = try #require(FileUpdater(destination: destination, temporary: temporary))
            Array("old different".utf8).withUnsafeBytes { updater.consume($0) }
            #expect(FileManager.default.fileExists(atPath: temporary))
        }
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "old contents")
        #expect(FileUpdater(destination: directory.path + "/missing", temporary: temporary) == nil)
        #expect(FileUpdater(destination: directory.path, temporary: temporary) == nil)  // a directory
    }

    /// When a later output cannot be written, the files staged before it are removed, with the directories
    /// the writer created, and nothing is replaced.
    @Test func aFailedStreamedOutputRollsBackEverything() throws {
        let directory = try TemporaryDirectory()
        try directory.write("out/notifications.json", "old")
        try directory.write("out/NotificationCategories.swift", "a file where a directory would have to be")
        let outputs: [OutputWriter.Output] = [
            .emitted(EmittedFile(path: "Content/Info.plist", contents: Array("<plist/>\n".utf8))),
            .streamed(JSONBundleEmitter(), of: Self.manifest),
            .streamed(NestedEmitter(), of: Self.manifest),
        ]
        #expect(throws: FileSystemError.self) { try OutputWriter(directory: directory.path + "/out").write(outputs) }
        #expect(try Self.names(in: directory.path + "/out") == ["NotificationCategories.swift", "notifications.json"])
        #expect(try String(contentsOfFile: directory.path + "/out/notifications.json", encoding: .utf8) == "old")
    }

    /// `build` writes the JSON bundle and the Swift file as they are produced, and `build --check`
    /// compares them with the files as they are produced: up to date right after a build, out of date (with
    /// the line and a diff, built in memory only then) after one byte of the Swift file changed.
    @Test func buildAndCheckAgreeOnStreamedOutputs() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("big.notif", ManifestGenerator.manifest(categories: 150))
        let output = directory.path + "/out"
        let swift = output + "/NotificationCategories.swift"
        let arguments = ["build", input, "-o", output, "--emit", "plist,json,swift"]
        let first = runNotifc(arguments + ["-v"])
        #expect(first.status == .success, "\(first.error)")
        #expect(first.error.contains("wrote \(swift)"))
        let check = runNotifc(arguments + ["--check", "-v"])
        #expect(check.status == .success, "\(check.error)\(check.output)")
        #expect(check.error.contains("up to date \(swift)") && check.error.contains("up to date \(output)/notifications.json"))

        var text = try FileSystem.readFile(swift)
        let middle = try #require(text[(text.count / 2)...].firstIndex(of: UInt8(ascii: "\n")))  // a line start
        text[middle + 1 + 4] = UInt8(ascii: "#")  // inside the indentation-stripped line
        try Data(text).write(to: URL(fileURLWithPath: swift))
        let line = text[..<middle].filter { $0 == UInt8(ascii: "\n") }.count + 2
        let stale = runNotifc(arguments + ["--check"])
        #expect(stale.status == .failure)
        #expect(stale.error.contains("\(swift):\(line):"), "\(stale.error)")
        #expect(stale.error.contains("is out of date [E442]"))
        #expect(stale.output.contains("--- \(swift)"))
        #expect(try FileSystem.readFile(swift) == text, "--check writes nothing")

        let second = runNotifc(arguments + ["-v"])
        #expect(second.error.contains("wrote \(swift)"))
        #expect(second.error.contains("unchanged \(output)/notifications.json"))
        #expect(runNotifc(arguments + ["--check"]).status == .success)
        #expect(!(try FileManager.default.subpathsOfDirectory(atPath: output)).contains { $0.hasSuffix(".tmp") })
    }

    /// A directory with the JSON bundle and the Swift file written into it, the writer and the outputs.
    private static func writtenOnce() throws -> (TemporaryDirectory, OutputWriter, [OutputWriter.Output]) {
        let directory = try TemporaryDirectory()
        let writer = OutputWriter(directory: directory.path)
        let outputs: [OutputWriter.Output] = streamingEmitters.map { .streamed($0, of: manifest) }
        #expect(try writer.write(outputs).map(\.outcome) == [.written, .written])
        return (directory, writer, outputs)
    }

    private static func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

/// Streams the given bytes to `out.bin`, in pieces of changing sizes (so blocks fill unevenly), and runs
/// `afterFirstBlock` once the buffer has handed its first 64 KB block on.
private struct BytesEmitter: StreamingEmitter {
    let bytes: [UInt8]
    var afterFirstBlock: @Sendable () -> Void = {}
    var path: String { "out.bin" }
    func emit(_ manifest: Manifest) -> [EmittedFile] { [emittedFile(manifest)] }
    func estimatedSize(of manifest: Manifest) -> Int { bytes.count }
    func write(_ manifest: Manifest, into buffer: consuming ByteBuffer) -> ByteBuffer {
        var offset = 0
        var piece = 1
        var calledBack = false
        bytes.withUnsafeBufferPointer { all in
            while offset < all.count {
                let end = min(all.count, offset + piece)
                buffer.append(UnsafeBufferPointer(rebasing: all[offset..<end]))
                offset = end
                piece = piece % 997 + 13
                if !calledBack, offset > 1 << 16 {  // the append that crossed 64 KB flushed the first block
                    calledBack = true
                    afterFirstBlock()
                }
            }
        }
        return buffer
    }
}

/// A streamed output below `NotificationCategories.swift/`, which the tests make a file, so its directory
/// cannot be created.
private struct NestedEmitter: StreamingEmitter {
    var path: String { "NotificationCategories.swift/nested.txt" }
    func emit(_ manifest: Manifest) -> [EmittedFile] { [emittedFile(manifest)] }
    func estimatedSize(of manifest: Manifest) -> Int { 0 }
    func write(_ manifest: Manifest, into buffer: consuming ByteBuffer) -> ByteBuffer {
        buffer.append("never written" as StaticString)
        return buffer
    }
}
