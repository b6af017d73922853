// Independent checks of emitted files: Foundation's parsers, model-derived expectations, python3 when present.
import Foundation
import ManifestCompiler
import Testing

enum OutputCrossCheck {
    /// The `NSExtension` dictionary an extension should have, built from the model here (not by the emitter).
    static func expectedPlist(for declared: NotificationExtension) -> [String: Any] {
        var extensionDictionary: [String: Any] = [
            "NSExtensionPointIdentifier": declared.kind == .content
                ? "com.apple.usernotifications.content-extension" : "com.apple.usernotifications.service"
        ]
        if let storyboard = declared.storyboard { extensionDictionary["NSExtensionMainStoryboard"] = storyboard }
        if let principalClass = declared.principalClass {
            extensionDictionary["NSExtensionPrincipalClass"] = principalClass
        }
        if declared.kind == .content {
            var attributes: [String: Any] = [
                "UNNotificationExtensionCategory": declared.categories.count == 1
                    ? declared.categories[0] as Any : declared.categories as Any
            ]
            if let ratio = declared.initialContentSizeRatio {
                attributes["UNNotificationExtensionInitialContentSizeRatio"] = ratio
            }
            if let value = declared.defaultContentHidden { attributes["UNNotificationExtensionDefaultContentHidden"] = value }
            if let value = declared.overridesDefaultTitle { attributes["UNNotificationExtensionOverridesDefaultTitle"] = value }
            if let value = declared.userInteractionEnabled {
                attributes["UNNotificationExtensionUserInteractionEnabled"] = value
            }
            extensionDictionary["NSExtensionAttributes"] = attributes
        }
        return ["NSExtension": extensionDictionary]
    }

    /// Checks one emitted Info.plist: Foundation parses it to exactly the expected value, re-serialises
    /// the parsed value to the same bytes, and python's plistlib (when available) reads the same value.
    static func checkPlist(
        _ bytes: [UInt8], for declared: NotificationExtension, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let parsed = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        #expect(format == .xml, sourceLocation: sourceLocation)
        let expected = expectedPlist(for: declared)
        #expect(NSDictionary(dictionary: expected).isEqual(parsed), "\(parsed)", sourceLocation: sourceLocation)
        let reserialized = try PropertyListSerialization.data(fromPropertyList: parsed, format: .xml, options: 0)
        #expect(
            String(decoding: reserialized, as: UTF8.self) == String(decoding: bytes, as: UTF8.self),
            "bytes differ from Foundation's serialisation of the same value", sourceLocation: sourceLocation)
        if let python = pythonPlistAsJSON(bytes) {
            let viaPython = try JSONSerialization.jsonObject(with: Data(python.utf8))
            let viaFoundation = try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: parsed))
            #expect(
                NSDictionary(dictionary: viaPython as? [String: Any] ?? [:])
                    .isEqual(viaFoundation as? [String: Any] ?? ["?": 0]),
                "python's plistlib reads a different value", sourceLocation: sourceLocation)
        }
    }

    /// Validates a bundle against docs/notifications.schema.json with the in-tree validator and, when
    /// python3 has `jsonschema`, with that too; and checks it reads back to the model's values.
    static func checkBundle(_ bytes: [UInt8], manifest: Manifest, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let schemaURL = TestPaths.packageRoot.appendingPathComponent("docs/notifications.schema.json")
        let schema = try JSONValue.parse(Data(contentsOf: schemaURL))
        let instance = try JSONValue.parse(Data(bytes))
        let errors = JSONSchemaValidator(root: schema).validate(instance)
        #expect(errors.isEmpty, "\(errors)", sourceLocation: sourceLocation)
        if let pythonErrors = pythonSchemaErrors(bytes, schema: schemaURL) {
            #expect(pythonErrors.isEmpty, "python jsonschema: \(pythonErrors)", sourceLocation: sourceLocation)
        }
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], sourceLocation: sourceLocation)
        let categories = object["categories"] as? [[String: Any]] ?? []
        #expect(categories.map { $0["identifier"] as? String } == manifest.categories.map(\.identifier))
        for (category, json) in zip(manifest.categories, categories) {
            let actions = json["actions"] as? [[String: Any]] ?? []
            #expect(actions.map { $0["identifier"] as? String } == category.actions)
            #expect(actions.map { $0["title"] as? String } == manifest.actions(of: category).map(\.title))
            #expect((json["options"] as? [String]) == category.options.map(\.rawValue))
        }
        let extensions = object["extensions"] as? [[String: Any]] ?? []
        #expect(extensions.map { $0["name"] as? String } == manifest.extensions.map(\.name))
        for (declared, json) in zip(manifest.extensions, extensions) {
            #expect(json["initialContentSizeRatio"] as? Double == declared.initialContentSizeRatio)
        }
    }

    // MARK: - python3

    static let python: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static func runPython(_ script: String, input: [UInt8], arguments: [String] = []) -> (status: Int32, output: String)? {
        guard let python else { return nil }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = Pipe()
        do { try process.run() } catch { return nil }
        stdin.fileHandleForWriting.write(Data(input))
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// python's plistlib reading of a plist, as JSON text; `nil` when python3 is not available.
    static func pythonPlistAsJSON(_ bytes: [UInt8]) -> String? {
        let script = "import sys, json, plistlib; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))"
        guard let result = runPython(script, input: bytes), result.status == 0 else { return nil }
        return result.output
    }

    /// python jsonschema's errors for `bytes`; `nil` when python3 or the jsonschema package is missing.
    static func pythonSchemaErrors(_ bytes: [UInt8], schema: URL) -> [String]? {
        let script = """
            import sys, json
            try:
                import jsonschema
            except ImportError:
                sys.exit(3)
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft202012Validator(schema)
            for error in validator.iter_errors(json.loads(sys.stdin.buffer.read())):
                print(error.message)
            """
        guard let result = runPython(script, input: bytes, arguments: [schema.path]), result.status == 0 else {
            return nil
        }
        return result.output.split(separator: "\n").map(String.init)
    }
}
