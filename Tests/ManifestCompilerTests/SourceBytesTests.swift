// SourceBytes and FileSystem.readSource: mapped and read files give the same bytes, copies share, equality.
import Foundation
@testable import ManifestCompiler
import Testing

struct SourceBytesTests {
    init() { FileSystem.allowMappedInputs() }  // as the executable does
    /// Deterministic bytes of every value, `count` long.
    private func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    @Test(arguments: [0, 1, FileSystem.mappingThreshold - 1, FileSystem.mappingThreshold, 300_001])
    func readSourceGivesTheFilesBytes(_ size: Int) throws {
        let directory = try TemporaryDirectory()
        let expected = pattern(size)
        let path = try directory.write("input.notif", Data(expected))
        let bytes = try FileSystem.readSource(path)
        #expect(bytes.isMapped == (size >= FileSystem.mappingThreshold))
        #expect(bytes.count == size)
        #expect(Array(bytes) == expected)
        #expect(bytes.withUnsafeBufferPointer { Array($0) } == expected)
        #expect(bytes == SourceBytes(expected))
        if size > 0 { #expect(bytes[size - 1] == expected[size - 1] && bytes.last == expected.last) }
    }

    @Test func aMappedFileOutlivesItsPathAndItsCopies() throws {
        let directory = try TemporaryDirectory()
        let expected = pattern(FileSystem.mappingThreshold * 2)
        let path = try directory.write("big.notif", Data(expected))
        var bytes: SourceBytes? = try FileSystem.readSource(path)
        #expect(bytes?.isMapped == true)
        let copy = bytes
        bytes = nil  // the mapping stays while a copy refers to it
        #expect(unlink(path) == 0)  // and is independent of the name
        #expect(copy.map(Array.init) == expected)
    }

    @Test func aLargeFileIsReadUpToTheLimitPlusOne() throws {
        let directory = try TemporaryDirectory()
        let expected = pattern(FileSystem.mappingThreshold + 10)
        let path = try directory.write("large.notif", Data(expected))
        let limited = try FileSystem.readSource(path, maximumSize: FileSystem.mappingThreshold)
        #expect(!limited.isMapped)
        #expect(Array(limited) == Array(expected.prefix(FileSystem.mappingThreshold + 1)))  // read, not mapped
    }

    @Test func missingFilesAndDirectoriesAreErrors() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: FileSystemError.self) { try FileSystem.readSource(directory.path + "/missing.notif") }
        #expect(throws: FileSystemError.self) { try FileSystem.readSource(directory.path) }
    }

    @Test func equalityIsByBytes() {
        let bytes: SourceBytes = [1, 2, 3]
        #expect(bytes == SourceBytes([1, 2, 3]))
        #expect(bytes != SourceBytes([1, 2]))
        #expect(SourceBytes() == [])
        #expect(SourceBytes([UInt8]()).isEmpty)
        #expect(Array(bytes[1..<3]) == [2, 3])
    }
}
