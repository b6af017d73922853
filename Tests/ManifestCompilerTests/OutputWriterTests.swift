// The output writer: streamed outputs match the in-memory emitters, unchanged files stay untouched, failures roll back.
import Foundation
@testable import ManifestCompiler
import ManifestGenerator
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

    /// An output already on disk is compared after it is streamed; the temporary file is removed and the
    /// destination keeps its inode and modification time. A changed one is replaced.
    @Test func unchangedStreamedFilesAreLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let writer = OutputWriter(directory: directory.path)
        let outputs: [OutputWriter.Output] = Self.streamingEmitters.map { .streamed($0, of: Self.manifest) }
        _ = try writer.write(outputs)
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

    /// `build` streams the JSON bundle and the Swift file; `build --check` builds them in memory: the check
    /// passing right after a build says the two paths give the same bytes.
    @Test func buildStreamsWhatCheckCompares() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("big.notif", ManifestGenerator.manifest(categories: 150))
        let output = directory.path + "/out"
        let arguments = ["build", input, "-o", output, "--emit", "plist,json,swift"]
        let first = runNotifc(arguments + ["-v"])
        #expect(first.status == .success, "\(first.error)")
        #expect(first.error.contains("wrote \(output)/NotificationCategories.swift"))
        let check = runNotifc(arguments + ["--check"])
        #expect(check.status == .success, "\(check.error)\(check.output)")
        let second = runNotifc(arguments + ["-v"])
        #expect(second.error.contains("unchanged \(output)/NotificationCategories.swift"))
        #expect(second.error.contains("unchanged \(output)/notifications.json"))
        #expect(!(try FileManager.default.subpathsOfDirectory(atPath: output)).contains { $0.hasSuffix(".tmp") })
    }

    private static func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
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
