// A small JSON Schema validator for the keywords docs/notifications.schema.json uses (draft 2020-12 subset).
import Foundation

/// A JSON value decoded with Foundation's JSONDecoder (an independent reader of our output).
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}

/// Validates instances against a schema using: type, properties, required, additionalProperties,
/// items, enum, const, minLength, minimum, minItems, oneOf, $defs and local $ref. Any other keyword
/// makes validation fail loudly, so the schema cannot silently use something unchecked.
struct JSONSchemaValidator {
    let root: JSONValue
    static let supportedKeywords: Set<String> = [
        "$schema", "$id", "title", "description", "type", "properties", "required", "additionalProperties", "items",
        "enum", "const", "minLength", "minimum", "minItems", "oneOf", "$defs", "$ref",
    ]

    /// The problems found, as `path: message` strings; empty when valid.
    func validate(_ instance: JSONValue) -> [String] {
        validate(instance, against: root, path: "$")
    }

    private func validate(_ instance: JSONValue, against schema: JSONValue, path: String) -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): schema is not an object"] }
        var errors: [String] = []
        for key in keywords.keys where !Self.supportedKeywords.contains(key) {
            errors.append("\(path): unsupported schema keyword '\(key)'")
        }
        if case .string(let reference)? = keywords["$ref"] {
            guard reference.hasPrefix("#/$defs/"), let target = root["$defs"]?[String(reference.dropFirst(8))] else {
                return errors + ["\(path): unresolvable $ref \(reference)"]
            }
            errors += validate(instance, against: target, path: path)
        }
        if let type = keywords["type"] {
            let allowed: [String]
            switch type {
            case .string(let name): allowed = [name]
            case .array(let names): allowed = names.compactMap { if case .string(let n) = $0 { n } else { nil } }
            default: allowed = []
            }
            if !allowed.contains(where: { Self.matches(instance, type: $0) }) {
                return errors + ["\(path): expected type \(allowed), found \(instance)"]
            }
        }
        if case .array(let options)? = keywords["enum"], !options.contains(instance) {
            errors.append("\(path): \(instance) is not one of \(options)")
        }
        if let constant = keywords["const"], constant != instance {
            errors.append("\(path): \(instance) is not \(constant)")
        }
        if case .number(let minimum)? = keywords["minLength"], case .string(let text) = instance,
            Double(text.count) < minimum
        {
            errors.append("\(path): string shorter than \(minimum)")
        }
        if case .number(let minimum)? = keywords["minimum"], case .number(let number) = instance, number < minimum {
            errors.append("\(path): \(number) is less than \(minimum)")
        }
        if case .number(let minimum)? = keywords["minItems"], case .array(let items) = instance,
            Double(items.count) < minimum
        {
            errors.append("\(path): fewer than \(minimum) items")
        }
        if case .array(let items) = instance, let itemSchema = keywords["items"] {
            for (index, item) in items.enumerated() {
                errors += validate(item, against: itemSchema, path: "\(path)[\(index)]")
            }
        }
        if case .object(let object) = instance {
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where object[name] == nil {
                    errors.append("\(path): missing required property '\(name)'")
                }
            }
            let properties: [String: JSONValue] = {
                if case .object(let properties)? = keywords["properties"] { return properties }
                return [:]
            }()
            for (name, value) in object.sorted(by: { $0.key < $1.key }) {
                if let propertySchema = properties[name] {
                    errors += validate(value, against: propertySchema, path: "\(path).\(name)")
                } else if keywords["additionalProperties"] == .bool(false) {
                    errors.append("\(path): unexpected property '\(name)'")
                } else if let additional = keywords["additionalProperties"], case .object = additional {
                    errors += validate(value, against: additional, path: "\(path).\(name)")
                }
            }
        }
        if case .array(let alternatives)? = keywords["oneOf"] {
            let passing = alternatives.filter { validate(instance, against: $0, path: path).isEmpty }.count
            if passing != 1 { errors.append("\(path): matches \(passing) of the oneOf alternatives, not exactly 1") }
        }
        return errors
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }
}
