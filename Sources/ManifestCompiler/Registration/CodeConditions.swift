// Conditional compilation in registration code, read as the app is built for iOS.

/// Which branches of `#if`/`#elseif`/`#else`/`#endif` the scanner reads. A manifest describes the app on
/// iOS, so a branch whose condition is false there (`os(watchOS)`, `canImport(AppKit)`, Objective-C's
/// `TARGET_OS_WATCH`) is skipped, and so is every branch after one that is true there. A condition notifc
/// cannot decide (`DEBUG`, `targetEnvironment(simulator)`, `swift(>=5.9)`) is read, as are the branches after
/// it, since either may be the one built.
struct CodeConditions {
    private struct Group {
        /// Whether the code around the `#if` is skipped.
        var outerSkipped: Bool
        /// Whether a branch so far is true on iOS (later ones are not built).
        var decided = false
        /// Whether the current branch is skipped.
        var skipped = false
        /// The directive of the first branch read whose condition is not decided, if any (from there to `#endif`,
        /// the code of either build is read).
        var undecided: Range<Int>?
    }

    private let language: CodeLanguage
    private var groups: [Group] = []
    /// The code read from a branch whose condition is not decided to its `#endif`, in the order the groups end.
    private(set) var undecidedRegions: [UndecidedRegion] = []
    /// The macro the last directive, an `#ifndef NAME` or `#if !defined(NAME)`, tests: an include guard when `#define
    /// NAME` follows at once.
    private(set) var guardCandidate: String?

    /// The innermost group is an include guard (`#ifndef NAME` then at once `#define NAME`), whose code every build
    /// reads, so it is not a condition notifc cannot decide.
    mutating func markIncludeGuard() {
        guard !groups.isEmpty else { return }
        groups[groups.count - 1].undecided = nil
    }

    init(language: CodeLanguage) {
        self.language = language
    }

    /// Whether the code at this point is in a branch not built for iOS.
    var isSkipping: Bool { groups.last.map { $0.outerSkipped || $0.skipped } ?? false }

    /// Takes a directive (`if`, `elseif`, `elif`, `ifdef`, `ifndef`, `else`, `endif`), the rest of its line, and
    /// where it is written (from `#` to the end of its condition).
    mutating func directive(_ name: String, _ rest: ArraySlice<UInt8>, at range: Range<Int>) {
        let words = Self.words(rest)
        guardCandidate = Self.guardedMacro(name, words)
        switch name {
        case "if", "ifdef", "ifndef":
            var group = Group(outerSkipped: isSkipping)
            enter(&group, condition: condition(name, words), at: range)
            groups.append(group)
        case "elseif", "elif":
            guard var group = groups.popLast() else { return }
            enter(&group, condition: condition(name, words), at: range)
            groups.append(group)
        case "else":
            guard var group = groups.popLast() else { return }
            enter(&group, condition: true, at: range)
            groups.append(group)
        case "endif":
            guard let group = groups.popLast(), let undecided = group.undecided else { return }
            undecidedRegions.append(UndecidedRegion(directive: undecided, end: range.lowerBound))
        default:
            break
        }
    }

    /// The macro `#ifndef NAME`, `#if !defined(NAME)` or `#if !defined NAME` tests (an include guard when `#define
    /// NAME` follows at once).
    private static func guardedMacro(_ directive: String, _ words: [String]) -> String? {
        if directive == "ifndef", words.count == 1 { return words[0] }
        guard directive == "if", words.count >= 3, words[0] == "!", words[1] == "defined" else { return nil }
        if words.count == 3 { return words[2] }
        return words.count == 5 && words[2] == "(" && words[4] == ")" ? words[3] : nil
    }

    /// Ends the groups left open at the end of the file (`end`).
    mutating func finish(at end: Int) {
        while let group = groups.popLast() {
            if let undecided = group.undecided { undecidedRegions.append(UndecidedRegion(directive: undecided, end: end)) }
        }
    }

    /// Starts a branch whose condition is `condition` on iOS (`nil`: not known), written at `range`.
    private func enter(_ group: inout Group, condition: Bool?, at directive: Range<Int>) {
        if group.decided || condition == false {
            group.skipped = true
            return
        }
        group.skipped = false
        if condition == true { group.decided = true }
        if condition == nil, !group.outerSkipped, group.undecided == nil { group.undecided = directive }
    }

    /// The value on iOS of a directive's condition (`words`, those after its name); `nil` when not known, as for
    /// `#ifdef` and `#ifndef`, which name macros notifc does not know (but `__OBJC__`, which Objective-C code has:
    /// a prefix header's `#ifdef __OBJC__`), and for any condition it cannot read.
    private func condition(_ directive: String, _ words: [String]) -> Bool? {
        if directive == "ifdef" || directive == "ifndef" {
            guard language == .objectiveC, words == ["__OBJC__"] else { return nil }
            return directive == "ifdef"
        }
        var parser = ConditionParser(words: words, language: language)
        guard let value = parser.parseOr(), parser.index == parser.words.count else { return nil }
        return value
    }

    /// The directive's condition split into names, numbers, brackets and operators, without comments.
    private static func words(_ bytes: ArraySlice<UInt8>) -> [String] {
        var words: [String] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == 0x2F, i + 1 < bytes.endIndex, bytes[i + 1] == 0x2F { break }
            if c == 0x2F, i + 1 < bytes.endIndex, bytes[i + 1] == 0x2A {
                i += 2
                while i < bytes.endIndex, !(bytes[i] == 0x2A && i + 1 < bytes.endIndex && bytes[i + 1] == 0x2F) { i += 1 }
                i = min(i + 2, bytes.endIndex)
                continue
            }
            if CodeLexer.isIdentifierByte(c) {
                let start = i
                while i < bytes.endIndex, CodeLexer.isIdentifierByte(bytes[i]) || bytes[i] == 0x2E { i += 1 }
                words.append(String(decoding: bytes[start..<i], as: UTF8.self))
                continue
            }
            if (c == 0x26 || c == 0x7C), i + 1 < bytes.endIndex, bytes[i + 1] == c {
                words.append(c == 0x26 ? "&&" : "||")
                i += 2
                continue
            }
            if c != 0x20, c != 0x09, c != 0x0D, c != 0x5C { words.append(String(UnicodeScalar(c))) }
            i += 1
        }
        return words
    }

    /// `a || b`, `a && b`, `!a`, `(a)`, and the atoms iOS decides: `os(iOS)`, `canImport(UIKit)`,
    /// `targetEnvironment(macCatalyst)`, `true`, `false`; Objective-C's `TARGET_OS_IOS`, `TARGET_OS_WATCH`, `0`, `1`.
    private struct ConditionParser {
        let words: [String]
        let language: CodeLanguage
        var index = 0
        /// How deeply the expression nests here; past ``maximumDepth`` it is not read (no input exhausts the stack).
        private var depth = 0
        private static let maximumDepth = 64

        init(words: [String], language: CodeLanguage) {
            self.words = words
            self.language = language
        }

        /// The value of the expression here: `.some(nil)` when it is well formed but not known, `nil` when it is
        /// not well formed. Level 0 is `a || b`, level 1 `a && b`, which binds tighter.
        mutating func parseOr() -> Bool?? { parse(level: 0) }

        private mutating func parse(level: Int) -> Bool?? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { return nil }
            let op = level == 0 ? "||" : "&&"
            guard var value = level == 0 ? parse(level: 1) : parseUnary() else { return nil }
            while index < words.count, words[index] == op {
                index += 1
                guard let right = level == 0 ? parse(level: 1) : parseUnary() else { return nil }
                // `true` decides `||` and `false` decides `&&` whatever the other side; otherwise both must be known.
                let deciding = op == "||"
                value = value == deciding || right == deciding ? deciding : (value == !deciding && right == !deciding ? !deciding : nil)
            }
            return value
        }

        private mutating func parseUnary() -> Bool?? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth, index < words.count else { return nil }
            let word = words[index]
            index += 1
            if word == "!" {
                guard let value = parseUnary() else { return nil }
                return .some(value.map { !$0 })
            }
            if word == "(" {
                guard let value = parseOr(), index < words.count, words[index] == ")" else { return nil }
                index += 1
                return value
            }
            if index < words.count, words[index] == "(" {
                // `name(argument…)`: the argument's words up to the matching `)`.
                var level = 0
                var argument: [String] = []
                while index < words.count {
                    let w = words[index]
                    index += 1
                    if w == "(" { level += 1; if level == 1 { continue } }
                    if w == ")" { level -= 1; if level == 0 { break } }
                    argument.append(w)
                }
                guard level == 0 else { return nil }
                return .some(Self.call(word, argument))
            }
            if word == "__IPHONE_OS_VERSION_MAX_ALLOWED", language == .objectiveC, let value = sdkComparison() { return .some(value) }
            return .some(Self.atom(word, language: language))
        }

        /// After `__IPHONE_OS_VERSION_MAX_ALLOWED` (the SDK's version): `>= __IPHONE_10_0`, `> 90000`, `< 100000`, … . An
        /// SDK that builds an app today is iOS 18 or later, so a comparison with an earlier version is decided; `nil`
        /// (not known) for later versions and other shapes.
        private mutating func sdkComparison() -> Bool? {
            guard index + 1 < words.count, words[index] == ">" || words[index] == "<" else { return nil }
            let isGreater = words[index] == ">"
            var next = index + 1
            if words[next] == "=" { next += 1 }
            guard next < words.count, let version = Self.sdkVersion(words[next]), version < 180000 else { return nil }
            index = next + 1
            return isGreater  // the SDK's version is above `version`: `>` and `>=` hold, `<` and `<=` do not
        }

        /// `__IPHONE_10_0` or `100000` as the number the SDK macros compare (major × 10,000 + minor × 100).
        private static func sdkVersion(_ word: String) -> Int? {
            if let number = Int(word), number > 0 { return number }
            guard word.hasPrefix("__IPHONE_") else { return nil }
            let parts = word.dropFirst("__IPHONE_".count).split(separator: "_", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count), let major = Int(parts[0]) else { return nil }
            let minor = parts.count > 1 ? Int(parts[1]) : 0
            guard let minor else { return nil }
            return major * 10_000 + minor * 100
        }

        /// Platforms iOS is not, as `os(…)` and `canImport(…)` name them.
        private static let otherSystems: Set<String> = [
            "macOS", "OSX", "watchOS", "tvOS", "visionOS", "xrOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD",
            "WASI", "Cygwin", "PS4", "Haiku",
        ]
        private static let iOSModules: Set<String> = [
            "UIKit", "UserNotifications", "UserNotificationsUI", "Foundation", "SwiftUI", "Intents", "CoreLocation",
        ]
        /// Modules of other systems only (WatchKit and ClockKit have parts in the iOS SDK, so they stay unknown).
        private static let otherModules: Set<String> = ["AppKit", "Cocoa", "TVUIKit"]

        private static func call(_ name: String, _ argument: [String]) -> Bool? {
            if name == "swift" || name == "compiler" { return versionCheck(argument) }
            guard argument.count == 1, let value = argument.first else { return nil }
            switch name {
            case "os":
                if value == "iOS" { return true }
                return otherSystems.contains(value) ? false : nil
            case "canImport":
                if iOSModules.contains(value) { return true }
                return otherModules.contains(value) ? false : nil
            case "targetEnvironment":
                return value == "macCatalyst" ? false : nil
            default:
                return nil
            }
        }

        /// `swift(>=5.9)`, `compiler(<6.0)`: decided for versions up to 6.0, which every Swift that builds an app for
        /// iOS 18 is at least; `nil` for later ones.
        private static func versionCheck(_ argument: [String]) -> Bool? {
            guard let last = argument.last, argument.count >= 2 else { return nil }
            let comparison = argument.dropLast().joined()
            let parts = last.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard comparison == ">=" || comparison == "<", (1...3).contains(parts.count), !parts.contains(nil),
                let major = parts[0], major * 100 + (parts.count > 1 ? parts[1] ?? 0 : 0) <= 600
            else { return nil }
            return comparison == ">="
        }

        private static func atom(_ word: String, language: CodeLanguage) -> Bool? {
            switch word {
            case "true" where language == .swift: return true
            case "false" where language == .swift: return false
            case "1" where language == .objectiveC: return true
            case "0" where language == .objectiveC: return false
            case "TARGET_OS_IOS", "TARGET_OS_IPHONE": return language == .objectiveC ? true : nil
            case "TARGET_OS_WATCH", "TARGET_OS_OSX", "TARGET_OS_TV", "TARGET_OS_VISION", "TARGET_OS_MACCATALYST",
                "TARGET_OS_UIKITFORMAC":
                return language == .objectiveC ? false : nil
            default: return nil
            }
        }
    }
}

/// Code under a condition notifc cannot decide (`#if DEBUG`): from the directive of the first branch read to the
/// group's `#endif` (byte offsets), where every branch is read though one build has only one of them.
struct UndecidedRegion: Sendable, Hashable {
    /// The directive, from `#` to the end of its condition.
    var directive: Range<Int>
    /// Its text as messages quote it (`#if DEBUG`), which the lexer fills in.
    var text = ""
    /// Where the group's `#endif` starts (the end of the file when it has none).
    var end: Int

    func contains(_ offset: Int) -> Bool { directive.lowerBound <= offset && offset < end }
}
