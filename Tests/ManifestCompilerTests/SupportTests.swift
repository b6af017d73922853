// Support types: releasing a source set's text, the byte buffer, file writing and chunked file comparison.
import Foundation
@testable import ManifestCompiler
@testable import NotifcDriver
import Testing

struct SupportTests {
    @Test func releasingContentsKeepsPathsAndSizes() {
        var sources = SourceFileSet()
        sources.add(path: "a.notif", bytes: Array("category a {}\n".utf8))
        sources.add(path: "b.notif", bytes: [], size: 99)
        sources.releaseContents()
        #expect(sources.files.map(\.path) == ["a.notif", "b.notif"])
        #expect(sources.files.map(\.size) == [14, 99])
        #expect(sources.files.allSatisfy { $0.bytes.isEmpty })
    }

    /// Every kind of append, small and large, against the same appends to a plain array.
    @Test func byteBufferGrowsAndKeepsEveryByte() {
        var buffer = ByteBuffer(capacity: 0)
        let expected = Self.appendMixedPieces(to: &buffer)
        #expect(buffer.count == expected.count)
        #expect(buffer.finish() == expected)
    }

    /// A write that fails (here: a descriptor opened for reading) is the writer's `failure`, and later
    /// bytes are dropped; `writeNewFile` then removes the file and throws.
    @Test func fileWriterReportsAFailedWrite() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("read-only.bin", "x")
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let writer = FileWriter(descriptor: descriptor)
        [UInt8](repeating: 1, count: 100_000).withUnsafeBytes { writer.consume($0) }
        #expect(writer.failure == EBADF)
        [UInt8(2)].withUnsafeBytes { writer.consume($0) }
        #expect(writer.failure == EBADF)

        let target = directory.path + "/failed.bin"
        #expect(throws: FileSystemError(path: target, errno: ENOSPC)) {
            try FileSystem.writeNewFile(target) { _ in ENOSPC }
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// Appends one of each kind of piece, many times over, and returns the bytes they add up to.
    private static func appendMixedPieces(to buffer: inout ByteBuffer) -> [UInt8] {
        var expected: [UInt8] = []
        for size in [70_000, 65_536, 65_535, 1] {
            let block = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            buffer.append(contentsOf: block)
            expected += block
            buffer.append(repeating: UInt8(ascii: "-"), count: size)
            expected += [UInt8](repeating: UInt8(ascii: "-"), count: size)
        }
        let bridged = "caf\u{E9} \u{1F600}"  // non-ASCII; contiguous either way
        for round in 0..<2_000 {
            buffer.append(UInt8(round & 0x7F))
            expected.append(UInt8(round & 0x7F))
            buffer.append("key" as StaticString)
            expected += Array("key".utf8)
            buffer.append(bridged)
            expected += Array(bridged.utf8)
            buffer.append(repeating: UInt8(ascii: " "), count: round % 70)
            expected += [UInt8](repeating: UInt8(ascii: " "), count: round % 70)
            let block = [UInt8](repeating: UInt8(round & 0xFF), count: round % 130)
            buffer.append(contentsOf: block)
            expected += block
            buffer.append(repeating: UInt8(ascii: "x"), count: 0)
        }
        return expected
    }

    /// The ASCII fast path of `hasEdgeWhitespace` against the definition (first or last scalar is
    /// Unicode whitespace), on ASCII and non-ASCII ends.
    @Test(arguments: [
        "", "a", " a", "a ", "\ta", "a\n", "\u{0B}x", "x\u{0C}", "\r", "ab", "é", " é", "é ", "\u{00A0}x", "x\u{00A0}",
        "\u{3000}", "a\u{2003}", "\u{2028}a", "é\u{0301}", "😀", " 😀", "x\u{85}",
    ])
    func edgeWhitespaceMatchesTheDefinition(_ text: String) {
        let scalars = text.unicodeScalars
        let expected =
            (scalars.first?.properties.isWhitespace ?? false) || (scalars.last?.properties.isWhitespace ?? false)
        #expect(text.hasEdgeWhitespace == expected)
    }

    @Test func fileContentsAreComparedInChunks() throws {
        let directory = try TemporaryDirectory()
        // Larger than the 64 KB chunk, so the comparison crosses chunk edges.
        let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try directory.write("large.bin", Data(large))
        #expect(FileSystem.fileHasContents(path, large))
        var lastDiffers = large
        lastDiffers[lastDiffers.count - 1] ^= 1
        #expect(!FileSystem.fileHasContents(path, lastDiffers))
        var atChunkEdge = large
        atChunkEdge[1 << 16] ^= 1
        #expect(!FileSystem.fileHasContents(path, atChunkEdge))
        #expect(!FileSystem.fileHasContents(path, Array(large.dropLast())))
        #expect(!FileSystem.fileHasContents(path, large + [0]))
        let empty = try directory.write("empty.bin", Data())
        #expect(FileSystem.fileHasContents(empty, []))
        #expect(!FileSystem.fileHasContents(empty, [0]))
        #expect(!FileSystem.fileHasContents(directory.path + "/missing.bin", []))
        #expect(!FileSystem.fileHasContents(directory.path, []))
    }

    /// Bytes given in pieces (the JSON bundle of a build) are compared across the pieces' and the chunks' edges.
    @Test func fileContentsInPiecesAreCompared() throws {
        let directory = try TemporaryDirectory()
        let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try directory.write("large.bin", Data(large))
        func pieces(_ bytes: [UInt8], cutAt cuts: [Int] = [0, 1, 65_535, 65_536, 65_537, 150_000]) -> OutputFile {
            OutputFile(path: "large.bin") { sink in
                var start = 0
                for end in cuts.filter({ $0 < bytes.count }) + [bytes.count] {
                    sink(Array(bytes[start..<end]))
                    start = end
                }
            }
        }
        #expect(FileSystem.fileHasContents(path, pieces(large)))
        #expect(FileSystem.fileHasContents(path, pieces(large, cutAt: [])))
        var lastDiffers = large
        lastDiffers[lastDiffers.count - 1] ^= 1
        #expect(!FileSystem.fileHasContents(path, pieces(lastDiffers)))
        var atPieceEdge = large
        atPieceEdge[65_536] ^= 1
        #expect(!FileSystem.fileHasContents(path, pieces(atPieceEdge)))
        #expect(!FileSystem.fileHasContents(path, pieces(Array(large.dropLast()))))
        #expect(!FileSystem.fileHasContents(path, pieces(large + [0])))
        let empty = try directory.write("empty.bin", Data())
        #expect(FileSystem.fileHasContents(empty, pieces([])))
        #expect(!FileSystem.fileHasContents(empty, pieces([0])))
        #expect(!FileSystem.fileHasContents(directory.path + "/missing.bin", pieces([])))
        #expect(!FileSystem.fileHasContents(directory.path, pieces([])))
        // Known sizes: a file in one piece whose size differs is not equal, whatever its first bytes.
        #expect(FileSystem.fileHasContents(path, OutputFile(EmittedFile(path: "large.bin", contents: large))))
        #expect(!FileSystem.fileHasContents(path, OutputFile(EmittedFile(path: "large.bin", contents: large + [0]))))
    }
}
