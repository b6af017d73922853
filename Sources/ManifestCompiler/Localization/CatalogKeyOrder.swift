// The order Xcode writes a String Catalog's keys in: Foundation's sorted-keys comparison, written by hand.

/// Compares keys as `JSONSerialization` with `.sortedKeys` does when Xcode saves a catalog: `NSString.compare`
/// with `[.numeric, .caseInsensitive, .forcedOrdering]` and the root locale, i.e. ICU root collation.
///
/// What it reproduces (see the string-catalog facts sheet, §2): whitespace and control characters first, then
/// punctuation and symbols in ICU's order (`_ - – — , ; : ! ? . ' " ( ) [ ] { } @ * / \ & # % • ` ^ + < = > | ~`,
/// other symbols, currency signs), then digits with runs compared by value (`9` < `10`), then Latin letters
/// without regard to case or accents, then other scripts by code point. Ties are broken by accents (in ICU's order:
/// acute, grave, breve, circumflex, …), then by case
/// (lowercase first: `ok` < `Ok` < `OK`), then by leading zeros (`1` < `01`), then by code points, so two
/// different keys never compare equal.
/// Latin letters with accents are known for Latin-1 and Latin Extended-A; rarer letters sort by code point
/// after Latin, where ICU may differ.
public enum CatalogKeyOrder {
    /// Whether `a` sorts before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// -1, 0 or 1 as `a` sorts before, with (only when identical) or after `b`.
    public static func compare(_ a: String, _ b: String) -> Int {
        compare(SortKey(a), SortKey(b))
    }

    /// A key with its collation elements worked out once: for sorting many keys.
    struct SortKey {
        let text: String
        fileprivate let elements: [Element]

        init(_ text: String) {
            self.text = text
            elements = CatalogKeyOrder.elements(text)
        }
    }

    /// Sorts `items` by the key `key` gives each, working each key's collation elements out once.
    static func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        items.map { (SortKey(key($0)), $0) }.sorted { compare($0.0, $1.0) < 0 }.map(\.1)
    }

    static func compare(_ a: SortKey, _ b: SortKey) -> Int {
        if a.text == b.text, Array(a.text.unicodeScalars) == Array(b.text.unicodeScalars) { return 0 }
        let left = a.elements, right = b.elements
        if let order = comparePrimary(left, right) { return order }
        for (x, y) in zip(left, right) where x.secondary != y.secondary { return x.secondary < y.secondary ? -1 : 1 }
        for (x, y) in zip(left, right) where x.tertiary != y.tertiary { return x.tertiary < y.tertiary ? -1 : 1 }
        // A number with fewer leading zeros first (`step1` < `step01`), as Foundation orders them.
        for (x, y) in zip(left, right) where x.leadingZeros != y.leadingZeros {
            return x.leadingZeros < y.leadingZeros ? -1 : 1
        }
        // Equal to the collator (ignorable characters): code points decide.
        for (x, y) in zip(a.text.unicodeScalars, b.text.unicodeScalars) where x != y { return x.value < y.value ? -1 : 1 }
        let countA = a.text.unicodeScalars.count, countB = b.text.unicodeScalars.count
        return countA == countB ? 0 : (countA < countB ? -1 : 1)
    }

    /// One collation element: a primary weight (or a number), an accent weight and a case weight.
    fileprivate struct Element {
        var primary: UInt32
        /// For a run of digits: its digits without leading zeros (compared by length, then digit by digit).
        var digits: [UInt8] = []
        /// For a run of digits: how many zeros lead it.
        var leadingZeros = 0
        var secondary: UInt32 = 0
        var tertiary: UInt8 = 0
    }

    private static func comparePrimary(_ left: [Element], _ right: [Element]) -> Int? {
        for (x, y) in zip(left, right) {
            if x.primary != y.primary { return x.primary < y.primary ? -1 : 1 }
            if x.digits != y.digits {
                if x.digits.count != y.digits.count { return x.digits.count < y.digits.count ? -1 : 1 }
                return x.digits.lexicographicallyPrecedes(y.digits) ? -1 : 1
            }
        }
        return left.count == right.count ? nil : (left.count < right.count ? -1 : 1)
    }

    // Primary weight bands.
    private static let whitespaceBand: UInt32 = 0x10_0000
    private static let punctuationBand: UInt32 = 0x20_0000
    private static let otherPunctuationBand: UInt32 = 0x30_0000
    private static let symbolBand: UInt32 = 0x40_0000
    private static let otherSymbolBand: UInt32 = 0x50_0000
    private static let currencyBand: UInt32 = 0x60_0000
    private static let digitBand: UInt32 = 0x70_0000
    private static let latinBand: UInt32 = 0x80_0000
    private static let otherLetterBand: UInt32 = 0x90_0000

    /// ASCII and common punctuation in ICU root order, then the ASCII symbols in theirs.
    private static let punctuationOrder = Array("_-‐‑‒–—―,;:!¡?¿.…'‘’‚‹›\"“”„«»()[]{}§¶@*/\\&#%‰†‡•".unicodeScalars)
    private static let symbolOrder = Array("`´˜^¨+±÷×<=>¬|¦~¤¢".unicodeScalars)

    private static func elements(_ text: String) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if ("0"..."9").contains(scalar) {
                var digits: [UInt8] = []
                var leadingZeros = 0
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    let digit = UInt8(scalars[index].value - 0x30)
                    if digits.isEmpty && digit == 0 { leadingZeros += 1 } else { digits.append(digit) }
                    index += 1
                }
                result.append(Element(primary: digitBand, digits: digits, leadingZeros: leadingZeros))
                continue
            }
            index += 1
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
                || properties.generalCategory == .spacingMark
            {
                // An accent: a secondary difference on the element before it (as much as the same letter written
                // precomposed weighs, so `e` + U+0301 and `é` tie).
                if !result.isEmpty { result[result.count - 1].secondary += accentWeight(ofMark: scalar) }
                continue
            }
            result += latinElements(scalar) ?? [Element(primary: weight(of: scalar), tertiary: isUpper(scalar) ? 1 : 0)]
        }
        return result
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isUppercase
    }

    /// The primary weight of a scalar that is not a Latin letter or an ASCII digit.
    private static func weight(of scalar: Unicode.Scalar) -> UInt32 {
        if let position = punctuationOrder.firstIndex(of: scalar) { return punctuationBand + UInt32(position) }
        if let position = symbolOrder.firstIndex(of: scalar) { return symbolBand + UInt32(position) }
        if scalar == "$" { return currencyBand }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return whitespaceBand + scalar.value
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return otherPunctuationBand + scalar.value
        case .currencySymbol: return currencyBand + scalar.value
        case .mathSymbol, .modifierSymbol, .otherSymbol: return otherSymbolBand + scalar.value
        default:
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            return otherLetterBand + lower.value
        }
    }

    /// The elements of a Latin letter (`a`–`z` in any case, with or without an accent), or `nil`.
    private static func latinElements(_ scalar: Unicode.Scalar) -> [Element]? {
        let value = scalar.value
        if (0x61...0x7A).contains(value) { return [Element(primary: latinBand + value - 0x61)] }
        if (0x41...0x5A).contains(value) { return [Element(primary: latinBand + value - 0x41, tertiary: 1)] }
        guard (0xC0...0x17F).contains(value), let base = latinBase[Int(value - 0xC0)] else { return nil }
        let upper: UInt8 = isUpper(scalar) ? 1 : 0
        // The accent in ICU's order, the same in either case (`é`, `É`), so case decides after it; a letter without
        // a decomposition (`æ`, `ø`, `ł`) after every accent, by its lowercase code point.
        let accent = accentOrder.firstIndex(of: latinAccents[Int(value - 0xC0)]).map { UInt32($0 + 1) }
            ?? 0x100 + (scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? value)
        return base.unicodeScalars.enumerated().map { offset, letter in
            Element(
                primary: latinBand + (letter.value | 0x20) - 0x61, secondary: offset == 0 ? accent : 0, tertiary: upper)
        }
    }

    /// The accents in ICU root's secondary order (acute, grave, breve, circumflex, caron, ring, diaeresis, double
    /// acute, tilde, dot above, cedilla, ogonek, macron), as spacing characters, and as the combining marks they stand for.
    private static let accentOrder = Array("´`˘^ˇ°¨˝~˙¸˛¯".unicodeScalars)
    private static let combiningAccents: [UInt32] = [
        0x301, 0x300, 0x306, 0x302, 0x30C, 0x30A, 0x308, 0x30B, 0x303, 0x307, 0x327, 0x328, 0x304,
    ]

    /// The accent of each letter of U+00C0…U+017F (its canonical decomposition's mark, as in ``accentOrder``; a
    /// space for none).
    private static let latinAccents = Array(("`´^~¨° ¸`´^¨`´^¨ ~`´^~¨  `´^¨´  `´^~¨° ¸`´^¨`´^¨ ~`´^~¨  `´^¨´ ¨" + "¯¯˘˘˛˛´´^^˙˙ˇˇˇˇ  ¯¯˘˘˙˙˛˛ˇˇ^^˘˘˙˙¸¸^^  ~~¯¯˘˘˛˛˙   ^^¸¸ ´´¸¸ˇˇ    ´´¸¸ˇˇ   ¯¯˘˘˝˝  ´´¸¸ˇˇ´´^^¸¸ˇˇ¸¸ˇˇ  ~~¯¯˘˘°°˝˝˛˛^^^^¨´´˙˙ˇˇ ").unicodeScalars)

    /// The secondary weight of a combining mark: its accent's place in ICU's order, or, for other marks, after them.
    private static func accentWeight(ofMark mark: Unicode.Scalar) -> UInt32 {
        combiningAccents.firstIndex(of: mark.value).map { UInt32($0 + 1) } ?? mark.value
    }

    /// The base letters of U+00C0…U+017F (`nil`: not a letter, sorted by ``weight(of:)``).
    private static let latinBase: [String?] = {
        let latin1 = "AAAAAAACEEEEIIIIDNOOOOO×OUUUUYÞsaaaaaaaceeeeiiiidnooooo÷ouuuuyþy"
        let extendedA = "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjJjKkkLlLlLlLlLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs"
        var table: [String?] = (latin1 + extendedA).map { character -> String? in
            character.isLetter && character.isASCII ? String(character) : nil
        }
        table[0xC6 - 0xC0] = "AE"
        table[0xE6 - 0xC0] = "ae"
        table[0xDF - 0xC0] = "ss"
        table[0x152 - 0xC0] = "OE"
        table[0x153 - 0xC0] = "oe"
        table[0x132 - 0xC0] = "IJ"
        table[0x133 - 0xC0] = "ij"
        table[0x17F - 0xC0] = "s"
        return table
    }()
}
