// Support types: the chunked array behind the checked declarations, and releasing a source set's text.
@testable import ManifestCompiler
import Testing

struct SupportTests {
    @Test(arguments: [0, 1, 1023, 1024, 1025, 5000])
    func chunkedArrayHoldsWhatWasAppendedInOrder(_ count: Int) {
        var chunked = ChunkedArray<Int>()
        for value in 0..<count { chunked.append(value * 3) }
        #expect(chunked.count == count)
        #expect(Array(chunked) == (0..<count).map { $0 * 3 })
        if count > 0 {
            chunked[count - 1] = -1
            #expect(chunked.last == -1)
            #expect(chunked.first == (count == 1 ? -1 : 0))
        }
    }

    @Test func chunkedArrayLiteralAndCollectionAlgorithms() {
        let chunked: ChunkedArray = ["b", "a", "c"]
        #expect(chunked.sorted() == ["a", "b", "c"])
        #expect(chunked.indices == 0..<3)
        #expect(chunked.map { $0.uppercased() } == ["B", "A", "C"])
    }

    @Test func releasingContentsKeepsPathsAndSizes() {
        var sources = SourceFileSet()
        sources.add(path: "a.notif", bytes: Array("category a {}\n".utf8))
        sources.add(path: "b.notif", bytes: [], size: 99)
        sources.releaseContents()
        #expect(sources.files.map(\.path) == ["a.notif", "b.notif"])
        #expect(sources.files.map(\.size) == [14, 99])
        #expect(sources.files.allSatisfy { $0.bytes.isEmpty })
    }
}
