// StringPool: ids agree with a dictionary, names are found by their bytes, equality is by bytes; DeclarationIndex.
@testable import ManifestCompiler
import Testing

struct StringPoolTests {
    /// Random names over a small alphabet (so many repeat), of lengths around the hash's 8-byte words.
    private func randomNames(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("ab_.é1")
        return (0..<count).map { _ in
            let length = Int(generator.next() % 20)
            return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
    }

    @Test(arguments: [1, 2, 3])
    func agreesWithADictionary(_ seed: UInt64) {
        var pool = StringPool()
        var reference: [[UInt8]: Int32] = [:]  // keyed by bytes: the pool compares names by their bytes
        for name in randomNames(count: 3_000, seed: seed) {
            let expected = reference[Array(name.utf8)] ?? Int32(reference.count)
            #expect(pool.intern(name) == expected, "entering \(name)")
            reference[Array(name.utf8)] = expected
        }
        #expect(pool.count == reference.count)
        for name in randomNames(count: 3_000, seed: seed + 100) {
            #expect(pool.id(of: name) == reference[Array(name.utf8)], "looking up \(name)")
            let bytes = Array(name.utf8)
            let found = bytes.withUnsafeBufferPointer { pool.intern(bytes: $0) }
            #expect(found.string == name && pool.string(found.id) == name)
            reference[bytes] = found.id
        }
        #expect(pool.count == reference.count)
    }

    @Test func idsFollowFirstEntryAndBytesFindStrings() {
        var pool = StringPool(capacity: 2)
        #expect(pool.intern("b") == 0)
        #expect(pool.intern("a") == 1)
        #expect(pool.intern("b") == 0)
        #expect(pool.id(of: "c") == nil)
        #expect(pool.intern("") == 2)
        #expect(pool.id(of: "") == 2)
        var made = 0
        let bytes = Array("a".utf8)
        let id = bytes.withUnsafeBufferPointer { buffer in
            pool.intern(bytes: buffer) {
                made += 1
                return "a"
            }
        }
        #expect(id == 1 && made == 0)  // known names are found by their bytes, with no new string
        #expect(pool.strings == ["b", "a", ""])
    }

    /// iOS compares identifiers code unit by code unit, without Unicode normalization.
    @Test func canonicallyEquivalentNamesAreDifferentNames() {
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)  // Swift's == says equal …
        var pool = StringPool()
        #expect(pool.intern(precomposed) == 0)
        #expect(pool.id(of: decomposed) == nil)  // … the pool, like iOS, does not
        #expect(pool.intern(decomposed) == 1)
    }

    /// Copies share their slots until one enters a string; then each sees only its own strings.
    @Test func copiesAreIndependent() {
        var pool = StringPool(capacity: 4)
        #expect(pool.intern("a") == 0)
        var copy = pool
        #expect(copy.intern("b") == 1)
        #expect(pool.id(of: "b") == nil && pool.count == 1)
        #expect(pool.intern("c") == 1)
        #expect(copy.id(of: "c") == nil && copy.id(of: "b") == 1 && pool.id(of: "c") == 1)
        for index in 0..<100 { _ = copy.intern("name\(index)") }  // grows the copy's table
        #expect(pool.count == 2 && copy.count == 102 && copy.id(of: "name99") == 101 && pool.id(of: "name99") == nil)
    }

    @Test func declarationIndexKeepsFirstPositions() {
        let index = DeclarationIndex(names: ["x", "y", "x", "z"])
        #expect(index["x"] == 0 && index["y"] == 1 && index["z"] == 3 && index["w"] == nil)
    }

    @Test func hashDependsOnEveryByteAndTheLength() {
        let seed: UInt64 = 12345
        func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { StringPool.hash(bytes: $0, seed: seed) } }
        let base = Array("com.example.category.1".utf8)
        var seen: Set<UInt64> = [hash(base), hash([]), hash([0]), hash([0, 0])]
        #expect(seen.count == 4)  // trailing zero bytes change the hash through the length
        for index in base.indices {
            var changed = base
            changed[index] ^= 1
            #expect(seen.insert(hash(changed)).inserted, "byte \(index)")
        }
    }
}
