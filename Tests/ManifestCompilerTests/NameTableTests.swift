// NameTable: the symbol table's hash table agrees with a Dictionary, grows, and compares names by their bytes.
@testable import ManifestCompiler
import Testing

struct NameTableTests {
    /// Random names over a small alphabet (so many repeat), of lengths around the hash's 8-byte words.
    private func randomNames(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        let alphabet = Array("ab_.é1")
        return (0..<count).map { _ in
            let length = Int(generator.next() % 20)
            return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
    }

    @Test(arguments: [1, 2, 3])
    func agreesWithADictionary(_ seed: UInt64) {
        var table = NameTable()
        var reference: [String: Int] = [:]
        for (position, name) in randomNames(count: 3_000, seed: seed).enumerated() {
            let previous = table.insert(name, value: position)
            #expect(previous == reference[name], "inserting \(name)")
            if reference[name] == nil { reference[name] = position }
        }
        #expect(table.count == reference.count)
        for name in randomNames(count: 3_000, seed: seed + 100) {
            #expect(table[name] == reference[name], "looking up \(name)")
        }
        #expect(Set(table.names) == Set(reference.keys))
    }

    @Test func firstValueWinsAndNamesKeepTheirOrder() {
        var table = NameTable(capacity: 2)
        #expect(table.insert("b", value: 0) == nil)
        #expect(table.insert("a", value: 1) == nil)
        #expect(table.insert("b", value: 2) == 0)
        #expect(table["b"] == 0)
        #expect(table[""] == nil)
        #expect(table.insert("", value: 3) == nil)
        #expect(table[""] == 3)
        #expect(table.names == ["b", "a", ""])
    }

    /// iOS compares identifiers code unit by code unit, without Unicode normalization.
    @Test func canonicallyEquivalentNamesAreDifferentNames() {
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)  // Swift's == says equal …
        var table = NameTable()
        table.insert(precomposed, value: 0)
        #expect(table[decomposed] == nil)  // … the table, like iOS, does not
        #expect(table.insert(decomposed, value: 1) == nil)
        #expect(table[precomposed] == 0 && table[decomposed] == 1)
    }

    @Test func hashDependsOnEveryByteAndTheLength() {
        let seed: UInt64 = 12345
        func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { NameTable.hash(bytes: $0, seed: seed) } }
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

/// A small deterministic generator for the tests' random inputs.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
