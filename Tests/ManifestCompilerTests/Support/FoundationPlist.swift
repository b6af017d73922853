// Foundation's PropertyListSerialization as an independent reader: its values as PropertyListValue trees.
import Foundation
import ManifestCompiler

enum FoundationPlist {
    /// Reads `bytes` with `PropertyListSerialization` (CoreFoundation's reader).
    static func read(_ bytes: [UInt8]) throws -> PropertyListValue {
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        return value(object)
    }

    /// Converts a Foundation property-list object, keeping booleans, integers and reals apart.
    static func value(_ object: Any) -> PropertyListValue {
        if let text = object as? String { return .string(text) }
        if let data = object as? Data { return .data(Array(data)) }
        if let date = object as? Date { return .date(coreFoundationText(date)) }
        if let array = object as? [Any] { return .array(array.map(value)) }
        if let dictionary = object as? [String: Any] {
            return .dictionary(dictionary.map { (key: $0.key, value: value($0.value)) })
        }
        if isBoolean(object), let flag = object as? Bool { return .boolean(flag) }
        if let number = object as? NSNumber {
            let type = String(cString: number.objCType)
            return type == "d" || type == "f" ? .real(number.doubleValue) : .integer(number.intValue)
        }
        return .string("<unknown \(type(of: object))>")
    }

    private static func isBoolean(_ object: Any) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(object as CFTypeRef) == CFBooleanGetTypeID()
        #else
        return type(of: object) == Bool.self
        #endif
    }

    /// The text CoreFoundation writes for `date` (`YYYY-MM-DDTHH:MM:SSZ`, UTC, proleptic Gregorian), taken
    /// from its own serialisation (Foundation's `Calendar` switches to the Julian calendar before 1582).
    static func coreFoundationText(_ date: Date) -> String {
        let data = (try? PropertyListSerialization.data(fromPropertyList: [date], format: .xml, options: 0)) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "<date>"), let end = text.range(of: "</date>") else { return "?" }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// The value with every dictionary's entries sorted by key, so that values read in different orders compare.
    static func normalized(_ value: PropertyListValue) -> PropertyListValue {
        switch value {
        case .array(let elements): return .array(elements.map(normalized))
        case .dictionary(let entries):
            return .dictionary(entries.map { (key: $0.key, value: normalized($0.value)) }.sorted { $0.key < $1.key })
        default: return value
        }
    }
}
